import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

type User = ReturnType<typeof userEvent.setup>;

/** A page with a button that asks; `busy` as the caller's action would set it. */
function Asking({ onConfirm = () => {}, busy = false }: { onConfirm?: () => void; busy?: boolean }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        Remove the brake lever
      </button>
      <ConfirmDialog
        show={show}
        question="Remove the brake lever?"
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={() => setShow(false)}
      >
        It cannot be undone.
      </ConfirmDialog>
    </>
  );
}

const open = async (user: User) => {
  await user.click(screen.getByRole('button', { name: 'Remove the brake lever' }));
  return screen.findByRole('dialog', { name: 'Remove the brake lever?' });
};

describe('ConfirmDialog', () => {
  it('when it opens, then it is a dialog named by its question, described by its text, with focus on Cancel', async () => {
    const user = userEvent.setup();
    render(<Asking />);

    const dialog = await open(user);

    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it.each([
    ['Cancel', (user: User) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', (user: User) => user.keyboard('{Escape}')],
  ])('when %s is chosen, then it closes without confirming and focus is back on the opener', async (_, decline) => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    await open(user);

    await decline(user);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove the brake lever' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('when the action is running, then its button says so and neither it nor Cancel nor Escape does anything', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} busy />);
    const dialog = await open(user);

    expect(screen.getByRole('button', { name: 'Removing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
