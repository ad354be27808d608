import { API_PREFIX } from '@contract/paths';

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

/** The one way the web app talks to the API. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`${API_PREFIX}${path}`, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as T;
}
