import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FetchError } from './FetchError';

describe('FetchError', () => {
  it('when given an Error, then it says what could not be loaded followed by the error message', () => {
    render(<FetchError what="the parts" error={new Error('Server exploded')} onRetry={() => {}} />);

    expect(screen.getByText('We could not load the parts. Server exploded')).toBeInTheDocument();
  });

  it('when the error is not an Error, then only the sentence is shown', () => {
    render(<FetchError what="the parts" error="weird" onRetry={() => {}} />);

    expect(screen.getByText('We could not load the parts.')).toBeInTheDocument();
    expect(screen.queryByText(/weird/)).not.toBeInTheDocument();
  });

  it('when the Retry button is clicked, then onRetry is called once', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<FetchError what="the parts" error={new Error('Server exploded')} onRetry={onRetry} />);

    expect(onRetry).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
