import { and, desc, eq, sql } from 'drizzle-orm';
import {
  apiMessages,
  MAX_ORDER_TOTAL_CENTS,
  orderTotalTooLarge,
  validationMessages,
  type Order,
} from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { orders, products } from '../db/schema.js';
import { AppError } from '../http/errors.js';

type OrderRow = typeof orders.$inferSelect;

export const toOrder = (row: OrderRow): Order => ({
  _id: row.id,
  email: row.email,
  productId: row.productId,
  name: row.productName,
  productName: row.productName,
  unitPrice: row.unitPriceCents / 100,
  quantity: row.quantity,
  price: row.priceCents / 100,
  phoneNumber: row.phoneNumber,
  address: row.address,
  paid: row.paid,
  transactionId: row.transactionId,
  createdAt: row.createdAt.toISOString(),
});

/** An order with what only the server needs: its owner, its total in cents and its payment. */
export type StoredOrder = Order & { userId: string; priceCents: number; paymentIntentId: string | null };

export interface PlaceOrder {
  userId: string;
  email: string;
  productId: string;
  quantity: number;
  phoneNumber: string;
  address: string;
}

export function createOrderRepository(db: Database) {
  return {
    /**
     * Prices the order from the catalogue and reserves its stock in one transaction. The product row
     * is locked first, so concurrent orders for one part queue up and can never oversell. A refusal
     * (minimum, stock, a total no card can pay) comes before any write.
     */
    async place(input: PlaceOrder): Promise<Order> {
      return db.transaction(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, input.productId)).for('update');
        if (!product) throw new AppError(404, apiMessages.productNotFound);
        if (input.quantity < product.minimumOrderQuantity) {
          throw new AppError(400, validationMessages.orderQuantityBelowMinimum(product.minimumOrderQuantity));
        }
        if (input.quantity > product.availableQuantity) {
          throw new AppError(400, validationMessages.orderQuantityAboveStock);
        }
        const priceCents = product.priceCents * input.quantity;
        if (priceCents > MAX_ORDER_TOTAL_CENTS) throw new AppError(400, orderTotalTooLarge);
        await tx
          .update(products)
          .set({ availableQuantity: sql`${products.availableQuantity} - ${input.quantity}` })
          .where(eq(products.id, product.id));
        const [row] = await tx
          .insert(orders)
          .values({
            userId: input.userId,
            email: input.email,
            productId: product.id,
            productName: product.name,
            unitPriceCents: product.priceCents,
            quantity: input.quantity,
            priceCents,
            phoneNumber: input.phoneNumber,
            address: input.address,
          })
          .returning();
        if (!row) throw new Error('order insert returned no row');
        return toOrder(row);
      });
    },

    /** Newest first. */
    async listForUser(userId: string): Promise<Order[]> {
      const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.seq));
      return rows.map(toOrder);
    },

    async findById(id: string): Promise<StoredOrder | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return (
        row && { ...toOrder(row), userId: row.userId, priceCents: row.priceCents, paymentIntentId: row.paymentIntentId }
      );
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

    /** Deletes an unpaid order and gives its stock back, in one transaction; a paid one is kept (409). */
    async deleteUnpaid(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row) throw new AppError(404, apiMessages.orderNotFound);
        if (row.paid) throw new AppError(409, apiMessages.paidOrderCannotBeDeleted);
        await tx.delete(orders).where(and(eq(orders.id, id), eq(orders.paid, false)));
        if (row.productId) {
          await tx
            .update(products)
            .set({ availableQuantity: sql`${products.availableQuantity} + ${row.quantity}` })
            .where(eq(products.id, row.productId));
        }
      });
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
