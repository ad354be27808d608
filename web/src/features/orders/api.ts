import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrder, Order } from '@contract/orders';
import { apiPaths } from '@contract/paths';
import { apiRequest } from '../../lib/api-client';
import { productKeys } from '../products/api';

export const orderKeys = { all: ['me', 'orders'] as const };

export const createOrder = (order: CreateOrder) => apiRequest<Order>(apiPaths.orders, { method: 'POST', body: order });

/** Placing an order changes the part's stock and the customer's order list. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
