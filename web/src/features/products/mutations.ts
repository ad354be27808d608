import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Product, ProductForm } from '@contract/products';
import { apiRequest } from '../../lib/api-client';
import { productKeys } from './api';

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
