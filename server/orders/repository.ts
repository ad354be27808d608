import { and, desc, eq, sql } from 'drizzle-orm';
import type { Order } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { orderLines, orders } from '../db/schema.js';
import {
  linesOf as readLines,
  readOrder,
  toOrder,
  toStoredOrder,
  type OrderRow,
  type StoredOrder,
} from './order-rows.js';
import { moveOrder } from './status.js';

export { toOrder, type StoredOrder } from './order-rows.js';
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
  | 'invoiceNumber'
>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'position' | 'lineTotalCents'>;

/**
 * Reads and writes orders, nothing more: the rules (who may order what, see or delete which order,
 * when an order counts as paid) are the orders service's, and its status moves only through
 * status.ts. Methods that take `tx` run in the caller's transaction.
 */
export function createOrderRepository(db: Database) {
  /** The lines of these orders, by order, in their order. */
  const linesOf = (ids: readonly string[], tx: Database = db) => readLines(tx, ids);

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
    /** A page of a customer's orders, newest first, and how many they have. */
    async listForUser(
      userId: string,
      { limit, page }: { limit: number; page: number },
    ): Promise<{ orders: Order[]; total: number }> {
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.seq))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.userId, userId)),
      ]);
      const lines = await linesOf(rows.map(({ id }) => id));
      return { orders: rows.map((row) => toOrder(row, lines.get(row.id) ?? [])), total: count?.total ?? 0 };
    },

    findById: (id: string, tx: Database = db): Promise<StoredOrder | undefined> => readOrder(tx, id),

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
