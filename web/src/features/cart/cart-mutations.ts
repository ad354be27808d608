import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@contract/checkout';
import { cartKey } from '../../lib/query-keys';
import { deleteCartLine, putCartLine } from './cart-writes';

/** A change to a customer's cart: the server answers the whole cart, which replaces the one shown. */
function useCartMutation<Input>(mutationFn: (input: Input) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (cart) => queryClient.setQueryData(cartKey, cart) });
}

export const useSetCartQuantity = () =>
  useCartMutation(({ productId, quantity }: { productId: string; quantity: number }) =>
    putCartLine(productId, quantity),
  );
export const useRemoveCartLine = () => useCartMutation(deleteCartLine);
