import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { fromCents, type Order, type OrderEvent } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { orderLines, orders } from '../db/schema.js';
import { moveOrder } from './status.js';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
export type NewOrderRow = Omit<
  typeof orders.$inferInsert,
  | 'id'
  | 'seq'
  | 'createdAt'
  | 'paid'
  | 'paidAt'
  | 'status'
  | 'carrier'
  | 'trackingNumber'
  | 'shippedAt'
  | 'deliveredAt'
  | 'cancelledAt'
  | 'refundedAt'
>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'position' | 'lineTotalCents'>;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The order's moves so far, oldest first, from the time each one stamped. */
function historyOf(row: OrderRow): OrderEvent[] {
  const events: [OrderEvent['status'], Date | null][] = [
    ['placed', row.createdAt],
    ['paid', row.paidAt],
    ['cancelled', row.cancelledAt],
    ['shipped', row.shippedAt],
    ['refunded', row.refundedAt],
    ['delivered', row.deliveredAt],
  ];
  return events
    .filter((event): event is [OrderEvent['status'], Date] => event[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime())
    .map(([status, at]) => ({ status, at: at.toISOString() }));
}

export const toOrder = (row: OrderRow, lines: readonly LineRow[]): Order => ({
  _id: row.id,
  email: row.email,
  productId: row.productId,
  name: row.productName,
  productName: row.productName,
  unitPrice: fromCents(row.unitPriceCents),
  quantity: row.quantity,
  price: fromCents(row.priceCents),
  phoneNumber: row.phoneNumber,
  address: row.address,
  paid: row.paid,
  transactionId: row.transactionId,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  lines: lines.map((line) => ({
    productId: line.productId,
    productName: line.productName,
    unitPrice: fromCents(line.unitPriceCents),
    quantity: line.quantity,
    lineTotal: fromCents(line.lineTotalCents),
  })),
  subtotal: fromCents(row.subtotalCents),
  shippingMethod: row.shippingMethod,
  shippingCost: fromCents(row.shippingCents),
  tax: fromCents(row.taxCents),
  shippingAddress: row.shippingAddress ?? null,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  paidAt: iso(row.paidAt),
  shippedAt: iso(row.shippedAt),
  deliveredAt: iso(row.deliveredAt),
  cancelledAt: iso(row.cancelledAt),
  refundedAt: iso(row.refundedAt),
  history: historyOf(row),
});

/** An order with what only the server needs: its owner, its total in cents and its payment. */
export type StoredOrder = Order & { userId: string; priceCents: number; paymentIntentId: string | null };

const toStoredOrder = (row: OrderRow, lines: readonly LineRow[]): StoredOrder => ({
  ...toOrder(row, lines),
  userId: row.userId,
  priceCents: row.priceCents,
  paymentIntentId: row.paymentIntentId,
});

/**
 * Reads and writes orders, nothing more: the rules (who may order what, see or delete which order,
 * when an order counts as paid) are the orders service's, and its status moves only through
 * status.ts. Methods that take `tx` run in the caller's transaction.
 */
export function createOrderRepository(db: Database) {
  /** The lines of these orders, by order, in their order. */
  async function linesOf(ids: readonly string[], tx: Database = db): Promise<Map<string, LineRow[]>> {
    const byOrder = new Map<string, LineRow[]>();
    if (ids.length === 0) return byOrder;
    const rows = await tx
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...ids]))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  async function stored(row: OrderRow | undefined, tx: Database = db): Promise<StoredOrder | undefined> {
    if (!row) return undefined;
    return toStoredOrder(row, (await linesOf([row.id], tx)).get(row.id) ?? []);
  }

  return {
    linesOf,

    /** An order and its lines (in the order given), in the caller's transaction. */
    async insert(order: NewOrderRow, lines: readonly NewOrderLine[], tx: Database = db): Promise<StoredOrder> {
      const [row] = await tx.insert(orders).values(order).returning();
      if (!row) throw new Error('order insert returned no row');
      const lineRows = await tx
        .insert(orderLines)
        .values(
          lines.map((line, position) => ({
            ...line,
            orderId: row.id,
            position,
            lineTotalCents: line.unitPriceCents * line.quantity,
          })),
        )
        .returning();
      return toStoredOrder(row, lineRows);
    },

    /** Newest first. */
    async listForUser(userId: string): Promise<Order[]> {
      const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.seq));
      const lines = await linesOf(rows.map(({ id }) => id));
      return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
    },

    async findById(id: string, tx: Database = db): Promise<StoredOrder | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id));
      return stored(row, tx);
    },

    /** The order, its row locked until the caller's transaction ends. */
    async lockById(id: string, tx: Database): Promise<StoredOrder | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      return stored(row, tx);
    },

    /** Deletes an order while it is unpaid (not cancelled, not paid); answers whether it did. */
    async deleteUnpaid(id: string, tx: Database = db): Promise<boolean> {
      const deleted = await tx
        .delete(orders)
        .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
        .returning({ id: orders.id });
      return deleted.length === 1;
    },

    /** Remembers the provider's payment for an unpaid order; false when the order is gone or paid. */
    async attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean> {
      const changed = await db
        .update(orders)
        .set({ paymentIntentId })
        .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
        .returning({ id: orders.id });
      return changed.length === 1;
    },

    /**
     * Marks an unpaid order paid, once (the `pay` move of status.ts): concurrent confirmations and
     * repeated webhooks record one payment. Answers whether this call paid it.
     */
    markPaid: (id: string, transactionId: string) => moveOrder(db, id, 'pay', { transactionId }),
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
