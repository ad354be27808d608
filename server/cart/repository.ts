import { and, asc, count, eq } from 'drizzle-orm';
import { fromCents, lineTotalCents, type Cart } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { cartLines, products } from '../db/schema.js';
import { toProduct } from '../products/repository.js';

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

    /** How many lines the cart has. */
    async lineCount(userId: string): Promise<number> {
      const [row] = await db.select({ lines: count() }).from(cartLines).where(eq(cartLines.userId, userId));
      return row?.lines ?? 0;
    },

    /** Sets a line's quantity, adding the line when it is not there yet (it keeps its place otherwise). */
    async set(userId: string, productId: string, quantity: number): Promise<void> {
      await db
        .insert(cartLines)
        .values({ userId, productId, quantity })
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity } });
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
