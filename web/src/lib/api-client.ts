import type { ErrorResponse, FieldError } from '@contract/errors';
import { API_PREFIX } from '@contract/paths';
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

let onUnauthorized: (() => void) | undefined;

/** The one place a 401 from the API turns into "sign out and go to login" (set by the auth provider). */
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Headers of the call's own (`Idempotency-Key`), beside the ones every call sends. */
  headers?: Readonly<Record<string, string>>;
}

/** The one way the web app talks to the API: JSON in and out, the bearer token when there is one. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, headers: own }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...own, accept: 'application/json' };
  const token = accessToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${API_PREFIX}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status === 401 && token) onUnauthorized?.();
    throw error;
  }
  return (await response.json()) as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
