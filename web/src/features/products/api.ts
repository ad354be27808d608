import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Product } from '@contract/products';
import { apiGet } from '../../lib/api-client';
import { productKeys } from '../../lib/query-keys';

// Reads of the catalogue (the home page needs no more); writes are in mutations.ts.

/** The `limit` newest parts, oldest first, as the server answers them. */
export const getNewestProducts = (limit: number, signal?: AbortSignal) =>
  apiGet<Product[]>(`${apiPaths.products}?limit=${limit}`, signal);

export const getProduct = (id: string, signal?: AbortSignal) => apiGet<Product>(apiPaths.product(id), signal);

const newestFirst = (products: Product[]) => [...products].reverse();

/** The `limit` newest parts, newest first: the server answers them oldest first, the home shows them reversed. */
export const useNewestProducts = (limit: number) =>
  useQuery({
    queryKey: productKeys.newest(limit),
    queryFn: ({ signal }) => getNewestProducts(limit, signal),
    select: newestFirst,
  });

export const useProduct = (id: string) =>
  useQuery({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
