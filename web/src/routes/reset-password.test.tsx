import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordResetTexts } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { AuthContext, type Auth } from '../features/auth/auth-context';
import { fakeApi, refusal } from '../test/fake-api';
import { jsonResponse, renderWithProviders } from '../test/render';
import { Component as LoginPage } from './login';
import { Component as ResetPasswordPage } from './reset-password';

afterEach(() => vi.unstubAllGlobals());

function openAt(url: string) {
  const auth = { status: 'signedOut', signOut: vi.fn() } as unknown as Auth;
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <Routes>
        <Route path={pagePaths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={pagePaths.login} element={<LoginPage />} />
      </Routes>
    </AuthContext.Provider>,
    { url, showLocation: true },
  );
}

async function setNewPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), 'a-new-password');
  await user.type(screen.getByLabelText('Confirm password'), 'a-new-password');
  await user.click(screen.getByRole('button', { name: passwordResetTexts.resetButton }));
}

const askAgainLink = () => screen.getByRole('link', { name: passwordResetTexts.askAgain });

describe('the reset-password page', () => {
  it('when it is opened without a token, then it says the link is not valid and links to Forgot password', () => {
    fakeApi({});
    openAt(pagePaths.resetPassword);

    expect(screen.getByRole('alert')).toHaveTextContent(passwordResetTexts.linkInvalid);
    expect(askAgainLink()).toHaveAttribute('href', pagePaths.forgotPassword);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('when the token was used already, then the form gives way to the same message and link', async () => {
    fakeApi({ 'POST /api/auth/reset-password': () => refusal(400, 'INVALID_TOKEN', 'Invalid token') });
    openAt(`${pagePaths.resetPassword}?token=used-token`);
    await setNewPassword();

    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetTexts.linkInvalid);
    expect(askAgainLink()).toHaveAttribute('href', pagePaths.forgotPassword);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('when the password is reset, then /login opens with the notice that the new one is the one to use', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password': () => jsonResponse({ status: true }) });
    openAt(`${pagePaths.resetPassword}?token=good-token`);
    await setNewPassword();

    expect(await screen.findByRole('status')).toHaveTextContent(passwordResetTexts.passwordChanged);
    expect(screen.getByTestId('location')).toHaveTextContent(pagePaths.login);
    expect(api.callsTo('/api/auth/reset-password')[0]?.body).toEqual({
      token: 'good-token',
      newPassword: 'a-new-password',
    });
    expect(screen.getByRole('link', { name: passwordResetTexts.forgotLink })).toHaveAttribute(
      'href',
      pagePaths.forgotPassword,
    );
  });
});
