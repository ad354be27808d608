import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Product, ProductForm } from '@contract/products';
import { apiGet, apiRequest } from '../../lib/api-client';

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

export const createProduct = (product: ProductForm) =>
  apiRequest<Product>(apiPaths.products, { method: 'POST', body: product });

export const deleteProduct = (id: string) => apiRequest(apiPaths.product(id), { method: 'DELETE' });

/** Adding or deleting a part changes every list of parts (home, dashboard, Manage Products). */
function useCatalogueMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }) });
}

export const useCreateProduct = () => useCatalogueMutation(createProduct);
export const useDeleteProduct = () => useCatalogueMutation(deleteProduct);
