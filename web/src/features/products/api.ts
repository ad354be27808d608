import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Product } from '@contract/products';
import { apiGet } from '../../lib/api-client';

/** Reads of the catalogue (the home page needs no more); writes are in mutations.ts. */
export const productKeys = {
  all: ['products'] as const,
  list: (limit?: number) => ['products', 'list', limit ?? 'all'] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

export const getProducts = (limit?: number, signal?: AbortSignal) =>
  apiGet<Product[]>(limit === undefined ? apiPaths.products : `${apiPaths.products}?limit=${limit}`, signal);

export const getProduct = (id: string, signal?: AbortSignal) => apiGet<Product>(apiPaths.product(id), signal);

/** Newest first, as the server orders them. */
export const useProducts = (limit?: number) =>
  useQuery({ queryKey: productKeys.list(limit), queryFn: ({ signal }) => getProducts(limit, signal) });

export const useProduct = (id: string) =>
  useQuery({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
