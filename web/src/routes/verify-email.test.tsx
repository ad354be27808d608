import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailVerificationTexts as texts } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { AuthContext, type Auth } from '../features/auth/auth-context';
import { fakeApi, refusal } from '../test/fake-api';
import { jsonResponse, renderWithProviders } from '../test/render';
import { Component as VerifyEmailPage } from './verify-email';

afterEach(() => vi.unstubAllGlobals());

function openAt(url: string, status: 'signedIn' | 'signedOut' = 'signedOut') {
  const auth = { status } as unknown as Auth;
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <Routes>
        <Route path={pagePaths.verifyEmail} element={<VerifyEmailPage />} />
      </Routes>
    </AuthContext.Provider>,
    { url },
  );
}

describe('the verify-email page', () => {
  it("when the e-mail's link is opened, then the token is sent once and the page says the e-mail is verified", async () => {
    const api = fakeApi({ 'GET /api/auth/verify-email': () => jsonResponse({ status: true, user: null }) });
    openAt(`${pagePaths.verifyEmail}?token=a.b%2Bc`);

    expect(await screen.findByText(texts.verified)).toBeInTheDocument();
    expect(api.callsTo('/api/auth/verify-email').map(({ url }) => url)).toEqual([
      '/api/auth/verify-email?token=a.b%2Bc',
    ]);
    expect(screen.getByRole('link', { name: texts.toLogin })).toHaveAttribute('href', pagePaths.login);
  });

  it('when the link is over a day old, then it says so and, signed in, leads to My Profile to ask again', async () => {
    fakeApi({ 'GET /api/auth/verify-email': () => refusal(401, 'TOKEN_EXPIRED', 'token expired') });
    openAt(`${pagePaths.verifyEmail}?token=old`, 'signedIn');

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.linkInvalid);
    expect(screen.queryByText(texts.verified)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.toProfile })).toHaveAttribute('href', pagePaths.dashboard);
  });

  it('when it is opened without a token, then it says the link is not valid and asks nothing', () => {
    const api = fakeApi({});
    openAt(pagePaths.verifyEmail);

    expect(screen.getByRole('alert')).toHaveTextContent(texts.linkInvalid);
    expect(api.calls).toEqual([]);
  });
});
