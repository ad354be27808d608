import { and, asc, count, eq, sql } from 'drizzle-orm';
import { fromCents, lineTotalCents, MAX_CART_LINES, type Cart } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { cartLines, products, users } from '../db/schema.js';
import { toProduct } from '../db/product-row.js';

/** A cart line as the checkout needs it: the part and how many. */
export interface StoredCartLine {
  productId: string;
  quantity: number;
}

/**
 * Customers' carts: one row a part, read with the parts' current names, prices and stock. The rules
 * (what quantity a line may hold) are the cart routes'; the checkout reads and empties a cart in its
 * own transaction.
 */
export function createCartRepository(db: Database) {
  return {
    /** The cart as the API answers it, lines oldest first. */
    async read(userId: string, tx: Database = db): Promise<Cart> {
      const rows = await tx
        .select({ line: cartLines, product: products })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(cartLines.userId, userId))
        .orderBy(asc(cartLines.seq));
      let subtotalCents = 0;
      let units = 0;
      const lines = rows.map(({ line, product: row }) => {
        const product = toProduct(row);
        const totalCents = lineTotalCents(product.price, line.quantity);
        subtotalCents += totalCents;
        units += line.quantity;
        return {
          productId: product._id,
          name: product.name,
          sku: product.sku,
          picture: product.picture,
          unitPrice: product.price,
          quantity: line.quantity,
          lineTotal: fromCents(totalCents),
          minimumOderQantity: product.minimumOderQantity,
          availableQantity: product.availableQantity,
        };
      });
      return { lines, count: units, subtotal: fromCents(subtotalCents) };
    },

    /**
     * Sets a line's quantity, adding the line when it is not there yet (it keeps its place otherwise),
     * unless that would take the cart past MAX_CART_LINES. The customer's row is locked meanwhile, so
     * parts added at once are counted one after another and never overfill the cart.
     */
    async set(userId: string, productId: string, quantity: number): Promise<'set' | 'full'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const [held] = await tx
          .select({ lines: count(), hasThis: sql<boolean>`bool_or(${cartLines.productId} = ${productId})` })
          .from(cartLines)
          .where(eq(cartLines.userId, userId));
        if (!held?.hasThis && (held?.lines ?? 0) >= MAX_CART_LINES) return 'full';
        await tx
          .insert(cartLines)
          .values({ userId, productId, quantity })
          .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity } });
        return 'set';
      });
    },

    async remove(userId: string, productId: string): Promise<void> {
      await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
    },

    /**
     * The cart's lines, locked until the caller's transaction ends (a second checkout of the same
     * cart waits, then finds it empty), oldest first.
     */
    async lockLines(userId: string, tx: Database): Promise<StoredCartLine[]> {
      return tx
        .select({ productId: cartLines.productId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.userId, userId))
        .orderBy(asc(cartLines.seq))
        .for('update');
    },

    async empty(userId: string, tx: Database): Promise<void> {
      await tx.delete(cartLines).where(eq(cartLines.userId, userId));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
