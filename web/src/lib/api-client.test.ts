import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet } from './api-client';

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
