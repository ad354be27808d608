import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { AuthContext, type Auth, type AuthState } from '../auth-context';
import { RequireAdmin, RequireAuth, RequireCustomer } from './guards';

const signedIn: AuthState = {
  status: 'signedIn',
  user: { email: 'rider@example.com', displayName: 'Rider', photoURL: null },
  role: 'customer',
};

function authWith(state: AuthState): Auth {
  const never = () => Promise.reject(new Error('not in this test'));
  return { ...state, signIn: never, register: never, signInWithGoogle: never, signOut: never };
}

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>{`at ${location.pathname}${from ? ` from ${from}` : ''}`}</p>;
}

function renderGuarded(state: AuthState, guard: (child: ReactNode) => ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={authWith(state)}>
        <MemoryRouter initialEntries={['/dashboard/guarded']}>
          <Routes>
            <Route path="/dashboard/guarded" element={guard(<p>secret content</p>)} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const answer = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(body))),
  );

afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it('when the session is loading, then a spinner shows and never the content', () => {
    renderGuarded({ status: 'loading' }, (child) => <RequireAuth>{child}</RequireAuth>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('secret content')).not.toBeInTheDocument();
  });

  it('when signed out, then to /login remembering the page', () => {
    renderGuarded({ status: 'signedOut' }, (child) => <RequireAuth>{child}</RequireAuth>);
    expect(screen.getByText('at /login from /dashboard/guarded')).toBeInTheDocument();
  });

  it('when signed in, then the content shows', () => {
    renderGuarded(signedIn, (child) => <RequireAuth>{child}</RequireAuth>);
    expect(screen.getByText('secret content')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('when the server says not admin, then to /login remembering the page', async () => {
    answer({ admin: false });
    renderGuarded(signedIn, (child) => <RequireAdmin>{child}</RequireAdmin>);
    expect(screen.getByRole('status')).toBeInTheDocument(); // while the role is checked
    expect(await screen.findByText('at /login from /dashboard/guarded')).toBeInTheDocument();
  });

  it('when the server says admin, then the content shows', async () => {
    answer({ admin: true });
    renderGuarded(signedIn, (child) => <RequireAdmin>{child}</RequireAdmin>);
    expect(await screen.findByText('secret content')).toBeInTheDocument();
  });
});

describe('RequireCustomer', () => {
  it('when the user is not a customer (an admin), then to /', async () => {
    answer({ users: false });
    renderGuarded(signedIn, (child) => <RequireCustomer>{child}</RequireCustomer>);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('at /')).toBeInTheDocument();
    expect(screen.queryByText('secret content')).not.toBeInTheDocument();
  });

  it('when the user is a customer, then the content shows, and the check was for their own e-mail', async () => {
    answer({ users: true });
    renderGuarded(signedIn, (child) => <RequireCustomer>{child}</RequireCustomer>);
    expect(await screen.findByText('secret content')).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/user/rider%40example.com');
  });
});
