import { setImmediate as nextTurn } from 'node:timers/promises';
import { asc, gt, sql } from 'drizzle-orm';
import { toCents, type Product } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { garageBikes, productFitment, products, vehicles, type ImportUndoChange } from '../db/schema.js';
import { toProduct } from '../db/product-row.js';
import type { Bike, CataloguePart } from './format.js';
import type { CatalogueSize } from './limits.js';

/** Parts read per query of an export: a page's rows and fitment, a few hundred kB. */
const EXPORT_PAGE = 1000;
/**
 * Rows per statement of an import, so that one statement holds the event loop some tens of
 * milliseconds (PGlite runs it synchronously; a part's row runs the search triggers, a fitment row
 * two foreign-key checks); the import lets other requests in between them. Parts are read 250 at a
 * time too: a row may be a few kB (its description and picture address).
 */
const PART_BATCH = 250;
const VEHICLE_BATCH = 1000;
/** Parts measured per statement, with their fitment rows. */
const SIZE_BATCH = 2000;
/** Fitment rows per statement (two array parameters, so no parameter limit). */
const FITMENT_BATCH = 2500;
/** Any fixed 64-bit key: imports take turns, so that two never both add the same new sku or bike. */
const IMPORT_LOCK_KEY = 7_252_031_127;

/** A stored part as an import compares it: its fields and the vehicles it fits. */
export interface StoredPart {
  id: string;
  product: Product;
  vehicleIds: ReadonlySet<string>;
}

export type StoredVehicle = typeof vehicles.$inferSelect;

/** A part's stock and minimum order as they are now, its row locked for the import's transaction. */
export interface LockedStock {
  availableQantity: number;
  minimumOderQantity: number;
}

/** A locked part: its stock, and its row as it is (column names, the stock left out) to undo a step with. */
export interface LockedPart extends LockedStock {
  before: Record<string, unknown>;
}

/** A part and the bikes it fits, as an export writes it. */
export type ExportedPart = Product & { bikes: Bike[] };

/** Ids as one parameter, a PostgreSQL array literal (Drizzle would spread a JS array into a list). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The items a batch at a time, other requests let in before each batch but the first. */
async function* batches<T>(items: readonly T[], size: number) {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await nextTurn();
    yield items.slice(start, start + size);
  }
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

    /**
     * The stored parts with these skus (compared ignoring case, as products_sku_unique does), by
     * lowercased sku, read a batch at a time.
     */
    async partsBySku(db: Database, skus: readonly string[]): Promise<Map<string, StoredPart>> {
      const parts = new Map<string, StoredPart>();
      for await (const batch of batches(skus, PART_BATCH)) {
        const keys = JSON.stringify(batch.map((sku) => sku.toLowerCase()));
        const rows = await db
          .select()
          .from(products)
          .where(sql`lower(${products.sku}) in (select jsonb_array_elements_text(${keys}::jsonb))`);
        const fitment = await vehicleIdsOf(
          db,
          rows.map((row) => row.id),
        );
        for (const row of rows) {
          const vehicleIds = new Set(fitment.get(row.id));
          parts.set(row.sku.toLowerCase(), { id: row.id, product: toProduct(row), vehicleIds });
        }
      }
      return parts;
    },

    /** Which of these skus the catalogue has (lowercased). */
    async takenSkus(db: Database, skus: readonly string[]): Promise<Set<string>> {
      const keys = JSON.stringify(skus.map((sku) => sku.toLowerCase()));
      const rows = await db
        .select({ sku: sql<string>`lower(${products.sku})` })
        .from(products)
        .where(sql`lower(${products.sku}) in (select jsonb_array_elements_text(${keys}::jsonb))`);
      return new Set(rows.map((row) => row.sku));
    },

    /**
     * The stock and minimum of these parts now, and their rows as they are, locked until the
     * transaction ends, in the order of their ids as checkouts lock theirs (so that the two queue up
     * instead of deadlocking). A part deleted meanwhile is missing from the answer.
     */
    async lockParts(tx: Database, ids: readonly string[]): Promise<Map<string, LockedPart>> {
      const locked = new Map<string, LockedPart>();
      for await (const batch of batches([...ids].sort(), PART_BATCH)) {
        const { rows } = (await tx.execute(sql`
          select id, available_quantity, minimum_order_quantity,
            to_jsonb(p) - 'available_quantity' - 'search_vector' - 'part_numbers' - 'seq' - 'created_at' as before
          from products as p
          where id = any(${uuidArray(batch)})
          order by id
          for no key update`)) as unknown as {
          rows: Array<{
            id: string;
            available_quantity: number;
            minimum_order_quantity: number;
            before: Record<string, unknown>;
          }>;
        };
        for (const row of rows) {
          locked.set(row.id, {
            availableQantity: row.available_quantity,
            minimumOderQantity: row.minimum_order_quantity,
            before: row.before,
          });
        }
      }
      return locked;
    },

    /** The vehicles each of these parts fits now, by part id. */
    fitmentOf: (tx: Database, productIds: readonly string[]) => vehicleIdsOf(tx, productIds),

    /**
     * Gives these parts back the columns they had (the step's `before`), and takes back the stock the
     * step added (never below nothing: what sold meanwhile stays sold).
     */
    async restoreParts(tx: Database, changes: readonly ImportUndoChange[]): Promise<void> {
      for await (const batch of batches(changes, PART_BATCH)) {
        const rows = batch.map(({ before, stockChange }) => ({ ...before, stock_change: stockChange }));
        await tx.execute(sql`
          update products as p set
            name = b.name, picture = b.picture, price_cents = b.price_cents,
            minimum_order_quantity = b.minimum_order_quantity, description = b.description, sku = b.sku,
            brand = b.brand, category = b.category, specs = b.specs, oem_numbers = b.oem_numbers,
            universal = b.universal, available_quantity = greatest(0, p.available_quantity - b.stock_change)
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as b(
            id uuid, name text, picture text, price_cents integer, minimum_order_quantity integer,
            description text, sku text, brand text, category text, specs jsonb, oem_numbers text[],
            universal boolean, stock_change integer)
          where p.id = b.id`);
      }
    },

    /** Deletes these parts (their fitment with them; the orders that hold them keep their lines). */
    async deleteParts(tx: Database, ids: readonly string[]): Promise<void> {
      for await (const batch of batches(ids, PART_BATCH)) {
        await tx.delete(products).where(sql`${products.id} = any(${uuidArray(batch)})`);
      }
    },

    /** Deletes those of these bikes no part fits and no garage holds. */
    async deleteUnusedVehicles(tx: Database, ids: readonly string[]): Promise<void> {
      for await (const batch of batches(ids, VEHICLE_BATCH)) {
        await tx.delete(vehicles).where(sql`${vehicles.id} = any(${uuidArray(batch)})
          and not exists (select 1 from ${productFitment} where ${productFitment.vehicleId} = ${vehicles.id})
          and not exists (select 1 from ${garageBikes} where ${garageBikes.vehicleId} = ${vehicles.id})`);
      }
    },

    /**
     * The catalogue's size, and at most how many bytes its export takes: each text at most twice
     * its length once quoted and escaped, and room for the numbers, separators and apostrophes a
     * line may have; each fitment row as its own `Make|Model|2015-2019` item (runs of years only
     * make it shorter). Specs are counted as their JSON text, which is longer than the cell. Read
     * 2,000 parts a statement (their fitment with them), other requests let in between.
     */
    async catalogueSize(): Promise<CatalogueSize> {
      // The BOM and the header line.
      const size: CatalogueSize = { parts: 0, fitmentRows: 0, exportBytes: 200 };
      for (let after = 0; ; await nextTurn()) {
        const query = await db.execute(sql`
          select count(*)::int as parts, coalesce(max(p.seq), 0)::float8 as last,
            coalesce(sum(fit.rows), 0)::int as rows,
            coalesce(sum(2 * (octet_length(p.sku) + octet_length(p.name) + octet_length(p.brand)
              + octet_length(p.category) + octet_length(p.description) + octet_length(p.picture)
              + octet_length(array_to_string(p.oem_numbers, ';')) + octet_length(p.specs::text)) + 120
              + fit.bytes), 0)::float8 as bytes
          from (select * from products where seq > ${after} order by seq limit ${SIZE_BATCH}) as p
          cross join lateral (
            select count(*) as rows, coalesce(sum(2 * (octet_length(v.make) + octet_length(v.model)) + 12), 0) as bytes
            from product_fitment f join vehicles v on v.id = f.vehicle_id
            where f.product_id = p.id) as fit`);
        const [batch] = (
          query as unknown as { rows: Array<{ parts: number; last: number; rows: number; bytes: number }> }
        ).rows;
        if (!batch || batch.parts === 0) return size;
        size.parts += batch.parts;
        size.fitmentRows += batch.rows;
        size.exportBytes += batch.bytes;
        after = batch.last;
      }
    },

    /** Every bike the catalogue knows (a shop knows a few thousand model years). */
    vehicles: (tx: Database): Promise<StoredVehicle[]> => tx.select().from(vehicles),

    /** Adds these bikes; one another writer added meanwhile is answered as it is stored. */
    async addVehicles(tx: Database, bikes: readonly Bike[]): Promise<StoredVehicle[]> {
      const added: StoredVehicle[] = [];
      for await (const batch of batches(bikes, VEHICLE_BATCH)) {
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
      for await (const batch of batches(parts, PART_BATCH)) {
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
      for await (const batch of batches(parts, PART_BATCH)) {
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
      for await (const batch of batches(productIds, FITMENT_BATCH)) {
        await tx.delete(productFitment).where(sql`${productFitment.productId} = any(${uuidArray(batch)})`);
      }
    },

    async addFitment(tx: Database, rows: ReadonlyArray<{ productId: string; vehicleId: string }>): Promise<void> {
      for await (const batch of batches(rows, FITMENT_BATCH)) {
        await tx.execute(sql`
          insert into product_fitment (product_id, vehicle_id)
          select * from unnest(${uuidArray(batch.map((row) => row.productId))}, ${uuidArray(batch.map((row) => row.vehicleId))})`);
      }
    },
  };
}

export type CatalogueCsvRepository = ReturnType<typeof createCatalogueCsvRepository>;
