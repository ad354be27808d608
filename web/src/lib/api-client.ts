import type { ErrorResponse, FieldError } from '@contract/errors';
import { API_PREFIX, apiPaths, TOTAL_COUNT_HEADER } from '@contract/paths';
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Headers of the call's own (`Idempotency-Key`), beside the ones every call sends. */
  headers?: Readonly<Record<string, string>>;
  /** false for the token request itself: its 401 means "no session", not "renew me". */
  renewOn401?: boolean;
}

/** A JSON call to the API: JSON in and out, the bearer token when there is one. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await (await sendJson(path, options)).json()) as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });

/** A page of a list and how many the whole list holds (its `X-Total-Count` header). */
export async function apiGetPage<T>(path: string, signal?: AbortSignal): Promise<{ items: T[]; total: number }> {
  const response = await sendJson(path, { signal });
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isInteger(total) ? total : items.length };
}

/** A call with JSON in and out, through `send`. */
function sendJson(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, headers: own, renewOn401 = true } = options;
  return send(path, {
    method,
    headers: {
      ...own,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    renewOn401,
  });
}

interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** The body's type, said whatever the browser calls the file (a form says its own). */
  contentType?: string;
  /**
   * How much of the body has gone up, 0 to 100. With it (or `onSent`) the call goes through
   * XMLHttpRequest, whose upload events give the progress fetch cannot.
   */
  onProgress?: (percent: number) => void;
  /** The whole body is sent: the server is working on it, its answer still to come. */
  onSent?: () => void;
}

/** A file or a form to the API (`POST /api/media`, the catalogue's CSV), with the bearer token; answers its JSON. */
export async function apiUpload<T>(path: string, body: FormData | Blob, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', contentType, onProgress, onSent } = options;
  const response = await send(path, {
    method,
    headers: { accept: 'application/json', ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    body,
    transport: onProgress || onSent ? withUploadEvents(onProgress, onSent) : viaFetch,
  });
  return (await response.json()) as T;
}

/** A file the API makes (an invoice, the catalogue's CSV), with the name its `Content-Disposition` gives, if any. */
export interface Download {
  blob: Blob;
  fileName: string | undefined;
}

/** `GET` a file with the bearer token (a plain link could not send it). */
export async function apiDownload(path: string, accept: string): Promise<Download> {
  const response = await send(path, { method: 'GET', headers: { accept } });
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName };
}

/** How long the browser keeps the downloaded file's address: it must outlive the click that saves it. */
const DOWNLOAD_URL_LIFETIME_MS = 10_000;

/**
 * Saves a downloaded file under its name. Saved rather than opened in a tab: a tab opened after the
 * download is no longer the click's, and browsers block it.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

/**
 * A call to the identity side (`/api/auth/...`, better-auth): JSON, POST when it has a body, GET
 * when not. The session's cookie speaks for it, never the access token; its 401 is an answer (no
 * session, a wrong password), not a token to renew.
 */
export async function identityRequest<T>(path: string, body?: unknown): Promise<T> {
  const response = await send(`${apiPaths.auth}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    bearer: false,
  });
  return (await response.json()) as T;
}

/** How one attempt of a call goes out: fetch, or XMLHttpRequest for an upload's progress. */
type Transport = (url: string, init: RequestInit & { headers: Record<string, string> }) => Promise<Response>;

const viaFetch: Transport = (url, init) => fetch(url, init);

/** Statuses whose answer has no body: a Response made with one would throw. */
const NO_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** XMLHttpRequest, telling how the body goes up; its answer as a Response (status and body). */
const withUploadEvents =
  (onProgress?: (percent: number) => void, onSent?: () => void): Transport =>
  (url, { method = 'GET', headers, body }) =>
    new Promise((resolve, reject) => {
      const networkError = () =>
        new ApiError(0, 'NETWORK_ERROR', 'The file could not be sent. Check the connection and try again.');
      const request = new XMLHttpRequest();
      request.open(method, url);
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
      });
      request.upload.addEventListener('load', () => onSent?.());
      request.addEventListener('load', () => {
        const { status, statusText, responseText } = request;
        if (status === 0) reject(networkError());
        else resolve(new Response(NO_BODY_STATUSES.has(status) ? null : responseText, { status, statusText }));
      });
      request.addEventListener('error', () => reject(networkError()));
      request.send(body as XMLHttpRequestBodyInit | null | undefined);
    });

interface Call {
  method: Method;
  /** The call's headers, but for the token, which `send` adds. */
  headers: Record<string, string>;
  body?: BodyInit | undefined;
  signal?: AbortSignal | undefined;
  credentials?: RequestCredentials;
  /** false for the identity calls: the session's cookie speaks for them, not the token. */
  bearer?: boolean;
  /** false for the token request itself: its 401 means "no session", not "renew me". */
  renewOn401?: boolean;
  transport?: Transport;
}

/**
 * Sends every call the web app makes, JSON, file, form or identity: the one place the bearer token
 * goes on a call and a 401 to it is handled. Answers the response when it is ok, throws the API's
 * error when not.
 */
async function send(path: string, call: Call): Promise<Response> {
  const { headers, bearer = true, renewOn401 = true, transport = viaFetch, ...init } = call;
  const attempt = (token: string | null) =>
    transport(`${API_PREFIX}${path}`, {
      ...init,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const token = bearer ? accessToken.get() : null;
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
