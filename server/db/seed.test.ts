import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/project-root.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { PART_CATEGORIES, partSpecsSchema } from '../../contract/index.js';
import { productFitment, products, reviews, vehicles } from './schema.js';
import { seedCatalogueOnce } from './seed.js';

const shippedFile = (url: string) => path.join(projectRoot(), 'web', 'public', url);

describe('seedCatalogueOnce', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('when the database is new, then it seeds at least 60 parts over every category and 6 reviews', async () => {
    expect(await seedCatalogueOnce(database.db)).toBe(true);
    const seededProducts = await database.db.select().from(products);
    const seededReviews = await database.db.select().from(reviews);
    expect(seededProducts.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seededProducts.map((product) => product.category))).toEqual(new Set(PART_CATEGORIES));
    expect(seededReviews.length).toBeGreaterThanOrEqual(6);
    for (const product of seededProducts) {
      expect(product.priceCents).toBeGreaterThanOrEqual(100);
      expect(product.minimumOrderQuantity).toBeGreaterThanOrEqual(1);
      // Sold out, or orderable at its minimum.
      if (product.availableQuantity > 0) {
        expect(product.availableQuantity).toBeGreaterThanOrEqual(product.minimumOrderQuantity);
      }
      expect(product.description.length).toBeGreaterThan(60);
      expect(partSpecsSchema.safeParse(product.specs).success, product.sku).toBe(true);
    }
    for (const review of seededReviews) expect(review.rating).toBeGreaterThanOrEqual(1);
  });

  it('when seeded, then at least 40 model years of 8 makes have parts fitted to them', async () => {
    const fitted = await database.db
      .selectDistinct({ make: vehicles.make, model: vehicles.model, year: vehicles.year })
      .from(productFitment)
      .innerJoin(vehicles, eq(vehicles.id, productFitment.vehicleId));
    expect(fitted.length).toBeGreaterThanOrEqual(40);
    expect(new Set(fitted.map((vehicle) => vehicle.make)).size).toBeGreaterThanOrEqual(8);
    // A universal part needs no fitment; every other part fits at least one bike.
    const unfitted = await database.db
      .select({ sku: products.sku })
      .from(products)
      .leftJoin(productFitment, eq(productFitment.productId, products.id))
      .where(and(eq(products.universal, false), isNull(productFitment.productId)));
    expect(unfitted).toEqual([]);
  });

  it('when seeded, then the newest parts were added last, an hour apart', async () => {
    const newestFirst = await database.db.select().from(products).orderBy(desc(products.seq)).limit(2);
    const [newest, before] = newestFirst;
    expect(newest && before && newest.createdAt.getTime() - before.createdAt.getTime()).toBe(3_600_000);
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
