import type { ErrorResponse, FieldError } from '@contract/errors';
import { API_PREFIX, TOTAL_COUNT_HEADER } from '@contract/paths';
import { accessToken } from './access-token';

/**
 * The web app's one error: any refusal (the API's, the identity calls', the card provider's) with
 * its HTTP status, its code (contract/errors.ts), its message for people, and the fields it is about,
 * which a form shows on those fields (`useServerErrors`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: readonly FieldError[] = [],
    /** The whole answer, for a refusal that carries more than its message (a checkout's new figures). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error an answer carries, in the API's shape; a body that is not one still gives status and words. */
export async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ErrorResponse>;
    if (typeof body.message === 'string') {
      const code = typeof body.code === 'string' ? body.code : `HTTP_${response.status}`;
      return new ApiError(response.status, code, body.message, Array.isArray(body.errors) ? body.errors : [], body);
    }
  } catch {
    // not JSON: fall through to the status text
  }
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.statusText || `Request failed (${response.status})`,
  );
}

/**
 * What a 401 to the token in use does, set by the auth provider: it answers true once a fresh token
 * is stored (the session still lives), false when it signed the user out or could not tell.
 */
type UnauthorizedHandler = (refusedToken: string) => Promise<boolean>;
let onUnauthorized: UnauthorizedHandler | undefined;

/** The one place a 401 from the API is handled: a fresh token for a live session, else sign out (docs/decisions/0036). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined) {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Headers of the call's own (`Idempotency-Key`), beside the ones every call sends. */
  headers?: Readonly<Record<string, string>>;
  /** false for the token request itself: its 401 means "no session", not "renew me". */
  renewOn401?: boolean;
}

/** The one way the web app talks to the API: JSON in and out, the bearer token when there is one. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await (await send(path, options)).json()) as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });

/** A page of a list and how many the whole list holds (its `X-Total-Count` header). */
export async function apiGetPage<T>(path: string, signal?: AbortSignal): Promise<{ items: T[]; total: number }> {
  const response = await send(path, { signal });
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isInteger(total) ? total : items.length };
}

/** Sends the call; answers the response when it is ok, throws the API's error when not. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, headers: own, renewOn401 = true } = options;
  const attempt = (token: string | null) =>
    fetch(`${API_PREFIX}${path}`, {
      method,
      headers: {
        ...own,
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  const token = accessToken.get();
  let response = await attempt(token);
  // A 401 to a token that was renewed meanwhile, or whose session still lives, is the store's own
  // bookkeeping, not a reason to sign anyone out: the request goes again, once, with the fresh token.
  if (response.status === 401 && token && renewOn401) {
    const renewed = accessToken.get() !== token || ((await onUnauthorized?.(token)) ?? false);
    if (renewed) response = await attempt(accessToken.get());
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}
