import { fromCents, lineTotalCents } from '@contract/money';
import { quantityProblem, quantityProblemMessage } from '@contract/orders';
import { setCartQuantitySchema, type Cart } from '@contract/checkout';
import { unitCount, type LocalCartLine } from './local-cart';

/** A visitor's lines as the server would answer them: each line's total, the units and the subtotal, in cents. */
export function visitorCart(lines: readonly LocalCartLine[]): Cart {
  const totals = lines.map((line) => lineTotalCents(line.unitPrice, line.quantity));
  return {
    lines: lines.map((line, index) => ({ ...line, lineTotal: fromCents(totals[index] ?? 0) })),
    count: unitCount(lines),
    subtotal: fromCents(totals.reduce((sum, total) => sum + total, 0)),
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
