import { apiPaths } from '@contract/paths';
import type { TokenResponse } from '@contract/users';
import { apiRequest, identityRequest } from '../../lib/api-client';

/**
 * The session calls every page makes. Signing in, registering and Google's start live in
 * sign-in.ts, loaded when someone signs in: most visitors never do.
 */

/** The signed-in person, as the identity side knows them. */
export interface SessionUser {
  email: string;
  displayName: string;
  photoURL: string | null;
}

/** A call to the identity side, `/api/auth` + path: the session's cookie, never the access token. */
export const identityCall = identityRequest;

export interface SessionAnswer {
  user: { email: string; name: string; image?: string | null };
}

export const toSessionUser = ({ user }: SessionAnswer): SessionUser => ({
  email: user.email,
  displayName: user.name,
  photoURL: user.image ?? null,
});

export async function getSession(): Promise<SessionUser | null> {
  const answer = await identityCall<SessionAnswer | null>('/get-session');
  return answer?.user ? toSessionUser(answer) : null;
}

export async function signOutSession(): Promise<void> {
  await identityCall('/sign-out', {}).catch(() => undefined);
}

/** `PUT /api/user/{email}` with `{eamil}`: the API's access token for the session's user. */
export const requestAccessToken = (email: string) =>
  apiRequest<TokenResponse>(apiPaths.userToken(email), { method: 'PUT', body: { eamil: email }, renewOn401: false });
