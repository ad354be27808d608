import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailVerificationTexts as texts } from '@contract/messages';
import { fakeApi, refusal } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AddressVerification } from './AddressVerification';

afterEach(() => vi.unstubAllGlobals());

const EMAIL = 'rider@example.com';
const session = (emailVerified: boolean) => () =>
  jsonResponse({ user: { email: EMAIL, name: 'Rider', emailVerified } });

describe("My Profile's line about the address", () => {
  it('when the address is verified, then it says so and offers no Resend', async () => {
    fakeApi({ 'GET /api/auth/get-session': session(true) });
    renderWithProviders(<AddressVerification email={EMAIL} />);

    expect(await screen.findByText(texts.statusVerified)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.resend })).not.toBeInTheDocument();
  });

  it('when it is not verified, then Resend sends a new link to the own address and says so', async () => {
    const api = fakeApi({
      'GET /api/auth/get-session': session(false),
      'POST /api/auth/send-verification-email': () => jsonResponse({ status: true }),
    });
    renderWithProviders(<AddressVerification email={EMAIL} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: texts.resend }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.resent);
    expect(api.callsTo('/api/auth/send-verification-email').map(({ body }) => body)).toEqual([{ email: EMAIL }]);
  });

  it('when Resend is pressed too often, then it says to wait', async () => {
    fakeApi({
      'GET /api/auth/get-session': session(false),
      'POST /api/auth/send-verification-email': () => refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many'),
    });
    renderWithProviders(<AddressVerification email={EMAIL} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: texts.resend }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.tooManyTries);
  });
});
