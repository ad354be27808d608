import { useBikeJoinsGarage } from '../features/catalogue/garage-join';
import { useCartJoinsOnSignIn } from '../features/cart/use-cart-join';

/**
 * A bike chosen and a cart filled while signed out join the garage and the cart once someone is
 * signed in. Drawn only then (RootLayout loads it lazily), so a visitor's first download does not
 * carry it.
 */
export default function SignedInJoins() {
  useBikeJoinsGarage(true);
  useCartJoinsOnSignIn(true);
  return null;
}
