import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { appMeta, products, reviews } from './schema.js';
import { seedProducts, seedReviews } from './seed-data.js';

const SEEDED_KEY = 'catalogue_seeded_at';

/**
 * Seeds the sample catalogue once in a database's life: a marker row, written in the same
 * transaction, keeps a later start (or an admin who deleted every product) from seeding again.
 */
export async function seedCatalogueOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (marker.length > 0) return false;
    await tx.insert(products).values(seedProducts);
    await tx.insert(reviews).values(seedReviews);
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
