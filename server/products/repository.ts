import { desc, eq, sql } from 'drizzle-orm';
import { fromCents, toCents, type NewProduct, type Product } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { products } from '../db/schema.js';

type ProductRow = typeof products.$inferSelect;

/** Prices are stored in cents so that totals are exact; the API speaks in currency units. */
export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  picture: row.picture,
  price: fromCents(row.priceCents),
  availableQantity: row.availableQuantity,
  minimumOderQantity: row.minimumOrderQuantity,
  description: row.description,
});

export function createProductRepository(db: Database) {
  return {
    /** Newest first. */
    async list(limit?: number): Promise<Product[]> {
      const query = db.select().from(products).orderBy(desc(products.seq)).$dynamic();
      const rows = await (limit === undefined ? query : query.limit(limit));
      return rows.map(toProduct);
    },

    async findById(id: string): Promise<Product | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row && toProduct(row);
    },

    /** The part, its row locked until the caller's transaction ends: orders for it queue up here. */
    async lockById(id: string, tx: Database): Promise<Product | undefined> {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      return row && toProduct(row);
    },

    /** Moves stock: `change` parts out (negative) or back in (positive), in the caller's transaction. */
    async changeStock(id: string, change: number, tx: Database): Promise<void> {
      await tx
        .update(products)
        .set({ availableQuantity: sql`${products.availableQuantity} + ${change}` })
        .where(eq(products.id, id));
    },

    async create(product: NewProduct): Promise<Product> {
      const [row] = await db
        .insert(products)
        .values({
          name: product.name,
          picture: product.picture,
          priceCents: toCents(product.price),
          availableQuantity: product.availableQantity,
          minimumOrderQuantity: product.minimumOderQantity,
          description: product.description,
        })
        .returning();
      if (!row) throw new Error('product insert returned no row');
      return toProduct(row);
    },

    /** Orders keep their product's name and price; their link to it is cleared (schema: set null). */
    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      return deleted.length === 1;
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
