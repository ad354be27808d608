import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { useAuth, type Auth } from './auth-context';
import { AuthProvider } from './AuthProvider';

/**
 * The store's own bookkeeping never signs a customer out: the reload's session check answering
 * late, a token renewed while another was in use, a renewal the network failed. Only a session
 * that is over does (docs/decisions/0036).
 */

const MINUTE = 60_000;
const rider = { email: 'rider@example.com', name: 'Rider', image: null };
const refused = () =>
  jsonResponse(
    { statusCode: 401, error: 'Unauthorized', code: 'TOKEN_INVALID', message: 'Please sign in again' },
    { status: 401 },
  );

/** The provider's answer as the page last drew it, for the test to call. */
const drawn: { auth?: Auth } = {};
function WhoIsIn() {
  const auth = useAuth();
  useEffect(() => {
    drawn.auth = auth;
  });
  return <p>{auth.status === 'signedIn' ? `in as ${auth.user.displayName}` : auth.status}</p>;
}

/** The identity and API calls the provider makes, answered as a test says; every call is noted. */
function fakeServer() {
  const calls: string[] = [];
  let tokens = 0;
  const server = {
    calls,
    /** The session the cookie carries: a user, or null once it is over. */
    session: rider as typeof rider | null,
    /** The reload's session check, held until the test lets it answer. */
    sessionCheck: undefined as Promise<void> | undefined,
    /** The token the garage accepts; any other is refused with 401. */
    validToken: 'token-1',
    tokenRequestFails: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const bearer = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? null;
      calls.push(`${init?.method ?? 'GET'} ${url}${bearer ? ` ${bearer}` : ''}`);
      if (url.endsWith('/api/auth/get-session')) {
        const answer = server.session;
        if (server.sessionCheck) await server.sessionCheck;
        return jsonResponse(answer ? { user: answer } : null);
      }
      if (url.endsWith('/api/auth/sign-up/email')) {
        server.session = rider;
        return jsonResponse({ user: rider });
      }
      if (url.includes('/api/user/')) {
        if (server.tokenRequestFails) throw new TypeError('Failed to fetch');
        if (!server.session) return refused();
        tokens += 1;
        server.validToken = `token-${tokens}`;
        return jsonResponse({
          token: server.validToken,
          role: 'customer',
          expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
        });
      }
      if (url.endsWith('/api/garage')) return bearer === server.validToken ? jsonResponse([]) : refused();
      throw new Error(`unexpected call ${url}`);
    }),
  );
  return server;
}

const renderProvider = () =>
  renderWithProviders(
    <AuthProvider>
      <WhoIsIn />
    </AuthProvider>,
    { url: '/dashboard/garage', showLocation: true },
  );

const register = () =>
  act(() => {
    if (!drawn.auth) throw new Error('the provider has not drawn yet');
    return drawn.auth.register({ name: 'Rider', email: rider.email, password: 'brake-pads-42', photoURL: '' });
  });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AuthProvider and the store’s bookkeeping', () => {
  it('when the reload’s session check answers "signed out" after the visitor registered, then they stay signed in', async () => {
    const server = fakeServer();
    server.session = null;
    let answer!: () => void;
    server.sessionCheck = new Promise((resolve) => (answer = resolve));
    renderProvider();
    await register();
    expect(screen.getByText('in as Rider')).toBeInTheDocument();

    await act(async () => answer());

    expect(screen.getByText('in as Rider')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('token-1');
  });

  it('when requests meet 401 while the session lives, then one new token is fetched, each request goes again, and nobody is signed out', async () => {
    const server = fakeServer();
    renderProvider();
    await vi.waitFor(() => expect(screen.getByText('in as Rider')).toBeInTheDocument());
    server.validToken = 'renewed elsewhere'; // the token in use goes bad, the session lives

    const answers = await Promise.all([apiGet('/garage'), apiGet('/garage'), apiGet('/garage')]);

    expect(answers).toEqual([[], [], []]);
    expect(server.calls.filter((call) => call.includes('/api/user/'))).toHaveLength(2); // the reload's, one renewal
    expect(server.calls.filter((call) => call.startsWith('GET /api/garage token-2'))).toHaveLength(3);
    expect(server.calls.some((call) => call.includes('/sign-out'))).toBe(false);
    expect(screen.getByText('in as Rider')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/garage');
  });

  it('when a request meets 401 and the session is over, then the user is signed out here and sent to /login', async () => {
    const server = fakeServer();
    renderProvider();
    await vi.waitFor(() => expect(screen.getByText('in as Rider')).toBeInTheDocument());
    server.session = null; // signed out everywhere, or the password changed
    server.validToken = 'none';

    await expect(apiGet('/garage')).rejects.toMatchObject({ status: 401, code: 'TOKEN_INVALID' });

    await vi.waitFor(() => expect(screen.getByText('signedOut')).toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(server.calls.some((call) => call.includes('/sign-out'))).toBe(false); // nothing left to end
  });

  it('when a renewal fails on the network, then the user stays signed in and it is tried again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = fakeServer();
    renderProvider();
    await vi.waitFor(() => expect(screen.getByText('in as Rider')).toBeInTheDocument());
    server.tokenRequestFails = true;

    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE + 1000)); // the renewal, 5 minutes before expiry
    expect(screen.getByText('in as Rider')).toBeInTheDocument();

    server.tokenRequestFails = false;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(localStorage.getItem('accessToken')).toBe('token-2');
    expect(screen.getByText('in as Rider')).toBeInTheDocument();
  });
});
