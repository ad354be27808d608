import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Fitment } from '@contract/catalogue';
import { apiPaths } from '@contract/paths';
import type { CatalogueResponse } from '@contract/products';
import { apiGet } from '../../lib/api-client';

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

/** The page shows the last answer while the next one loads, rather than blanking the grid. */
export const useCatalogue = (query: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.search(query),
    queryFn: ({ signal }) => getCatalogue(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useFitment = (productId: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.fitment(productId),
    queryFn: ({ signal }) => apiGet<Fitment>(apiPaths.productFitment(productId), signal),
    enabled,
  });
