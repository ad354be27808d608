import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminProductsResponse,
  editedProduct,
  toCents,
  type NewProduct,
  type Product,
  type productPatchSchema,
} from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { contains } from '../db/contains.js';
import { isUniqueViolation } from '../db/errors.js';
import { toProduct } from '../db/product-row.js';
import { products } from '../db/schema.js';

/** Manage Products' question: `q` already trimmed (empty matches every part). */
export interface ProductSearch {
  q: string;
  belowMinimum: boolean;
  page: number;
  pageSize: number;
}
type ProductPatchInput = z.output<typeof productPatchSchema>;

const SKU_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A part number for a part added without one: `BH-` and eight letters and digits (no 0/O, 1/I). */
export const generateSku = () =>
  `BH-${Array.from(randomBytes(8), (byte) => SKU_ALPHABET[byte % SKU_ALPHABET.length]).join('')}`;
const GENERATED_SKU_ATTEMPTS = 5;
const SKU_INDEX = 'products_sku_unique';

export type CreateResult = { created: Product } | { skuTaken: true };
export type EditResult = { edited: Product } | { notFound: true } | { skuTaken: true } | { invalid: z.ZodError };

/** A part's columns from Add Product's fields. */
const productColumns = (product: NewProduct) => ({
  name: product.name,
  picture: product.picture,
  priceCents: toCents(product.price),
  availableQuantity: product.availableQantity,
  minimumOrderQuantity: product.minimumOderQantity,
  description: product.description,
  brand: product.brand,
  category: product.category,
  specs: product.specs,
  oemNumbers: product.oemNumbers,
  universal: product.universal,
});

export function createProductRepository(db: Database) {
  return {
    /** The `limit` newest parts, oldest first (`GET /api/products`; the home shows them reversed). */
    async newest(limit: number): Promise<Product[]> {
      const rows = await db.select().from(products).orderBy(desc(products.seq)).limit(limit);
      return rows.reverse().map(toProduct);
    },

    /**
     * One page of Manage Products, newest first: the parts whose name, sku or brand contains `q`
     * (and, asked, only those below their minimum order), how many match, and how many of the parts
     * matching `q` are below their minimum. Two queries.
     */
    async page({ q, belowMinimum, page, pageSize }: ProductSearch): Promise<AdminProductsResponse> {
      const byText =
        q === '' ? undefined : or(contains(products.name, q), contains(products.sku, q), contains(products.brand, q));
      const below = lt(products.availableQuantity, products.minimumOrderQuantity);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(and(byText, belowMinimum ? below : undefined))
          .orderBy(desc(products.seq))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ all: count(), below: sql<number>`count(*) filter (where ${below})`.mapWith(Number) })
          .from(products)
          .where(byText),
      ]);
      const belowMinimumCount = counted?.below ?? 0;
      return {
        items: rows.map(toProduct),
        total: belowMinimum ? belowMinimumCount : (counted?.all ?? 0),
        page,
        pageSize,
        belowMinimumCount,
      };
    },

    async findById(id: string): Promise<Product | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row && toProduct(row);
    },

    /**
     * The part, its row locked until the caller's transaction ends: orders for it queue up here. The
     * lock is `FOR NO KEY UPDATE` (what changing its stock takes anyway): writers of rows that refer
     * to the part (a cart line, an order line) check it with `FOR KEY SHARE` and need not wait.
     */
    async lockById(id: string, tx: Database): Promise<Product | undefined> {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
      return row && toProduct(row);
    },

    /**
     * Several parts, locked in the order of their ids (every checkout locks in the same order, so two
     * checkouts sharing parts queue up instead of deadlocking), by id.
     */
    async lockMany(ids: readonly string[], tx: Database): Promise<Map<string, Product>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(asc(products.id))
        .for('no key update');
      return new Map(rows.map((row) => [row.id, toProduct(row)]));
    },

    /** Moves stock: `change` parts out (negative) or back in (positive), in the caller's transaction. */
    async changeStock(id: string, change: number, tx: Database): Promise<void> {
      await tx
        .update(products)
        .set({ availableQuantity: sql`${products.availableQuantity} + ${change}` })
        .where(eq(products.id, id));
    },

    /**
     * Adds a part. A sku already taken (ignoring case) answers `skuTaken` when it was given; a
     * generated one that happens to be taken is drawn again.
     */
    async create(product: NewProduct): Promise<CreateResult> {
      for (let attempt = 1; ; attempt += 1) {
        const sku = product.sku ?? generateSku();
        try {
          const [row] = await db
            .insert(products)
            .values({ ...productColumns(product), sku })
            .returning();
          if (!row) throw new Error('product insert returned no row');
          return { created: toProduct(row) };
        } catch (error) {
          if (!isUniqueViolation(error, SKU_INDEX)) throw error;
          if (product.sku !== undefined) return { skuTaken: true };
          if (attempt >= GENERATED_SKU_ATTEMPTS) throw error;
        }
      }
    },

    /**
     * Lays `patch` over the part and saves it if the result keeps Add Product's rules. The part is
     * locked meanwhile, so an order taking stock at the same moment is either before (and the
     * stock the admin writes replaces what it left) or after (and takes from the new stock). Orders
     * placed before keep the name and price they were placed with (their lines hold them).
     */
    async edit(id: string, patch: ProductPatchInput): Promise<EditResult> {
      try {
        return await db.transaction(async (tx) => {
          const [current] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
          if (!current) return { notFound: true };
          const result = editedProduct(toProduct(current), patch);
          if (!result.success) return { invalid: result.error };
          const edited = result.data;
          const [row] = await tx
            .update(products)
            .set({ ...productColumns(edited), sku: edited.sku ?? current.sku })
            .where(eq(products.id, id))
            .returning();
          if (!row) throw new Error('product update returned no row');
          return { edited: toProduct(row) };
        });
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return { skuTaken: true };
        throw error;
      }
    },

    /** Orders keep their product's name and price; their link to it is cleared (schema: set null). */
    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      return deleted.length === 1;
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
