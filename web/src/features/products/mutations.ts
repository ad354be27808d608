import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Product, ProductForm, ProductPatch } from '@contract/products';
import { apiRequest } from '../../lib/api-client';
import { productKeys } from '../../lib/query-keys';

export const createProduct = (product: ProductForm) =>
  apiRequest<Product>(apiPaths.products, { method: 'POST', body: product });

/** Sends only what the admin changed, so stock sold meanwhile is not written back over. */
export const editProduct = ({ id, changes }: { id: string; changes: ProductPatch }) =>
  apiRequest<Product>(apiPaths.product(id), { method: 'PATCH', body: changes });

export const deleteProduct = (id: string) => apiRequest(apiPaths.product(id), { method: 'DELETE' });

/** Adding, editing or deleting a part changes every list of parts (home, dashboard, Manage Products). */
function useCatalogueMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }) });
}

export const useCreateProduct = () => useCatalogueMutation(createProduct);
export const useEditProduct = () => useCatalogueMutation(editProduct);
export const useDeleteProduct = () => useCatalogueMutation(deleteProduct);
