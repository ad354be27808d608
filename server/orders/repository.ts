import { and, desc, eq, sql } from 'drizzle-orm';
import { fromCents, type Order } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { orders } from '../db/schema.js';

type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = Omit<typeof orders.$inferInsert, 'id' | 'seq' | 'createdAt' | 'paid' | 'paidAt'>;

export const toOrder = (row: OrderRow): Order => ({
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
});

/** An order with what only the server needs: its owner, its total in cents and its payment. */
export type StoredOrder = Order & { userId: string; priceCents: number; paymentIntentId: string | null };

const toStoredOrder = (row: OrderRow): StoredOrder => ({
  ...toOrder(row),
  userId: row.userId,
  priceCents: row.priceCents,
  paymentIntentId: row.paymentIntentId,
});

/**
 * Reads and writes orders, nothing more: the rules (who may order what, see or delete which order,
 * when an order counts as paid) are the orders service's. Methods that take `tx` run in the
 * caller's transaction.
 */
export function createOrderRepository(db: Database) {
  return {
    async insert(order: NewOrderRow, tx: Database = db): Promise<Order> {
      const [row] = await tx.insert(orders).values(order).returning();
      if (!row) throw new Error('order insert returned no row');
      return toOrder(row);
    },

    /** Newest first. */
    async listForUser(userId: string): Promise<Order[]> {
      const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.seq));
      return rows.map(toOrder);
    },

    async findById(id: string, tx: Database = db): Promise<StoredOrder | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id));
      return row && toStoredOrder(row);
    },

    /** The order, its row locked until the caller's transaction ends. */
    async lockById(id: string, tx: Database): Promise<StoredOrder | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      return row && toStoredOrder(row);
    },

    /** Deletes an order while it is unpaid; answers whether it did. */
    async deleteUnpaid(id: string, tx: Database = db): Promise<boolean> {
      const deleted = await tx
        .delete(orders)
        .where(and(eq(orders.id, id), eq(orders.paid, false)))
        .returning({ id: orders.id });
      return deleted.length === 1;
    },

    /** Remembers the provider's payment for an unpaid order; false when the order is gone or paid. */
    async attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean> {
      const changed = await db
        .update(orders)
        .set({ paymentIntentId })
        .where(and(eq(orders.id, id), eq(orders.paid, false)))
        .returning({ id: orders.id });
      return changed.length === 1;
    },

    /**
     * Marks an unpaid order paid, once: the row is updated only while unpaid, so concurrent
     * confirmations and repeated webhooks record one payment. Answers whether this call paid it.
     */
    async markPaid(id: string, transactionId: string): Promise<boolean> {
      const changed = await db
        .update(orders)
        .set({ paid: true, transactionId, paymentIntentId: transactionId, paidAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.paid, false)))
        .returning({ id: orders.id });
      return changed.length === 1;
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
