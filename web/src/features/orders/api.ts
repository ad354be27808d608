import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrder, Order } from '@contract/orders';
import { apiPaths } from '@contract/paths';
import { apiGet, apiRequest } from '../../lib/api-client';
import { idempotencyHeaders, retryDelay, retryWhileUncertain } from '../../lib/idempotency';
import { productKeys } from '../products';

export const orderKeys = {
  all: ['me', 'orders'] as const,
  list: (email: string) => ['me', 'orders', 'list', email] as const,
  detail: (id: string) => ['me', 'orders', 'detail', id] as const,
};

export const getOrders = (email: string, signal?: AbortSignal) =>
  apiGet<Order[]>(`${apiPaths.orders}?email=${encodeURIComponent(email)}`, signal);

export const getOrder = (id: string, signal?: AbortSignal) => apiGet<Order>(apiPaths.order(id), signal);

/** One submit of Order Now: the order and the key every try of it carries. */
export interface NewOrder {
  order: CreateOrder;
  idempotencyKey: string;
}

export const createOrder = ({ order, idempotencyKey }: NewOrder) =>
  apiRequest<Order>(apiPaths.orders, { method: 'POST', body: order, headers: idempotencyHeaders(idempotencyKey) });

export const deleteOrder = (id: string) => apiRequest(apiPaths.order(id), { method: 'DELETE' });

export const useOrders = (email: string) =>
  useQuery({ queryKey: orderKeys.list(email), queryFn: ({ signal }) => getOrders(email, signal) });

export const useOrder = (id: string) =>
  useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

/**
 * Placing or deleting an order changes the part's stock and the customer's order list. `retry`: a
 * placing, with its Idempotency-Key, is sent again while its fate is unknown.
 */
function useOrderMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, retry = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: retry && retryWhileUncertain,
    retryDelay,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}

export const useCreateOrder = () => useOrderMutation(createOrder, true);
export const useDeleteOrder = () => useOrderMutation(deleteOrder);
