import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Fitment } from '@contract/catalogue';
import type { apiErrors } from '@contract/errors';
import { apiPaths } from '@contract/paths';
import type { CatalogueResponse } from '@contract/products';
import { ApiError, apiGet } from '../../lib/api-client';

/**
 * Reads of the catalogue: searches and a part's fitment (the bikes' calls are in vehicles-api.ts,
 * the garage's in garage-api.ts). Under `products`, so that every write to a part (Add Product, an
 * order taking stock) refreshes them too.
 */
export const catalogueKeys = {
  search: (query: string) => ['products', 'catalogue', query] as const,
  fitment: (productId: string) => ['products', 'fitment', productId] as const,
};

/** `query`: the API's query string (url-state.ts's `apiQuery`), without the `?`. */
export const getCatalogue = (query: string, signal?: AbortSignal) =>
  apiGet<CatalogueResponse>(query ? `${apiPaths.catalogue}?${query}` : apiPaths.catalogue, signal);

/** Times a search refused for being one too many at once (SEARCH_BUSY) is sent again, and after how long. */
export const SEARCH_BUSY_RETRIES = 3;
const searchRetryDelay = (failureCount: number) => 300 * 2 ** failureCount;

/** The refusal's code, checked against the table by type: the table itself stays out of the catalogue's first download. */
const SEARCH_BUSY: (typeof apiErrors)['searchBusy']['code'] = 'SEARCH_BUSY';

/**
 * Whether to ask again: a search the store had too many of at once from this address (a rider
 * typing fast, a workshop's several tabs) answers in a moment; a network hiccup might too.
 */
export const retrySearch = (failureCount: number, error: Error) =>
  error instanceof ApiError && error.code === SEARCH_BUSY
    ? failureCount < SEARCH_BUSY_RETRIES
    : !(error instanceof ApiError && error.status < 500) && failureCount < 1;

/** The page shows the last answer while the next one loads, rather than blanking the grid. */
export const useCatalogue = (query: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.search(query),
    queryFn: ({ signal }) => getCatalogue(query, signal),
    placeholderData: keepPreviousData,
    retry: retrySearch,
    retryDelay: searchRetryDelay,
    enabled,
  });

export const useFitment = (productId: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.fitment(productId),
    queryFn: ({ signal }) => apiGet<Fitment>(apiPaths.productFitment(productId), signal),
    enabled,
  });
