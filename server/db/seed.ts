import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { seedBikeModels, seedProducts, type SeedProduct } from './sample-catalogue.js';
import { appMeta, productFitment, products, reviews, vehicles } from './schema.js';
import { seedReviews } from './seed-data.js';

const SEEDED_KEY = 'catalogue_seeded_at';
/** The sample parts were added an hour apart, the newest an hour ago: `createdAt` reads like a shop's. */
const HOUR_MS = 3_600_000;

const modelKey = (make: string, model: string) => `${make}|${model}`;
const vehicleKey = (make: string, model: string, year: number) => `${make}|${model}|${year}`;

const knownYears = new Map(seedBikeModels.map((bike) => [modelKey(bike.make, bike.model), bike.years]));

/** The model years a part fits: a fit without years is every year the catalogue knows of the model. */
function fittedYears(product: SeedProduct): Array<{ make: string; model: string; year: number }> {
  return product.fits.flatMap(({ make, model, years }) => {
    const known = knownYears.get(modelKey(make, model));
    if (!known) throw new Error(`sample part ${product.sku} fits an unknown bike: ${make} ${model}`);
    return (years ?? known).map((year) => ({ make, model, year }));
  });
}

/**
 * Seeds the sample catalogue (parts, bikes, which part fits which bike, reviews) once in a
 * database's life: a marker row, written in the same transaction, keeps a later start (or an admin
 * who deleted every product) from seeding again.
 */
export async function seedCatalogueOnce(db: Database, now = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (marker.length > 0) return false;

    const vehicleRows = await tx
      .insert(vehicles)
      .values(seedBikeModels.flatMap(({ make, model, years }) => years.map((year) => ({ make, model, year }))))
      .returning();
    const vehicleIds = new Map(vehicleRows.map((row) => [vehicleKey(row.make, row.model, row.year), row.id]));

    // Oldest first, so that `seq` (newest first) follows the list.
    const productRows = await tx
      .insert(products)
      .values(
        seedProducts.map(({ fits: _fits, ...product }, index) => ({
          ...product,
          createdAt: new Date(now - (seedProducts.length - index) * HOUR_MS),
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    const productIds = new Map(productRows.map((row) => [row.sku, row.id]));

    const fitment = seedProducts.flatMap((product) =>
      fittedYears(product).map(({ make, model, year }) => {
        const vehicleId = vehicleIds.get(vehicleKey(make, model, year));
        if (!vehicleId)
          throw new Error(`sample part ${product.sku} fits a year not in the catalogue: ${year} ${make} ${model}`);
        return { productId: productIds.get(product.sku) ?? '', vehicleId };
      }),
    );
    if (fitment.length > 0) await tx.insert(productFitment).values(fitment).onConflictDoNothing();

    await tx.insert(reviews).values(seedReviews);
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date(now).toISOString() });
    return true;
  });
}

/**
 * What the sample catalogue is: its rows and the code that adds them. The build's cluster with the
 * sample in it is named by this (pglite-template.ts), so a change to either makes a new one.
 */
export function sampleCatalogueHash(): string {
  return createHash('sha256')
    .update(JSON.stringify([seedBikeModels, seedProducts, seedReviews]))
    .update(String(seedCatalogueOnce))
    .update(String(fittedYears))
    .digest('hex')
    .slice(0, 12);
}
