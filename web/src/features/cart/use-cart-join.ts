import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isCartJoining, setCartJoining } from './cart-joining';
import { useLocalCart, type LocalCartLine } from './local-cart';

/** The lines last tried: the same lines that met no answer are not tried again on this page. */
let tried: readonly LocalCartLine[] | undefined;

/**
 * A visitor's cart joins the customer's at sign-in (cart-join.ts, loaded only then). While it joins,
 * the cart and checkout pages wait for it (cart-joining.ts) rather than show the cart without the
 * visitor's lines.
 */
export function useCartJoinsOnSignIn(signedIn: boolean) {
  const lines = useLocalCart();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || lines.length === 0 || isCartJoining() || tried === lines) return;
    tried = lines;
    setCartJoining(true);
    import('./cart-join')
      .then(({ joinLocalCart }) => joinLocalCart(queryClient))
      .catch(() => undefined) // its code did not load: the lines stay for the next page load
      .finally(() => setCartJoining(false));
  }, [signedIn, lines, queryClient]);
}
