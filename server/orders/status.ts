import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { invoiceCounter, orders } from '../db/schema.js';
import { queueOrderMail, type OrderMailKind } from './mail.js';

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

/** The e-mail each move sends the customer, in the move's transaction (delivered sends none). */
const MAIL_OF_MOVE: Record<OrderMove, OrderMailKind | undefined> = {
  pay: 'payment-received',
  ship: 'order-shipped',
  deliver: undefined,
  cancel: 'order-cancelled',
  refund: 'order-cancelled',
};

/**
 * The next invoice number, for an order that is being paid in this transaction: the counter's row
 * stays locked until it ends, so numbers follow the order payments commit in, and a payment that
 * rolls back gives its number back (no gap, never given twice).
 */
async function nextInvoiceNumber(tx: Database): Promise<number> {
  const [counter] = await tx
    .update(invoiceCounter)
    .set({ last: sql`${invoiceCounter.last} + 1` })
    .returning({ last: invoiceCounter.last });
  if (!counter) throw new Error('the invoice counter has no row (migration 0013 makes it)');
  return counter.last;
}

/**
 * Makes `move` on order `id` if its status allows it, in the caller's transaction when given one
 * (else in its own): the status, the time, what the move carries (a payment also takes its invoice
 * number), and the e-mail it sends, all or nothing. Answers true when this call made the move; false
 * when the order is gone or not in a state the move starts from (someone else moved it first, or
 * the move is not allowed).
 */
export async function moveOrder<Move extends OrderMove>(
  db: Database,
  id: string,
  move: Move,
  details: MoveDetails[Move],
): Promise<boolean> {
  const { from, to } = ORDER_MOVES[move];
  const at: SQL = sql`now()`;
  return db.transaction(async (tx) => {
    const changes = await {
      pay: async () => {
        // The number is taken only for an order this call will pay: its row is locked first.
        const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update');
        if (!order || !canMove(order.status, 'pay')) return undefined;
        const { transactionId } = details as MoveDetails['pay'];
        const invoiceNumber = await nextInvoiceNumber(tx);
        return { paid: true, transactionId, paymentIntentId: transactionId, paidAt: at, invoiceNumber };
      },
      ship: async () => {
        const { carrier, trackingNumber } = details as MoveDetails['ship'];
        return { carrier, trackingNumber, shippedAt: at };
      },
      deliver: async () => ({ deliveredAt: at }),
      cancel: async () => ({ cancelledAt: at }),
      refund: async () => ({ refundId: (details as MoveDetails['refund']).refundId, refundedAt: at }),
    }[move]();
    if (!changes) return false;
    const notBeingRefunded = move === 'ship' ? isNull(orders.refundId) : undefined;
    const changed = await tx
      .update(orders)
      .set({ status: to, ...changes })
      .where(and(eq(orders.id, id), inArray(orders.status, [...from]), notBeingRefunded))
      .returning({ id: orders.id });
    if (changed.length !== 1) return false;
    const mail = MAIL_OF_MOVE[move];
    if (mail) await queueOrderMail(tx, id, [mail]);
    return true;
  });
}
