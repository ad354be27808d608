import type { LoginForm, RegisterForm } from '@contract/auth';
import { apiErrors, identityErrorCodes } from '@contract/errors';
import { authErrorMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { ApiError } from '../../lib/api-client';
import { identityCall, toSessionUser, type SessionAnswer, type SessionUser } from './api';

/** The form's words for a refusal (the sign-in error is always shown, in plain words). */
const plainWords = (error: ApiError): string => {
  if (error.code === apiErrors.tooManyAttempts.code) return apiErrors.tooManyAttempts.message;
  if (error.code === identityErrorCodes.wrongCredentials) return authErrorMessages.wrongCredentials;
  if (error.code.startsWith(identityErrorCodes.emailTakenPrefix)) return authErrorMessages.emailTaken;
  if (error.fieldErrors.length > 0) return error.message; // the store's checks on a field say it plainly
  return authErrorMessages.generic;
};

/** An identity call whose refusal is said in the form's words, its code and fields kept. */
async function formCall<T>(path: string, body: unknown): Promise<T> {
  try {
    return await identityCall<T>(path, body);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, error.code, plainWords(error), error.fieldErrors);
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
