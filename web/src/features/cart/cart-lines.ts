import { setCartQuantitySchema, type Cart } from '@contract/checkout';
import { fromCents, lineTotalCents } from '@contract/money';
import { orderTotals } from '@contract/rules/order-totals';
import { quantityProblem, quantityProblemMessage } from '@contract/rules/orderable';
import { unitCount, type LocalCartLine } from './local-cart';

/**
 * A visitor's lines as the server would answer them: each line's total, the units, and the subtotal
 * by the checkout's own sum (before shipping and tax).
 */
export function visitorCart(lines: readonly LocalCartLine[]): Cart {
  return {
    lines: lines.map((line) => ({ ...line, lineTotal: fromCents(lineTotalCents(line.unitPrice, line.quantity)) })),
    count: unitCount(lines),
    subtotal: fromCents(orderTotals(lines, undefined, 0).subtotalCents),
  };
}

/**
 * Why a line cannot hold this quantity, in the order form's words (the same rule the server applies
 * to a customer's cart), judged on the part as it was when added.
 */
export function quantityRefusal(line: LocalCartLine, quantity: number): string | undefined {
  const parsed = setCartQuantitySchema.safeParse({ quantity });
  if (!parsed.success) return parsed.error.issues[0]?.message;
  const part = {
    price: line.unitPrice,
    minimumOderQantity: line.minimumOderQantity,
    availableQantity: line.availableQantity,
  };
  const problem = quantityProblem(part, quantity);
  return problem && quantityProblemMessage(problem, part);
}
