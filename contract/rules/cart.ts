import { quantityMessages } from './orderable.js';

/** Lines one cart may hold: a brake job is a handful, a workshop's restock a few dozen. */
export const MAX_CART_LINES = 50;

/** `Your cart is empty`, and the other words of the cart. */
export const cartMessages = {
  empty: 'Your cart is empty',
  unavailable: (name: string, available: number) =>
    available > 0 ? `${name}: only ${available} left. Please change the quantity.` : `${name} is sold out`,
  belowMinimum: (name: string, minimum: number) => `${name}: ${quantityMessages.belowMinimum(minimum)}`,
  unknownShippingMethod: 'Choose a shipping method',
} as const;
