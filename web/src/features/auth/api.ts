import type { LoginForm, RegisterForm } from '@contract/auth';
import { authErrorMessages } from '@contract/messages';
import { API_PREFIX, apiPaths, pagePaths } from '@contract/paths';
import type { TokenResponse } from '@contract/users';
import { apiRequest } from '../../lib/api-client';

/** The signed-in person, as the identity side knows them. */
export interface SessionUser {
  email: string;
  displayName: string;
  photoURL: string | null;
}

const AUTH = `${API_PREFIX}${apiPaths.auth}`;

/** A failed sign-in or sign-up, already in plain words for the form. */
export class AuthError extends Error {}

const plainWords = (status: number, code: string | undefined): string => {
  if (status === 429) return authErrorMessages.tooManyAttempts;
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return authErrorMessages.wrongCredentials;
  if (code?.startsWith('USER_ALREADY_EXISTS')) return authErrorMessages.emailTaken;
  return authErrorMessages.generic;
};

async function identityCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${AUTH}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { code?: string };
    throw new AuthError(plainWords(response.status, error.code));
  }
  return (await response.json()) as T;
}

interface SessionAnswer {
  user: { email: string; name: string; image?: string | null };
}

const toSessionUser = ({ user }: SessionAnswer): SessionUser => ({
  email: user.email,
  displayName: user.name,
  photoURL: user.image ?? null,
});

export async function getSession(): Promise<SessionUser | null> {
  const answer = await identityCall<SessionAnswer | null>('/get-session');
  return answer?.user ? toSessionUser(answer) : null;
}

export async function signInWithEmail(form: LoginForm): Promise<SessionUser> {
  return toSessionUser(await identityCall<SessionAnswer>('/sign-in/email', form));
}

/** One call creates the account with its display name and photo (spec: create, then update the profile). */
export async function registerWithEmail(form: RegisterForm): Promise<SessionUser> {
  return toSessionUser(
    await identityCall<SessionAnswer>('/sign-up/email', {
      name: form.name,
      email: form.email,
      password: form.password,
      image: form.photoURL,
    }),
  );
}

export async function signOutSession(): Promise<void> {
  await identityCall('/sign-out', {}).catch(() => undefined);
}

/** Starts Google sign-in; answers the provider's address for the popup to open. */
export async function googleSignInUrl(): Promise<string> {
  const { url } = await identityCall<{ url: string }>('/sign-in/social', {
    provider: 'google',
    callbackURL: pagePaths.authPopupDone,
    errorCallbackURL: `${pagePaths.authPopupDone}?error=1`,
    disableRedirect: true,
  });
  return url;
}

/** `PUT /api/user/{email}` with `{eamil}`: the API's access token for the session's user. */
export const requestAccessToken = (email: string) =>
  apiRequest<TokenResponse>(apiPaths.userToken(email), { method: 'PUT', body: { eamil: email } });
