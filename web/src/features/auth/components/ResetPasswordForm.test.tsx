import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordResetTexts, validationMessages } from '@contract/messages';
import { fakeApi, refusal } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ResetPasswordForm } from './ResetPasswordForm';

const RESET = '/api/auth/reset-password';

afterEach(() => vi.unstubAllGlobals());

async function resetWith(newPassword: string, confirmPassword: string) {
  const onReset = vi.fn();
  const onInvalidLink = vi.fn();
  renderWithProviders(<ResetPasswordForm token="token-of-the-link" onReset={onReset} onInvalidLink={onInvalidLink} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: passwordResetTexts.resetButton }));
  return { onReset, onInvalidLink };
}

describe('ResetPasswordForm', () => {
  it("when both passwords match the rules, then the link's token and the new password are sent, and the page moves on", async () => {
    const api = fakeApi({ [`POST ${RESET}`]: () => jsonResponse({ status: true }) });
    const { onReset, onInvalidLink } = await resetWith('a-new-password', 'a-new-password');

    await waitFor(() => expect(onReset).toHaveBeenCalledOnce());
    expect(api.callsTo(RESET, 'POST').map((call) => call.body)).toEqual([
      { token: 'token-of-the-link', newPassword: 'a-new-password' },
    ]);
    expect(onInvalidLink).not.toHaveBeenCalled();
  });

  it('when the two passwords differ, then Confirm password says so and nothing is sent', async () => {
    const api = fakeApi({});
    const { onReset } = await resetWith('a-new-password', 'a-new-passwort');

    expect(await screen.findByText(validationMessages.passwordsDiffer)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(validationMessages.passwordsDiffer);
    expect(api.calls).toEqual([]);
    expect(onReset).not.toHaveBeenCalled();
  });

  it("when the new password is shorter than sign-up's minimum, then it is refused with sign-up's message", async () => {
    const api = fakeApi({});
    await resetWith('abc', 'abc');

    expect(await screen.findByText(validationMessages.passwordTooShort)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('when the store says the token is no good (used, too old, unknown), then the page is told the link is invalid', async () => {
    fakeApi({ [`POST ${RESET}`]: () => refusal(400, 'INVALID_TOKEN', 'Invalid token') });
    const { onReset, onInvalidLink } = await resetWith('a-new-password', 'a-new-password');

    await waitFor(() => expect(onInvalidLink).toHaveBeenCalledOnce());
    expect(onReset).not.toHaveBeenCalled();
  });

  it('when the store refuses for another reason, then the reason shows under the form and the form stays', async () => {
    fakeApi({ [`POST ${RESET}`]: () => refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many sign-in attempts.') });
    const { onInvalidLink } = await resetWith('a-new-password', 'a-new-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetTexts.tooManyTries);
    expect(onInvalidLink).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: passwordResetTexts.resetButton })).toBeEnabled();
  });
});
