import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginForm, RegisterForm } from '@contract/auth';
import { pagePaths } from '@contract/pages';
import { accessToken } from '../../lib/access-token';
import { ApiError, setUnauthorizedHandler } from '../../lib/api-client';
import { getSession, requestAccessToken, signOutSession, type SessionUser } from './api';
import { AuthContext, type AuthState } from './auth-context';

/** Sign-in's own calls: loaded when someone signs in, not with every page. */
const signInCalls = () => import('./sign-in');

/** Renew the access token this long before it expires, while the session lives. */
const RENEW_BEFORE_MS = 5 * 60_000;

/**
 * Google's popup only reports to the window that opened it and closes: it must not sign in itself,
 * nor forget the token that window shares with it (localStorage is one per origin).
 */
const inGooglePopup = () => window.location.pathname === pagePaths.authPopupDone;

/** A refusal that says the session is over (or was never this user's): nothing to renew. */
const sessionIsGone = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** How long a failed renewal (the network, the server) waits before it tries again. */
const RETRY_RENEWAL_MS = 30_000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() =>
    inGooglePopup() ? { status: 'signedOut' } : { status: 'loading' },
  );
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);
  const queryClient = useQueryClient();

  // The store's own bookkeeping (the reload's session check, token renewals, a 401 to a token that
  // was renewed meanwhile) must never sign anyone out: docs/decisions/0036.
  /** Bumped by every sign-in and sign-out: an answer that arrives after one belongs to the past. */
  const epoch = useRef(0);
  /** The token request in flight: asking twice for one user makes one request. */
  const tokenRequest = useRef<{ email: string; promise: Promise<void> } | undefined>(undefined);
  /** The recovery from a 401 in flight: many requests refused at once make one recovery. */
  const recovery = useRef<Promise<boolean> | undefined>(undefined);
  const [renewalFailures, setRenewalFailures] = useState(0);

  /** After any sign-in: ask the server for the access token, keep it, and only then count as signed in. */
  const establish = useCallback((user: SessionUser): Promise<void> => {
    if (tokenRequest.current?.email === user.email) return tokenRequest.current.promise;
    const started = epoch.current;
    const promise = requestAccessToken(user.email)
      .then(({ token, role, expiresAt }) => {
        if (epoch.current !== started) return; // signed out, or in as someone else, meanwhile
        accessToken.set(token, expiresAt);
        setState({ status: 'signedIn', user, role });
      })
      .finally(() => {
        if (tokenRequest.current?.promise === promise) tokenRequest.current = undefined;
      });
    tokenRequest.current = { email: user.email, promise };
    return promise;
  }, []);

  /** A new sign-in or sign-out starts: whatever the last one still had in flight is dropped. */
  const newEpoch = useCallback(() => {
    epoch.current += 1;
    tokenRequest.current = undefined;
  }, []);

  const forget = useCallback(() => {
    newEpoch();
    accessToken.remove();
    queryClient.removeQueries({ queryKey: ['me'] });
    setState({ status: 'signedOut' });
  }, [newEpoch, queryClient]);

  // A reload keeps the session (an HttpOnly cookie); restore it and a fresh token. A sign-in made
  // while the answer was on its way wins over it.
  useEffect(() => {
    if (inGooglePopup()) return;
    const started = epoch.current;
    getSession()
      .then((user) => (user ? establish(user) : Promise.reject(new Error('signed out'))))
      .catch(() => {
        if (epoch.current === started) forget();
      });
  }, [establish, forget]);

  // The token is renewed 5 minutes before it expires; a renewal the network or the server failed is
  // tried again, and only a session that is over signs the user out.
  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const delay =
      renewalFailures > 0 ? RETRY_RENEWAL_MS : Math.max(accessToken.expiresAt() - Date.now() - RENEW_BEFORE_MS, 10_000);
    const timer = setTimeout(() => {
      establish(state.user).then(
        () => setRenewalFailures(0),
        (error: unknown) => (sessionIsGone(error) ? forget() : setRenewalFailures((count) => count + 1)),
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [state, renewalFailures, establish, forget]);

  // A 401 to the token in use: the session decides. While it lives, a fresh token and the request
  // goes again; once it is over, sign out here and go to /login, remembering the page.
  useEffect(() => {
    async function recover(): Promise<boolean> {
      const started = epoch.current;
      try {
        const user = await getSession();
        if (user) {
          await establish(user);
          return epoch.current === started;
        }
      } catch (error) {
        if (!sessionIsGone(error)) return false; // the network or the server: stay, the call fails
      }
      if (epoch.current !== started) return accessToken.get() !== null;
      forget();
      navigate(pagePaths.login, { replace: true, state: { from: locationRef.current } });
      return false;
    }
    setUnauthorizedHandler((refusedToken) => {
      if (accessToken.get() !== refusedToken) return Promise.resolve(accessToken.get() !== null);
      recovery.current ??= recover().finally(() => {
        recovery.current = undefined;
      });
      return recovery.current;
    });
    return () => setUnauthorizedHandler(undefined);
  }, [navigate, establish, forget]);

  const value = useMemo(
    () => ({
      ...state,
      async signIn(form: LoginForm) {
        const { signInWithEmail } = await signInCalls();
        const user = await signInWithEmail(form);
        newEpoch();
        await establish(user);
      },
      async register(form: RegisterForm) {
        const { registerWithEmail } = await signInCalls();
        const user = await registerWithEmail(form);
        newEpoch();
        await establish(user);
      },
      async signInWithGoogle(popup: Window) {
        const { googleSignInUrl, waitForPopupSignIn } = await signInCalls();
        popup.location.href = await googleSignInUrl();
        // The popup's word can be lost when it closes at once (its channel goes with it): the
        // session decides. A failed or abandoned sign-in leaves none.
        const outcome = await waitForPopupSignIn(popup).then(
          () => undefined,
          (error: unknown) => error,
        );
        const user = await getSession();
        if (!user) throw outcome instanceof Error ? outcome : new Error('no session after Google sign-in');
        newEpoch();
        await establish(user);
      },
      async signOut() {
        await signOutSession();
        forget();
      },
    }),
    [state, establish, forget, newEpoch],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
