import { lineTotalCents, MAX_ORDER_TOTAL_CENTS, orderTotalTooLarge } from './money.js';

/** What the quantity rule needs to know of a part. */
export interface OrderablePart {
  price: number;
  minimumOderQantity: number;
  availableQantity: number;
}

/**
 * Whether a customer can order the part now: at least its minimum order is in stock. The catalogue's
 * `inStock` filter asks the same in SQL (server/catalogue/search.ts), and a card says "In stock" by it.
 */
export const canBeOrdered = (part: Pick<OrderablePart, 'availableQantity' | 'minimumOderQantity'>) =>
  part.availableQantity >= part.minimumOderQantity;

/** Why a whole quantity of a part cannot be ordered, as a refusal's name (contract/errors.ts). */
export type QuantityProblem = 'quantityBelowMinimum' | 'quantityAboveStock' | 'orderTotalTooLarge';

/**
 * "May I order this many of this part?": at least its minimum, at most its stock, and no more than
 * keeps the total within MAX_ORDER_TOTAL_CENTS. The one rule, used by the Order Now form and by the
 * server when it places the order (with the part locked, so the stock is the real one).
 */
export function quantityProblem(part: OrderablePart, quantity: number): QuantityProblem | undefined {
  if (quantity < part.minimumOderQantity) return 'quantityBelowMinimum';
  if (quantity > part.availableQantity) return 'quantityAboveStock';
  if (lineTotalCents(part.price, quantity) > MAX_ORDER_TOTAL_CENTS) return 'orderTotalTooLarge';
  return undefined;
}

/**
 * The spec's words for a quantity past the part's limits (validationMessages lists them with its other
 * texts, by name: a property read there would keep zod's chunk in every page that imports it).
 */
export const quantityBelowMinimumMessage = (minimum: number) => `You Must Order a Minimum of ${minimum} products`;
export const quantityAboveStockMessage = 'You cannot order more than our stock';
export const quantityMessages = {
  belowMinimum: quantityBelowMinimumMessage,
  aboveStock: quantityAboveStockMessage,
} as const;

/** The words of each problem, as the form and the server's field error show them. */
export const quantityProblemMessage = (problem: QuantityProblem, part: OrderablePart): string =>
  ({
    quantityBelowMinimum: quantityMessages.belowMinimum(part.minimumOderQantity),
    quantityAboveStock: quantityMessages.aboveStock,
    orderTotalTooLarge,
  })[problem];
