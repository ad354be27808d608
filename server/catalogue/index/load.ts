import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Product } from '../../../contract/index.js';
import type { Database } from '../../db/client.js';
import type { products } from '../../db/schema.js';
import { toProduct } from '../../products/repository.js';

/** Parts read per query while the index is built: a few MB of rows, the event loop let go between. */
const LOAD_PAGE = 2000;
/** Fitment rows read per query. */
const FITMENT_PAGE = 50_000;

/** A part as the index keeps it: the answer's product, and what the search compares. */
export interface IndexedPart {
  product: Product;
  seq: number;
  priceCents: number;
  /** The contract's canBeOrdered: the minimum order can be met. */
  inStock: boolean;
  /** `lower(name)` as the database lowercases it, for the sort by name (compared by code points). */
  nameKey: string;
  compound: string | null;
  position: string | null;
  /** Its numbers normalized (`products.part_numbers`): the sku and OEM numbers. */
  partNumbers: string[];
  /** Each lexeme of its `search_vector` with the weights it is found with (`AD`: name and description). */
  lexemes: Array<[lexeme: string, weights: string]>;
}

/** What the catalogue holds, as read from the database for an index. */
export interface CatalogueSnapshot {
  /** Oldest first (by `seq`). */
  parts: IndexedPart[];
  /** The parts each bike fits, by the bike's id (part ids). */
  fitment: Map<string, string[]>;
  vehicleIds: Set<string>;
  /** The catalogue's words, as `search_terms` keeps them. */
  vocabulary: string[];
}

type Row = typeof products.$inferSelect & {
  name_key: string;
  part_numbers: string[];
  compound: string | null;
  position: string | null;
  lexemes: string;
};

/** Reads the whole catalogue, a page at a time, other requests let in between. */
export async function loadCatalogue(db: Database): Promise<CatalogueSnapshot> {
  const parts: IndexedPart[] = [];
  for (let after = 0; ; await nextTurn()) {
    const { rows } = (await db.execute(sql`
      select p.id, p.seq, p.name, p.picture, p.price_cents as "priceCents",
        p.available_quantity as "availableQuantity", p.minimum_order_quantity as "minimumOrderQuantity",
        p.description, p.sku, p.brand, p.category, p.specs, p.oem_numbers as "oemNumbers", p.universal,
        p.created_at as "createdAt", lower(p.name) as name_key, p.part_numbers,
        p.specs ->> 'compound' as compound, p.specs ->> 'position' as position,
        p.search_vector::text as lexemes
      from products as p
      where p.seq > ${after}
      order by p.seq
      limit ${LOAD_PAGE}`)) as unknown as { rows: Row[] };
    if (rows.length === 0) break;
    for (const row of rows) parts.push(indexedPart(row));
    after = Number(rows[rows.length - 1]?.seq ?? after);
  }

  const fitment = new Map<string, string[]>();
  for (
    let after = { vehicle: '00000000-0000-0000-0000-000000000000', product: '00000000-0000-0000-0000-000000000000' };
    ;
    await nextTurn()
  ) {
    const { rows } = (await db.execute(sql`
      select vehicle_id::text as vehicle, product_id::text as product from product_fitment
      where (vehicle_id, product_id) > (${after.vehicle}::uuid, ${after.product}::uuid)
      order by vehicle_id, product_id
      limit ${FITMENT_PAGE}`)) as unknown as { rows: Array<{ vehicle: string; product: string }> };
    if (rows.length === 0) break;
    for (const { vehicle, product } of rows) {
      const list = fitment.get(vehicle);
      if (list) list.push(product);
      else fitment.set(vehicle, [product]);
    }
    after = rows[rows.length - 1] ?? after;
  }

  const { rows: vehicles } = (await db.execute(sql`select id::text as id from vehicles`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const { rows: terms } = (await db.execute(sql`select term from search_terms`)) as unknown as {
    rows: Array<{ term: string }>;
  };
  return {
    parts,
    fitment,
    vehicleIds: new Set(vehicles.map(({ id }) => id)),
    vocabulary: terms.map(({ term }) => term),
  };
}

function indexedPart(row: Row): IndexedPart {
  const createdAt = row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt);
  const product = toProduct({ ...row, seq: Number(row.seq), createdAt });
  return {
    product,
    seq: Number(row.seq),
    priceCents: row.priceCents,
    inStock: row.availableQuantity >= row.minimumOrderQuantity,
    nameKey: row.name_key,
    compound: row.compound,
    position: row.position,
    partNumbers: row.part_numbers,
    lexemes: readTsvector(row.lexemes),
  };
}

/**
 * A tsvector's text (`'brake':1A,5 'pad':2A 'it''s':3`): each lexeme with the weights of its
 * positions (`AD`), a position without a letter being D. Lexemes are quoted, a quote in one doubled.
 */
export function readTsvector(text: string): Array<[lexeme: string, weights: string]> {
  const lexemes: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] !== "'") {
      at += 1;
      continue;
    }
    let lexeme = '';
    at += 1;
    for (;;) {
      const quote = text.indexOf("'", at);
      if (quote === -1) throw new Error(`a tsvector's lexeme is not closed: ${text.slice(0, 80)}`);
      lexeme += text.slice(at, quote);
      if (text[quote + 1] === "'") {
        lexeme += "'";
        at = quote + 2;
      } else {
        at = quote + 1;
        break;
      }
    }
    let weights = '';
    if (text[at] === ':') {
      const space = text.indexOf(' ', at);
      const end = space === -1 ? text.length : space;
      for (const position of text.slice(at + 1, end).split(',')) {
        const last = position.at(-1) ?? '';
        weights += last >= 'A' && last <= 'C' ? last : 'D';
      }
      at = end;
    }
    lexemes.push([lexeme.replace(/\\\\/g, '\\'), weights]);
  }
  return lexemes;
}
