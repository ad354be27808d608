import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { products, reviews } from '../db/schema.js';
import { toProduct } from '../products/repository.js';
import { toReview } from '../reviews/repository.js';

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
