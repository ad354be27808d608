import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/project-root.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { products, reviews } from './schema.js';
import { seedCatalogueOnce } from './seed.js';

const shippedFile = (url: string) => path.join(projectRoot(), 'web', 'public', url);

describe('seedCatalogueOnce', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('when the database is new, then it seeds at least 12 parts and 6 reviews', async () => {
    expect(await seedCatalogueOnce(database.db)).toBe(true);
    const seededProducts = await database.db.select().from(products);
    const seededReviews = await database.db.select().from(reviews);
    expect(seededProducts.length).toBeGreaterThanOrEqual(12);
    expect(seededReviews.length).toBeGreaterThanOrEqual(6);
    for (const product of seededProducts) {
      expect(product.priceCents).toBeGreaterThanOrEqual(100);
      expect(product.minimumOrderQuantity).toBeGreaterThanOrEqual(1);
      expect(product.availableQuantity).toBeGreaterThanOrEqual(product.minimumOrderQuantity);
      expect(product.description.length).toBeGreaterThan(60);
    }
    for (const review of seededReviews) expect(review.rating).toBeGreaterThanOrEqual(1);
  });

  it('when seeded, then every picture and photo is a file shipped with the app (no external URL)', async () => {
    const urls = [
      ...(await database.db.select().from(products)).map((product) => product.picture),
      ...(await database.db.select().from(reviews)).map((review) => review.photoUrl),
    ];
    for (const url of urls) {
      expect(url).toMatch(/^\/images\//);
      expect(existsSync(shippedFile(url)), url).toBe(true);
    }
  });

  it('when it runs again, even after every product was deleted, then it seeds nothing', async () => {
    await database.db.delete(products);
    expect(await seedCatalogueOnce(database.db)).toBe(false);
    expect(await database.db.select().from(products)).toHaveLength(0);
  });
});
