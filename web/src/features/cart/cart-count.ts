import { useServerCart } from './cart-api';
import { unitCount, useLocalCart } from './local-cart';

/** The units in the cart, for the navbar: the server's cart once signed in, else the browser's. */
export function useCartCount(signedIn: boolean): number {
  const local = useLocalCart();
  const server = useServerCart(signedIn);
  return signedIn ? (server.data?.count ?? 0) : unitCount(local);
}
