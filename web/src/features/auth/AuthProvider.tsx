import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginForm, RegisterForm } from '@contract/auth';
import { pagePaths } from '@contract/pages';
import { accessToken } from '../../lib/access-token';
import { setUnauthorizedHandler } from '../../lib/api-client';
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

  /** After any sign-in: ask the server for the access token, keep it, and only then count as signed in. */
  const establish = useCallback(async (user: SessionUser) => {
    const { token, role, expiresAt } = await requestAccessToken(user.email);
    accessToken.set(token, expiresAt);
    setState({ status: 'signedIn', user, role });
  }, []);

  const forget = useCallback(() => {
    accessToken.remove();
    queryClient.removeQueries({ queryKey: ['me'] });
    setState({ status: 'signedOut' });
  }, [queryClient]);

  // A reload keeps the session (an HttpOnly cookie); restore it and a fresh token.
  useEffect(() => {
    if (inGooglePopup()) return;
    let cancelled = false;
    getSession()
      .then((user) => (user ? establish(user) : Promise.reject(new Error('signed out'))))
      .catch(() => {
        if (!cancelled) forget();
      });
    return () => {
      cancelled = true;
    };
  }, [establish, forget]);

  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const delay = Math.max(accessToken.expiresAt() - Date.now() - RENEW_BEFORE_MS, 10_000);
    const timer = setTimeout(() => void establish(state.user).catch(forget), delay);
    return () => clearTimeout(timer);
  }, [state, establish, forget]);

  // Any 401 from the API: sign out and go to /login, remembering the page.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void signOutSession();
      forget();
      navigate(pagePaths.login, { replace: true, state: { from: locationRef.current } });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [navigate, forget]);

  const value = useMemo(
    () => ({
      ...state,
      async signIn(form: LoginForm) {
        const { signInWithEmail } = await signInCalls();
        await establish(await signInWithEmail(form));
      },
      async register(form: RegisterForm) {
        const { registerWithEmail } = await signInCalls();
        await establish(await registerWithEmail(form));
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
        await establish(user);
      },
      async signOut() {
        await signOutSession();
        forget();
      },
    }),
    [state, establish, forget],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
