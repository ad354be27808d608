import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '@contract/errors';
import { jsonResponse } from '../../test/render';
import { SEARCH_BUSY_RETRIES, useCatalogue } from './api';

afterEach(() => vi.unstubAllGlobals());

const busy = () =>
  jsonResponse(
    {
      statusCode: 429,
      error: 'Too Many Requests',
      code: apiErrors.searchBusy.code,
      message: apiErrors.searchBusy.message,
    },
    { status: 429 },
  );
const answer = { items: [], total: 0, page: 1, pageSize: 24 };

function searching(responses: Array<() => Response>) {
  let call = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve((responses[Math.min(call++, responses.length - 1)] as () => Response)())),
  );
  // The app's own client (lib/query-client.ts) would not retry any 4xx: the search's retry is its own.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCatalogue('q=pads'), { wrapper });
}

describe('a search the store had too many of at once from this address', () => {
  it('when the store answers SEARCH_BUSY twice, then the search is sent again and the rider gets the answer', async () => {
    const { result } = searching([busy, busy, () => jsonResponse(answer)]);
    await waitFor(() => expect(result.current.data).toEqual(answer), { timeout: 5000 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('when it stays busy, then after the retries the rider is told', async () => {
    const { result } = searching([busy]);
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 10_000 });
    expect(result.current.error).toMatchObject({ code: apiErrors.searchBusy.code });
    expect(fetch).toHaveBeenCalledTimes(SEARCH_BUSY_RETRIES + 1);
  }, 15_000);

  it('when a search is refused for what it asks (400), then it is not sent again', async () => {
    const refused = () =>
      jsonResponse(
        { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: 'no' },
        { status: 400 },
      );
    const { result } = searching([refused]);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
