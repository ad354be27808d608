import { asc, gt, sql } from 'drizzle-orm';
import { toCents, type Product } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { productFitment, products, vehicles } from '../db/schema.js';
import { toProduct } from '../products/repository.js';
import type { Bike, CataloguePart } from './format.js';

/** Parts read per query of an export: a page's rows and fitment, a few hundred kB. */
const EXPORT_PAGE = 1000;
/** Parts written per statement (one JSON parameter of a few MB). */
const PART_BATCH = 5000;
const VEHICLE_BATCH = 5000;
/** Fitment rows per statement (two array parameters, so no parameter limit; a few MB each). */
const FITMENT_BATCH = 20_000;
/** Any fixed 64-bit key: imports take turns, so that two never both add the same new sku or bike. */
const IMPORT_LOCK_KEY = 7_252_031_127;

/** A stored part as an import compares it: its fields and the vehicles it fits. */
export interface StoredPart {
  id: string;
  product: Product;
  vehicleIds: ReadonlySet<string>;
}

export type StoredVehicle = typeof vehicles.$inferSelect;

/** A part and the bikes it fits, as an export writes it. */
export type ExportedPart = Product & { bikes: Bike[] };

/** Ids as one parameter, a PostgreSQL array literal (Drizzle would spread a JS array into a list). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function* batches<T>(items: readonly T[], size: number) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** A part's row as JSON for jsonb_to_recordset (the database's column names). */
const rowOf = (part: CataloguePart) => ({
  name: part.name,
  picture: part.picture,
  price_cents: toCents(part.price),
  available_quantity: part.availableQantity,
  minimum_order_quantity: part.minimumOderQantity,
  description: part.description,
  sku: part.sku,
  brand: part.brand,
  category: part.category,
  specs: part.specs,
  oem_numbers: part.oemNumbers,
  universal: part.universal,
});

/**
 * A batch of parts' rows as one JSON parameter: PGlite binds a few parameters much faster than
 * thousands (a multi-row VALUES list took twice as long), and PostgreSQL has no limit to reach.
 */
const partRows = (rows: object[]) => sql`rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (
    id uuid, name text, picture text, price_cents integer, available_quantity integer,
    minimum_order_quantity integer, description text, sku text, brand text, category text,
    specs jsonb, oem_numbers text[], universal boolean)) with ordinality`;

/**
 * The vehicles each of these parts fits, by part id. One row a part, its ids joined: a part fits ten
 * bikes or more, and reading ten times the rows through PGlite costs more than the query itself.
 */
async function vehicleIdsOf(tx: Database, productIds: readonly string[]): Promise<Map<string, string[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({
      productId: productFitment.productId,
      vehicleIds: sql<string>`string_agg(${productFitment.vehicleId}::text, ',')`,
    })
    .from(productFitment)
    .where(sql`${productFitment.productId} = any(${uuidArray(productIds)})`)
    .groupBy(productFitment.productId);
  return new Map(rows.map((row) => [row.productId, row.vehicleIds.split(',')]));
}

async function bikesById(db: Database): Promise<Map<string, Bike>> {
  const rows = await db.select().from(vehicles);
  return new Map(rows.map(({ id, make, model, year }) => [id, { make, model, year }]));
}

/** The catalogue in bulk: every part with its bikes for an export, and an import's batched writes. */
export function createCatalogueCsvRepository(db: Database) {
  return {
    /**
     * Every part with the bikes it fits, oldest first, a page at a time: the next page is read when
     * the one before has been taken. Pages follow `seq`, so a part changed meanwhile is still listed
     * once (each page shows the parts as they are when it is read).
     */
    async *pages(pageSize = EXPORT_PAGE): AsyncGenerator<ExportedPart[]> {
      let bikes = await bikesById(db);
      for (let after = 0; ;) {
        const rows = await db
          .select()
          .from(products)
          .where(gt(products.seq, after))
          .orderBy(asc(products.seq))
          .limit(pageSize);
        if (rows.length === 0) return;
        const fitment = await vehicleIdsOf(
          db,
          rows.map((row) => row.id),
        );
        // A bike added since the export began (by an import meanwhile): read them again.
        if ([...fitment.values()].flat().some((id) => !bikes.has(id))) bikes = await bikesById(db);
        yield rows.map((row) => ({
          ...toProduct(row),
          bikes: (fitment.get(row.id) ?? []).flatMap((id) => bikes.get(id) ?? []),
        }));
        after = rows[rows.length - 1]?.seq ?? after;
      }
    },

    /** Waits, in the caller's transaction, until no other import is running; held until it ends. */
    async lockImports(tx: Database): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    },

    /** The stored parts with these skus (compared ignoring case, as products_sku_unique does), by lowercased sku. */
    async partsBySku(tx: Database, skus: readonly string[]): Promise<Map<string, StoredPart>> {
      const keys = JSON.stringify(skus.map((sku) => sku.toLowerCase()));
      const rows = await tx
        .select()
        .from(products)
        .where(sql`lower(${products.sku}) in (select jsonb_array_elements_text(${keys}::jsonb))`);
      const fitment = await vehicleIdsOf(
        tx,
        rows.map((row) => row.id),
      );
      return new Map(
        rows.map((row) => [
          row.sku.toLowerCase(),
          { id: row.id, product: toProduct(row), vehicleIds: new Set(fitment.get(row.id)) },
        ]),
      );
    },

    /** Every bike the catalogue knows (a shop knows a few thousand model years). */
    vehicles: (tx: Database): Promise<StoredVehicle[]> => tx.select().from(vehicles),

    /** Adds these bikes; one another writer added meanwhile is answered as it is stored. */
    async addVehicles(tx: Database, bikes: readonly Bike[]): Promise<StoredVehicle[]> {
      const added: StoredVehicle[] = [];
      for (const batch of batches(bikes, VEHICLE_BATCH)) {
        added.push(
          ...(await tx
            .insert(vehicles)
            .values([...batch])
            .onConflictDoUpdate({
              target: [vehicles.make, vehicles.model, vehicles.year],
              set: { make: sql`excluded.make` },
            })
            .returning()),
        );
      }
      return added;
    },

    /** Adds the parts, in the file's order (the last is the newest); answers their ids by lowercased sku. */
    async insertParts(tx: Database, parts: readonly CataloguePart[]): Promise<Map<string, string>> {
      const ids = new Map<string, string>();
      for (const batch of batches(parts, PART_BATCH)) {
        const { rows } = (await tx.execute(sql`
          insert into products (name, picture, price_cents, available_quantity, minimum_order_quantity,
            description, sku, brand, category, specs, oem_numbers, universal)
          select name, picture, price_cents, available_quantity, minimum_order_quantity,
            description, sku, brand, category, specs, oem_numbers, universal
          from ${partRows(batch.map(rowOf))} as v
          order by v.ordinality
          returning id, sku`)) as unknown as { rows: Array<{ id: string; sku: string }> };
        for (const row of rows) ids.set(row.sku.toLowerCase(), row.id);
      }
      return ids;
    },

    /** Writes these parts' fields over the stored ones (their id, `seq` and date stay). */
    async updateParts(tx: Database, parts: ReadonlyArray<{ id: string; part: CataloguePart }>): Promise<void> {
      for (const batch of batches(parts, PART_BATCH)) {
        await tx.execute(sql`
          update products as p set
            name = v.name, picture = v.picture, price_cents = v.price_cents,
            available_quantity = v.available_quantity, minimum_order_quantity = v.minimum_order_quantity,
            description = v.description, sku = v.sku, brand = v.brand, category = v.category,
            specs = v.specs, oem_numbers = v.oem_numbers, universal = v.universal
          from ${partRows(batch.map(({ id, part }) => ({ id, ...rowOf(part) })))} as v
          where p.id = v.id`);
      }
    },

    /** Takes away every bike these parts fit. */
    async removeFitment(tx: Database, productIds: readonly string[]): Promise<void> {
      for (const batch of batches(productIds, FITMENT_BATCH)) {
        await tx.delete(productFitment).where(sql`${productFitment.productId} = any(${uuidArray(batch)})`);
      }
    },

    async addFitment(tx: Database, rows: ReadonlyArray<{ productId: string; vehicleId: string }>): Promise<void> {
      for (const batch of batches(rows, FITMENT_BATCH)) {
        await tx.execute(sql`
          insert into product_fitment (product_id, vehicle_id)
          select * from unnest(${uuidArray(batch.map((row) => row.productId))}, ${uuidArray(batch.map((row) => row.vehicleId))})`);
      }
    },
  };
}

export type CatalogueCsvRepository = ReturnType<typeof createCatalogueCsvRepository>;
