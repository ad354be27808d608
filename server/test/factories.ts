import { randomUUID } from 'node:crypto';
import type { Product } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { products, reviews, vehicles } from '../db/schema.js';
import { toProduct } from '../db/product-row.js';
import { generateSku } from '../products/repository.js';
import { toReview } from '../reviews/repository.js';
import { toVehicle } from '../vehicles/repository.js';

/** Inserts a product with sensible values; each test says only what matters to it. */
export async function buildProduct(db: Database, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      name: `Test part ${randomUUID().slice(0, 8)}`,
      picture: '/images/products/sample-part.svg',
      priceCents: 2500,
      availableQuantity: 100,
      minimumOrderQuantity: 5,
      description: 'A part made for a test.',
      sku: generateSku(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toProduct(row);
}

export async function buildReview(db: Database, overrides: Partial<typeof reviews.$inferInsert> = {}) {
  const [row] = await db
    .insert(reviews)
    .values({
      name: 'Test Rider',
      email: `rider-${randomUUID().slice(0, 8)}@example.com`,
      photoUrl: '/images/reviewers/default-user.svg',
      rating: 5,
      feedback: 'Written by a test.',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toReview(row);
}

/** Inserts a model year of a bike (a new one each call unless the test says which). */
export async function buildVehicle(db: Database, overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  const [row] = await db
    .insert(vehicles)
    .values({ make: 'Testmake', model: `Model ${randomUUID().slice(0, 8)}`, year: 2020, ...overrides })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toVehicle(row);
}

/**
 * Inserts `count` parts in a few statements (a large catalogue in seconds), named `<prefix> <n>` with
 * sku `<prefix>-<n>`, n from 1 in the order they are inserted; each a tenth of them below its minimum
 * order. Answers them in that order, oldest first.
 */
export async function buildManyProducts(db: Database, count: number, prefix = 'Bulk part') {
  const built: Product[] = [];
  for (let start = 1; start <= count; start += 500) {
    const values = Array.from({ length: Math.min(500, count - start + 1) }, (_, index) => {
      const n = start + index;
      return {
        name: `${prefix} ${n}`,
        picture: '/images/products/sample-part.svg',
        priceCents: 1000 + n,
        availableQuantity: n % 10 === 0 ? 1 : 50,
        minimumOrderQuantity: 2,
        description: 'One of many.',
        sku: `${prefix.replace(/\W+/g, '-')}-${n}`,
      };
    });
    const rows = await db.insert(products).values(values).returning();
    built.push(...rows.sort((a, b) => a.seq - b.seq).map(toProduct));
  }
  return built;
}
