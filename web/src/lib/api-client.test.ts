import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessToken } from './access-token';
import { ApiError, apiDownload, apiGet, apiUpload, identityRequest, setUnauthorizedHandler } from './api-client';

const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init });

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
  accessToken.remove();
});

describe('apiGet', () => {
  it('when called with a path, then it fetches /api + path asking for JSON and returns the parsed body', async () => {
    const fetchMock = stubFetch(jsonResponse([{ id: 1 }]));
    const controller = new AbortController();

    const result = await apiGet<{ id: number }[]>('/products?limit=6', controller.signal);

    expect(result).toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/products?limit=6');
    expect(init?.headers).toEqual({ accept: 'application/json' });
    expect(init?.signal).toBe(controller.signal);
  });

  it('when the API answers non-2xx with a JSON error body, then it throws an ApiError with its status, code and message', async () => {
    stubFetch(
      jsonResponse(
        { statusCode: 404, error: 'Not Found', code: 'PRODUCT_NOT_FOUND', message: 'No product with that id' },
        { status: 404, statusText: 'Not Found' },
      ),
    );

    const error = await rejectionOf(apiGet('/products/00000000-0000-4000-8000-000000000001'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
      message: 'No product with that id',
      fieldErrors: [],
    });
  });

  it('when the refusal names fields, then the error keeps them for the form', async () => {
    const errors = [{ field: 'body.quantity', message: 'You cannot order more than our stock' }];
    stubFetch(
      jsonResponse(
        { statusCode: 400, error: 'Bad Request', code: 'QUANTITY_ABOVE_STOCK', message: errors[0]?.message, errors },
        { status: 400 },
      ),
    );

    const error = await rejectionOf(apiGet('/myOrder'));

    expect(error).toMatchObject({ status: 400, code: 'QUANTITY_ABOVE_STOCK', fieldErrors: errors });
  });

  it('when the error body is not JSON, then the message falls back to the status text', async () => {
    stubFetch(new Response('<html>upstream down</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await rejectionOf(apiGet('/products'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('when the JSON error body has no string message, then the message falls back to the status text', async () => {
    stubFetch(jsonResponse({ statusCode: 500 }, { status: 500, statusText: 'Internal Server Error' }));

    const error = await rejectionOf(apiGet('/reviews'));

    expect(error).toMatchObject({ status: 500, message: 'Internal Server Error' });
  });

  it('when the error body is not JSON and there is no status text, then the message names the status', async () => {
    stubFetch(new Response('nope', { status: 503 }));

    const error = await rejectionOf(apiGet('/reviews'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: 'Request failed (503)' });
  });

  it('when fetch itself fails, then that error reaches the caller unchanged', async () => {
    const networkError = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(networkError));

    await expect(apiGet('/products')).rejects.toBe(networkError);
  });
});

/** A call as the server saw it: through fetch or XMLHttpRequest alike. */
interface SeenCall {
  via: 'fetch' | 'xhr';
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Stands in for the server behind both fetch and XMLHttpRequest: each call is noted and gets the
 * next answer. An XMLHttpRequest's body goes up in two halves (progress events), then its answer.
 */
function fakeServer(...answers: (() => Response)[]) {
  const seen: SeenCall[] = [];
  const next = () => {
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left for this call');
    return answer();
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      seen.push({ via: 'fetch', method: init?.method ?? 'GET', url: String(input), headers, body: init?.body });
      return Promise.resolve(next());
    }),
  );
  class FakeXhr {
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    private readonly call: SeenCall = { via: 'xhr', method: '', url: '', headers: {}, body: undefined };
    status = 0;
    statusText = '';
    responseText = '';
    open(method: string, url: string) {
      Object.assign(this.call, { method, url });
    }
    setRequestHeader(name: string, value: string) {
      this.call.headers[name] = value;
    }
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    send(body: unknown) {
      this.call.body = body;
      seen.push(this.call);
      const response = next();
      void response.text().then((text) => {
        for (const loaded of [512, 1024])
          this.upload.dispatchEvent(
            Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 1024 }),
          );
        this.upload.dispatchEvent(new Event('load'));
        Object.assign(this, { status: response.status, statusText: response.statusText, responseText: text });
        this.events.dispatchEvent(new Event('load'));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return seen;
}

const signedInWith = (token: string) => accessToken.set(token, new Date(Date.now() + 3_600_000).toISOString());

const refused401 = () =>
  jsonResponse(
    { statusCode: 401, error: 'Unauthorized', code: 'TOKEN_INVALID', message: 'Please sign in again' },
    { status: 401, statusText: 'Unauthorized' },
  );

const pdf = () =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="invoice-INV-000042.pdf"' },
  });

describe('apiUpload', () => {
  it('when a file goes up with a progress callback, then it reports each share sent, then the end of the upload, and sends the bearer token', async () => {
    const seen = fakeServer(() => jsonResponse({ created: 1, updated: 0 }));
    signedInWith('admin-token');
    const phases: string[] = [];
    const file = new Blob(['sku,name\n'], { type: 'application/vnd.ms-excel' });

    const result = await apiUpload<{ created: number }>('/admin/catalogue.csv', file, {
      contentType: 'text/csv',
      onProgress: (percent) => phases.push(`${percent}%`),
      onSent: () => phases.push('sent'),
    });

    expect(result).toEqual({ created: 1, updated: 0 });
    expect(phases).toEqual(['50%', '100%', 'sent']);
    expect(seen).toEqual([
      {
        via: 'xhr',
        method: 'POST',
        url: '/api/admin/catalogue.csv',
        headers: { accept: 'application/json', 'content-type': 'text/csv', authorization: 'Bearer admin-token' },
        body: file,
      },
    ]);
  });

  it('when a form goes up without a progress callback, then it is posted as the form itself with the bearer token', async () => {
    const seen = fakeServer(() => jsonResponse({ url: '/media/a-960.webp' }, { status: 201 }));
    signedInWith('admin-token');
    const form = new FormData();
    form.append('file', new Blob(['photo']), 'caliper.jpg');

    await expect(apiUpload('/media', form)).resolves.toEqual({ url: '/media/a-960.webp' });

    expect(seen).toEqual([
      {
        via: 'fetch',
        method: 'POST',
        url: '/api/media',
        headers: { accept: 'application/json', authorization: 'Bearer admin-token' },
        body: form,
      },
    ]);
  });

  it('when the store refuses the file, then the refusal is the API error, with its fields', async () => {
    const errors = [{ line: 3, field: 'price', message: 'price must be a number, like 39.90' }];
    fakeServer(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'CATALOGUE_CSV_INVALID',
          message: 'The file has errors; nothing was imported',
          errors,
        },
        { status: 400 },
      ),
    );

    const error = await rejectionOf(
      apiUpload('/admin/catalogue.csv', new Blob(['x']), { onProgress: () => undefined }),
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'CATALOGUE_CSV_INVALID', fieldErrors: errors });
  });
});

describe('apiDownload', () => {
  it('when the API sends a file, then it answers its blob and the name its Content-Disposition gives, fetched with the bearer token', async () => {
    const seen = fakeServer(pdf);
    signedInWith('rider-token');

    const { blob, fileName } = await apiDownload('/myOrder/42/invoice.pdf', 'application/pdf');

    expect(fileName).toBe('invoice-INV-000042.pdf');
    expect(blob).toMatchObject({ size: 4, type: 'application/pdf' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/api/myOrder/42/invoice.pdf',
        headers: { accept: 'application/pdf', authorization: 'Bearer rider-token' },
      }),
    ]);
  });

  it('when the file comes without a name, then the name is left to the caller', async () => {
    fakeServer(() => new Response('sku,name\n', { headers: { 'content-type': 'text/csv' } }));

    await expect(apiDownload('/admin/catalogue.csv', 'text/csv')).resolves.toMatchObject({ fileName: undefined });
  });
});

describe('identityRequest', () => {
  it('when it is called, then it goes to /api/auth with the session cookie and no token, and its 401 asks nothing of the session', async () => {
    const seen = fakeServer(refused401);
    signedInWith('rider-token');
    const onUnauthorized = vi.fn(() => Promise.resolve(true));
    setUnauthorizedHandler(onUnauthorized);
    const fetchMock = vi.mocked(fetch);

    const error = await rejectionOf(identityRequest('/sign-in/email', { email: 'a@b.c', password: 'x' }));

    expect(error).toMatchObject({ status: 401, code: 'TOKEN_INVALID' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(seen).toEqual([
      {
        via: 'fetch',
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
      },
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });
});

/**
 * Every kind of call meets a 401 the same way (docs/decisions/0036): a JSON call, a download, an
 * upload with progress (XMLHttpRequest) and a form upload (fetch).
 */
describe.each([
  { kind: 'a JSON call', call: () => apiGet('/garage'), via: 'fetch' },
  { kind: 'a download', call: () => apiDownload('/myOrder/42/invoice.pdf', 'application/pdf'), via: 'fetch' },
  {
    kind: 'an upload with progress',
    call: () =>
      apiUpload('/admin/catalogue.csv', new Blob(['x']), { contentType: 'text/csv', onProgress: () => undefined }),
    via: 'xhr',
  },
  { kind: 'a form upload', call: () => apiUpload('/media', new FormData()), via: 'fetch' },
])('a 401 to $kind', ({ call, via }) => {
  const bearers = (seen: SeenCall[]) => seen.map((sent) => `${sent.via} ${sent.headers.authorization ?? 'none'}`);

  it('when the session still lives, then the session is asked once, and the call goes again with the fresh token', async () => {
    const seen = fakeServer(refused401, () => jsonResponse({ ok: true }));
    signedInWith('old-token');
    const onUnauthorized = vi.fn((refused: string) => {
      expect(refused).toBe('old-token');
      signedInWith('fresh-token');
      return Promise.resolve(true);
    });
    setUnauthorizedHandler(onUnauthorized);

    await call();

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(bearers(seen)).toEqual([`${via} Bearer old-token`, `${via} Bearer fresh-token`]);
  });

  it('when the session is over, then the session is asked (which signs the user out), and the call fails with the 401, not sent again', async () => {
    const seen = fakeServer(refused401);
    signedInWith('old-token');
    const onUnauthorized = vi.fn(() => {
      accessToken.remove(); // what the auth provider's sign-out does, besides going to /login
      return Promise.resolve(false);
    });
    setUnauthorizedHandler(onUnauthorized);

    const error = await rejectionOf(call());

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'TOKEN_INVALID', message: 'Please sign in again' });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('old-token');
    expect(bearers(seen)).toEqual([`${via} Bearer old-token`]);
  });

  it('when the token was renewed while the call was out, then it goes again with the new one, the session not asked', async () => {
    const seen = fakeServer(
      () => {
        signedInWith('renewed-token');
        return refused401();
      },
      () => jsonResponse({ ok: true }),
    );
    signedInWith('old-token');
    const onUnauthorized = vi.fn(() => Promise.resolve(false));
    setUnauthorizedHandler(onUnauthorized);

    await call();

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(bearers(seen)).toEqual([`${via} Bearer old-token`, `${via} Bearer renewed-token`]);
  });
});
