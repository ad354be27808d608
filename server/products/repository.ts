import { desc, eq } from 'drizzle-orm';
import type { NewProduct, Product } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { products } from '../db/schema.js';

type ProductRow = typeof products.$inferSelect;

/** Prices are stored in cents so that totals are exact; the API speaks in currency units. */
export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  picture: row.picture,
  price: row.priceCents / 100,
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

    async create(product: NewProduct): Promise<Product> {
      const [row] = await db
        .insert(products)
        .values({
          name: product.name,
          picture: product.picture,
          priceCents: Math.round(product.price * 100),
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
