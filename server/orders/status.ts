import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { orders } from '../db/schema.js';

/**
 * An order's life, the only way it changes. Every order starts `unpaid`; from there:
 *
 *   unpaid --pay--> paid --ship--> shipped --deliver--> delivered
 *   unpaid --cancel--> cancelled        paid --refund--> refunded
 *
 * A paid order is refunded only before it ships (after that, goods come back first: a return), and
 * once its refund has begun (`refund_id` set while still paid: the payment provider is being asked,
 * see server/admin-orders/service.ts) it does not ship: the money may already be on its way back.
 * Cancelled, delivered and refunded are ends. Each move stamps its time (`paidAt`, `shippedAt`, ...),
 * which is the order's history. `moveOrder` is the one writer of `status`: it changes the row only
 * while the order is in a state the move starts from, so two moves racing on one order cannot both
 * happen.
 */
export const ORDER_MOVES = {
  pay: { from: ['unpaid'], to: 'paid' },
  ship: { from: ['paid'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['unpaid'], to: 'cancelled' },
  refund: { from: ['paid'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderMove = keyof typeof ORDER_MOVES;

/** Whether `move` may start from `status`. */
export const canMove = (status: OrderStatus, move: OrderMove): boolean =>
  (ORDER_MOVES[move].from as readonly OrderStatus[]).includes(status);

/** The statuses nothing moves on from. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled', 'refunded'];

/** What each move carries along. */
export interface MoveDetails {
  pay: { transactionId: string };
  ship: { carrier: string; trackingNumber: string };
  deliver: Record<string, never>;
  cancel: Record<string, never>;
  /** The payment gateway's refund. */
  refund: { refundId: string };
}

/**
 * Makes `move` on order `id` if its status allows it, in the caller's transaction when given one.
 * Answers true when this call made the move; false when the order is gone or not in a state the
 * move starts from (someone else moved it first, or the move is not allowed).
 */
export async function moveOrder<Move extends OrderMove>(
  db: Database,
  id: string,
  move: Move,
  details: MoveDetails[Move],
): Promise<boolean> {
  const { from, to } = ORDER_MOVES[move];
  const at: SQL = sql`now()`;
  const changes = {
    pay: () => {
      const { transactionId } = details as MoveDetails['pay'];
      return { paid: true, transactionId, paymentIntentId: transactionId, paidAt: at };
    },
    ship: () => {
      const { carrier, trackingNumber } = details as MoveDetails['ship'];
      return { carrier, trackingNumber, shippedAt: at };
    },
    deliver: () => ({ deliveredAt: at }),
    cancel: () => ({ cancelledAt: at }),
    refund: () => ({ refundId: (details as MoveDetails['refund']).refundId, refundedAt: at }),
  }[move]();
  const notBeingRefunded = move === 'ship' ? isNull(orders.refundId) : undefined;
  const changed = await db
    .update(orders)
    .set({ status: to, ...changes })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from]), notBeingRefunded))
    .returning({ id: orders.id });
  return changed.length === 1;
}
