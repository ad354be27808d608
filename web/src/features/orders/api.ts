import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrder, Order } from '@contract/orders';
import { apiPaths } from '@contract/paths';
import { apiGet, apiRequest } from '../../lib/api-client';
import { productKeys } from '../products';

export const orderKeys = {
  all: ['me', 'orders'] as const,
  list: (email: string) => ['me', 'orders', 'list', email] as const,
  detail: (id: string) => ['me', 'orders', 'detail', id] as const,
};

export const getOrders = (email: string, signal?: AbortSignal) =>
  apiGet<Order[]>(`${apiPaths.orders}?email=${encodeURIComponent(email)}`, signal);

export const getOrder = (id: string, signal?: AbortSignal) => apiGet<Order>(apiPaths.order(id), signal);

export const createOrder = (order: CreateOrder) => apiRequest<Order>(apiPaths.orders, { method: 'POST', body: order });

export const deleteOrder = (id: string) => apiRequest(apiPaths.order(id), { method: 'DELETE' });

export const useOrders = (email: string) =>
  useQuery({ queryKey: orderKeys.list(email), queryFn: ({ signal }) => getOrders(email, signal) });

export const useOrder = (id: string) =>
  useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** Placing or deleting an order changes the part's stock and the customer's order list. */
function useOrderMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}

export const useCreateOrder = () => useOrderMutation(createOrder);
export const useDeleteOrder = () => useOrderMutation(deleteOrder);
