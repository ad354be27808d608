import { useSyncExternalStore } from 'react';

/**
 * Whether a visitor's cart is joining the customer's right now (use-cart-join.ts), apart from the
 * join itself: the cart and checkout pages wait for it, and pages that only read this flag do not
 * carry the join's code.
 */
let joining = false;
const listeners = new Set<() => void>();

export const isCartJoining = () => joining;

export function setCartJoining(value: boolean) {
  joining = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useCartJoining = () => useSyncExternalStore(subscribe, isCartJoining);
