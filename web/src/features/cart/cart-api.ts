import { useQuery } from '@tanstack/react-query';
import type { Cart } from '@contract/checkout';
import { apiPaths } from '@contract/paths';
import { apiGet } from '../../lib/api-client';
import { cartKey } from '../../lib/query-keys';

/**
 * A customer's cart on the server. The navbar reads it on every page, so this file holds the reads
 * alone (the writes are in cart-writes.ts) and no zod.
 */

export const getCart = (signal?: AbortSignal) => apiGet<Cart>(apiPaths.cart, signal);

export const useServerCart = (enabled: boolean) =>
  useQuery({ queryKey: cartKey, queryFn: ({ signal }) => getCart(signal), enabled });
