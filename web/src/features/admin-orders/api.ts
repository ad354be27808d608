import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/orders';
import { apiPaths } from '@contract/paths';
import type { AdminOrdersResponse, ShipOrder } from '@contract/shop-admin';
import { apiGet, apiRequest } from '../../lib/api-client';
import { orderKeys, productKeys } from '../../lib/query-keys';
import { filterParams, ORDERS_PAGE_SIZE, type OrderFilter } from './url-state';

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (filter: OrderFilter) => ['admin', 'orders', 'list', filter] as const,
  detail: (id: string) => ['admin', 'orders', 'detail', id] as const,
};

/** The list's query: the address's filter and the page size the pager counts with. */
const listQuery = (filter: OrderFilter) => {
  const params = filterParams(filter);
  params.set('pageSize', String(ORDERS_PAGE_SIZE));
  return params.toString();
};

export const getAdminOrders = (filter: OrderFilter, signal?: AbortSignal) =>
  apiGet<AdminOrdersResponse>(`${apiPaths.adminOrders}?${listQuery(filter)}`, signal);

export const getAdminOrder = (id: string, signal?: AbortSignal) => apiGet<Order>(apiPaths.adminOrder(id), signal);

/** A page of orders; the one shown stays while the next loads, so the table does not jump. */
export const useAdminOrders = (filter: OrderFilter) =>
  useQuery({
    queryKey: adminOrderKeys.list(filter),
    queryFn: ({ signal }) => getAdminOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminOrder = (id: string) =>
  useQuery({ queryKey: adminOrderKeys.detail(id), queryFn: ({ signal }) => getAdminOrder(id, signal) });

export const shipOrder = ({ id, shipment }: { id: string; shipment: ShipOrder }) =>
  apiRequest<Order>(apiPaths.adminOrderMove(id, 'ship'), { method: 'POST', body: shipment });

export const deliverOrder = (id: string) =>
  apiRequest<Order>(apiPaths.adminOrderMove(id, 'deliver'), { method: 'POST' });

/** Cancels an unpaid order, or refunds a paid one that has not shipped (the server knows which). */
export const cancelOrder = (id: string) => apiRequest<Order>(apiPaths.adminOrderMove(id, 'cancel'), { method: 'POST' });

/**
 * A move changes the order everywhere it shows (Manage Orders, its page, the customer's My Order) and,
 * when it cancels or refunds, the parts' stock.
 */
function useOrderMove<Input>(mutationFn: (input: Input) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKeys.detail(order._id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
    },
  });
}

export const useShipOrder = () => useOrderMove(shipOrder);
export const useDeliverOrder = () => useOrderMove(deliverOrder);
export const useCancelOrder = () => useOrderMove(cancelOrder);
