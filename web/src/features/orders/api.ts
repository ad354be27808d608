import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrder, Order } from '@contract/orders';
import { apiPaths } from '@contract/paths';
import { apiGet, apiGetPage, apiRequest } from '../../lib/api-client';
import { idempotencyHeaders, retryDelay, retryWhileUncertain } from '../../lib/idempotency';
import { orderKeys, productKeys } from '../../lib/query-keys';

/** My Order's rows a page: a customer with many orders (a workshop) reads them a page at a time. */
export const MY_ORDERS_PAGE_SIZE = 50;

export const getOrders = (email: string, page: number, signal?: AbortSignal) =>
  apiGetPage<Order>(
    `${apiPaths.orders}?${new URLSearchParams({ email, limit: String(MY_ORDERS_PAGE_SIZE), page: String(page) })}`,
    signal,
  );

export const getOrder = (id: string, signal?: AbortSignal) => apiGet<Order>(apiPaths.order(id), signal);

/** One submit of Order Now: the order and the key every try of it carries. */
export interface NewOrder {
  order: CreateOrder;
  idempotencyKey: string;
}

export const createOrder = ({ order, idempotencyKey }: NewOrder) =>
  apiRequest<Order>(apiPaths.orders, { method: 'POST', body: order, headers: idempotencyHeaders(idempotencyKey) });

export const deleteOrder = (id: string) => apiRequest(apiPaths.order(id), { method: 'DELETE' });

export const useOrders = (email: string, page: number) =>
  useQuery({
    queryKey: orderKeys.list(email, page),
    queryFn: ({ signal }) => getOrders(email, page, signal),
    placeholderData: keepPreviousData,
  });

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
