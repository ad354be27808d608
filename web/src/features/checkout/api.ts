import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutInput, ShippingMethod } from '@contract/checkout';
import type { Order } from '@contract/orders';
import { apiPaths } from '@contract/paths';
import { apiGet, apiRequest } from '../../lib/api-client';
import { idempotencyHeaders, retryDelay, retryWhileUncertain } from '../../lib/idempotency';
import { cartKey, orderKeys, productKeys } from '../../lib/query-keys';

export const shippingMethodsKey = ['shipping-methods'] as const;

/** The store's shipping methods change with its configuration only: kept for the visit. */
export const useShippingMethods = () =>
  useQuery({
    queryKey: shippingMethodsKey,
    queryFn: ({ signal }) => apiGet<ShippingMethod[]>(apiPaths.shippingMethods, signal),
    staleTime: Infinity,
  });

/** One submit of the checkout: what it sends and the key every try of it carries. */
export interface PlaceOrder {
  checkout: CheckoutInput;
  idempotencyKey: string;
}

export const placeOrder = ({ checkout, idempotencyKey }: PlaceOrder) =>
  apiRequest<Order>(apiPaths.checkout, {
    method: 'POST',
    body: checkout,
    headers: idempotencyHeaders(idempotencyKey),
  });

/**
 * `Place order`: tried again with the same key while its fate is unknown. An order empties the cart,
 * takes stock and joins My Order; a refusal may come from stock that moved, so the cart is read again.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    retry: retryWhileUncertain,
    retryDelay,
    onSuccess: () => {
      // Not waited for: the page moves on to the payment at once.
      for (const queryKey of [cartKey, orderKeys.all, productKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}
