import type { LoginForm, RegisterForm } from '@contract/auth';
import { authErrorMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { identityCall, IdentityCallError, toSessionUser, type SessionAnswer, type SessionUser } from './api';

/** A failed sign-in or sign-up, already in plain words for the form. */
export class AuthError extends Error {}

const plainWords = (status: number, code: string | undefined): string => {
  if (status === 429) return authErrorMessages.tooManyAttempts;
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return authErrorMessages.wrongCredentials;
  if (code?.startsWith('USER_ALREADY_EXISTS')) return authErrorMessages.emailTaken;
  return authErrorMessages.generic;
};

/** An identity call whose refusal is said in the form's words. */
async function formCall<T>(path: string, body: unknown): Promise<T> {
  try {
    return await identityCall<T>(path, body);
  } catch (error) {
    if (error instanceof IdentityCallError) throw new AuthError(plainWords(error.status, error.code));
    throw error;
  }
}

export async function signInWithEmail(form: LoginForm): Promise<SessionUser> {
  return toSessionUser(await formCall<SessionAnswer>('/sign-in/email', form));
}

/** One call creates the account with its display name and photo (spec: create, then update the profile). */
export async function registerWithEmail(form: RegisterForm): Promise<SessionUser> {
  return toSessionUser(
    await formCall<SessionAnswer>('/sign-up/email', {
      name: form.name,
      email: form.email,
      password: form.password,
      image: form.photoURL,
    }),
  );
}

/** Starts Google sign-in; answers the provider's address for the popup to open. */
export async function googleSignInUrl(): Promise<string> {
  const { url } = await formCall<{ url: string }>('/sign-in/social', {
    provider: 'google',
    callbackURL: pagePaths.authPopupDone,
    errorCallbackURL: `${pagePaths.authPopupDone}?error=1`,
    disableRedirect: true,
  });
  return url;
}

export { waitForPopupSignIn } from './google-popup';
