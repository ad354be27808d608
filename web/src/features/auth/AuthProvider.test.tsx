import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { useAuth } from './auth-context';
import { AuthProvider } from './AuthProvider';

const MINUTE = 60_000;

function WhoIsIn() {
  const auth = useAuth();
  return <p>{auth.status === 'signedIn' ? `in as ${auth.user.displayName}` : auth.status}</p>;
}

describe('AuthProvider', () => {
  let tokenRequests: number;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    tokenRequests = 0;
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) => {
        const url = String(input);
        if (url.endsWith('/api/auth/get-session')) {
          return Promise.resolve(jsonResponse({ user: { email: 'rider@example.com', name: 'Rider', image: null } }));
        }
        tokenRequests += 1;
        return Promise.resolve(
          jsonResponse({
            token: `token-${tokenRequests}`,
            role: 'customer',
            expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
          }),
        );
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('when a session exists, then a token is fetched and renewed 5 minutes before it expires', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AuthProvider>
            <WhoIsIn />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(screen.getByText('in as Rider')).toBeInTheDocument());
    expect(tokenRequests).toBe(1);
    expect(localStorage.getItem('accessToken')).toBe('token-1');

    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(tokenRequests).toBe(1); // not yet: the token has 6 minutes left

    await vi.advanceTimersByTimeAsync(1 * MINUTE + 1000);
    expect(tokenRequests).toBe(2);
    expect(localStorage.getItem('accessToken')).toBe('token-2');
  });
});
