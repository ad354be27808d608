import { vi } from 'vitest';
import { jsonResponse } from './render';

/** What a test's fake API answers for `METHOD /api/path` (no query); `url` carries the query. */
export type FakeRoute = (url: URL, body: unknown, call: RecordedCall) => Response | Promise<Response>;

export interface RecordedCall {
  method: string;
  /** Path and query as sent, `/api/cart`. */
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Stands in for the API: each call is recorded (with its headers) and answered by the route for its
 * method and path; any other call answers 404 in the API's shape. A route may throw, as fetch does
 * when the network fails.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://store.test');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname}`];
    if (!route) {
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'No such route' }, { status: 404 });
    }
    return route(url, call.body, call);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls made to one path, e.g. '/api/cart'. */
  const callsTo = (path: string, method?: string) =>
    calls.filter((call) => call.url.split('?')[0] === path && (method === undefined || call.method === method));
  return { calls, callsTo };
}

/** An API refusal in the API's shape. */
export const refusal = (
  statusCode: number,
  code: string,
  message: string,
  errors?: { field: string; message: string }[],
) =>
  jsonResponse({ statusCode, error: 'Refused', code, message, ...(errors ? { errors } : {}) }, { status: statusCode });
