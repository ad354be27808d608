import { API_PREFIX } from '@contract/paths';
import { accessToken } from './access-token';

/** An API answer other than 2xx, with the server's message for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return new ApiError(response.status, body.message);
  } catch {
    // not JSON: fall through to the status text
  }
  return new ApiError(response.status, response.statusText || `Request failed (${response.status})`);
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
}

/** The one way the web app talks to the API: JSON in and out, the bearer token when there is one. */
export async function apiRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
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
