import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordResetTexts, validationMessages } from '@contract/messages';
import { fakeApi, refusal } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ForgotPasswordForm } from './ForgotPasswordForm';

const REQUEST = '/api/auth/request-password-reset';
/** better-auth's answer, the same whether the e-mail has an account or not. */
const sameAnswer = () =>
  jsonResponse({ status: true, message: 'If this email exists in our system, check your email' });

afterEach(() => vi.unstubAllGlobals());

async function askFor(email: string) {
  renderWithProviders(<ForgotPasswordForm />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: passwordResetTexts.sendLink }));
}

describe('ForgotPasswordForm', () => {
  it('when an e-mail is sent, then it asks for a link for that e-mail and says only that one is on its way if it has an account', async () => {
    const api = fakeApi({ [`POST ${REQUEST}`]: sameAnswer });
    await askFor(' Ana@Example.com ');

    expect(await screen.findByRole('status')).toHaveTextContent(passwordResetTexts.linkSent);
    expect(api.callsTo(REQUEST, 'POST').map((call) => call.body)).toEqual([{ email: 'ana@example.com' }]);
    expect(screen.queryByRole('button', { name: passwordResetTexts.sendLink })).not.toBeInTheDocument();
  });

  it('when the e-mail is not an address, then the field says so and nothing is asked', async () => {
    const api = fakeApi({ [`POST ${REQUEST}`]: sameAnswer });
    await askFor('not-an-address');

    expect(await screen.findByText(validationMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('when the store refuses for too many tries, then the form says to wait, in plain words', async () => {
    fakeApi({
      [`POST ${REQUEST}`]: () => refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many sign-in attempts. Please wait a minute.'),
    });
    await askFor('ana@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetTexts.tooManyTries);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
