import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../lib/toast';
import { ToastHost } from './ToastHost';

describe('ToastHost', () => {
  it('when no toast has been asked for, then no container is there; the first toast brings it and shows', async () => {
    const { container } = render(<ToastHost />);
    expect(container).toBeEmptyDOMElement();

    showToast('success', 'Order confirmed');
    showToast('error', 'DELETE');

    expect(await screen.findByText('Order confirmed')).toBeInTheDocument();
    expect(await screen.findByText('DELETE')).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast--error')).toHaveTextContent('DELETE');
  });
});
