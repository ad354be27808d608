import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { products } from '../../db/schema.js';
import { toProduct } from '../../db/product-row.js';
import { timeSlices } from '../../lib/sort-in-slices.js';

/**
 * Parts read per query while the index is built, the event loop let go between. Pages of 1,000 (and
 * fitment for 1,000 bikes) left the store 50-150 MB larger at 100,000 parts (the pages' garbage,
 * promoted faster than it was collected, and PGlite's memory grown for larger results); pages of 250
 * took PGlite 2 s longer (8.3 s against 6.2).
 */
const LOAD_PAGE = 500;
/** Words of the catalogue's vocabulary read per query. */
const TERMS_PAGE = 10_000;
/** Changed parts read per query. */
const CHANGED_PAGE = 100;
/**
 * Bikes whose fitment is read per query: 250 made queries of 33 ms on PGlite at 100,000 parts (the
 * loop held while it ran), 50 some 7 ms.
 */
const FITMENT_BIKES_PAGE = 50;
/**
 * A page's parts made ready for the index at a time, the event loop let in between (after the page's
 * query too): a page of 500 in one go held it some 12 ms besides its query.
 */
const PARTS_AT_A_TIME = 100;

/**
 * A part as the index keeps it: the answer's product as JSON (a string takes a third of the memory
 * of the object), and what the search compares.
 */
export interface IndexedPart {
  id: string;
  /** The product as the API gives it (`Product`), serialized. */
  json: string;
  seq: number;
  priceCents: number;
  /** The contract's canBeOrdered: the minimum order can be met. */
  inStock: boolean;
  universal: boolean;
  category: string;
  brand: string;
  /** `lower(name)` as the database lowercases it, for the sort by name (compared by code points). */
  nameKey: string;
  compound: string | null;
  position: string | null;
  /** Its numbers normalized (`products.part_numbers`): the sku and OEM numbers. */
  partNumbers: string[];
  /** Each lexeme of its `search_vector` with the weights it is found with (`AD`: name and description). */
  lexemes: Array<[lexeme: string, weights: string]>;
}

/** A part as a change brings it: what the index keeps, and the bikes it fits. */
export interface ChangedPart extends IndexedPart {
  bikes: string[];
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

type Row = Omit<typeof products.$inferSelect, 'createdAt'> & {
  createdAt: Date | string;
  name_key: string;
  part_numbers: string[];
  compound: string | null;
  position: string | null;
  lexemes: string;
};

/** A part's columns as the index reads them (`p` the products table). */
const PART_COLUMNS = sql`p.id, p.seq, p.name, p.picture, p.price_cents as "priceCents",
  p.available_quantity as "availableQuantity", p.minimum_order_quantity as "minimumOrderQuantity",
  p.description, p.sku, p.brand, p.category, p.specs, p.oem_numbers as "oemNumbers", p.universal,
  p.created_at as "createdAt", lower(p.name) as name_key, p.part_numbers,
  p.specs ->> 'compound' as compound, p.specs ->> 'position' as position,
  p.search_vector::text as lexemes`;

/** Where the catalogue goes as it is read: a page of parts at a time, then each bike's parts. */
export interface CatalogueSink {
  /** About how many parts there are, before the first page. */
  expect(parts: number): void;
  parts(page: IndexedPart[]): void;
  fitment(vehicle: string, parts: string[]): void;
}

/**
 * Reads the whole catalogue into `sink`, a page at a time, other requests let in between; answers
 * the bikes and the vocabulary. Each page comes as one text (its rows as JSON lines) and each bike's
 * parts as one list: a driver parses a million small values far more slowly than a few large ones
 * (PGlite five times).
 */
export async function readCatalogue(
  db: Database,
  sink: CatalogueSink,
): Promise<Pick<CatalogueSnapshot, 'vehicleIds' | 'vocabulary'>> {
  // The planner's estimate: room to start with, not a count (a count of 100,000 rows held PGlite's
  // thread, and the store's with it, some 50 ms).
  const { rows: counted } = (await db.execute(
    sql`select greatest(reltuples, 0)::bigint as parts from pg_class where oid = 'products'::regclass`,
  )) as unknown as { rows: Array<{ parts: string | number }> };
  sink.expect(Number(counted[0]?.parts ?? 0));
  for (let after = 0; ; await nextTurn()) {
    const { rows } = (await db.execute(sql`
      select max(page.seq) as last, string_agg(row_to_json(page)::text, chr(10) order by page.seq) as lines
      from (select ${PART_COLUMNS} from products as p where p.seq > ${after} order by p.seq limit ${LOAD_PAGE}) as page
    `)) as unknown as { rows: Array<{ last: string | number | null; lines: string | null }> };
    const page = rows[0];
    if (!page?.lines) break;
    const lines = page.lines.split('\n');
    for (let from = 0; from < lines.length; from += PARTS_AT_A_TIME) {
      await nextTurn();
      sink.parts(lines.slice(from, from + PARTS_AT_A_TIME).map((line) => indexedPart(JSON.parse(line) as Row)));
    }
    after = Number(page.last);
  }

  const { rows: vehicles } = (await db.execute(sql`select id::text as id from vehicles order by id`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const slice = timeSlices();
  for (let from = 0; from < vehicles.length; from += FITMENT_BIKES_PAGE) {
    await slice.next();
    const list = `{${vehicles
      .slice(from, from + FITMENT_BIKES_PAGE)
      .map(({ id }) => id)
      .join(',')}}`;
    const { rows } = (await db.execute(sql`
      select vehicle_id::text as vehicle, string_agg(product_id::text, ',') as parts
      from product_fitment where vehicle_id = any(${list}::uuid[]) group by vehicle_id`)) as unknown as {
      rows: Array<{ vehicle: string; parts: string }>;
    };
    for (const { vehicle, parts: fitted } of rows) {
      sink.fitment(vehicle, fitted.split(','));
      if (slice.over()) await slice.next();
    }
  }

  // The vocabulary in pages too (in one query, 35 ms of PGlite's thread at 100,000 parts), each page
  // one text (10,000 rows of a word took PGlite's driver 40-50 ms to parse). A term has no line break:
  // catalogue_words splits on anything but letters and digits.
  const vocabulary: string[] = [];
  for (let after: string | undefined; ;) {
    await nextTurn();
    const { rows } = (await db.execute(sql`
      select count(*)::int as count, max(page.term) as last, string_agg(page.term, chr(10) order by page.term) as terms
      from (select term from search_terms ${after === undefined ? sql`` : sql`where term > ${after}`}
        order by term limit ${TERMS_PAGE}) as page`)) as unknown as {
      rows: Array<{ count: number; last: string | null; terms: string | null }>;
    };
    const page = rows[0];
    if (!page?.terms) break;
    for (const term of page.terms.split('\n')) vocabulary.push(term);
    if (page.count < TERMS_PAGE || page.last === null) break;
    after = page.last;
  }
  return { vehicleIds: new Set(vehicles.map(({ id }) => id)), vocabulary };
}

/** The whole catalogue as read, in memory (tests, probes; the store builds its index as it reads). */
export async function loadCatalogue(db: Database): Promise<CatalogueSnapshot> {
  const parts: IndexedPart[] = [];
  const fitment = new Map<string, string[]>();
  const rest = await readCatalogue(db, {
    expect: () => undefined,
    parts: (page) => void parts.push(...page),
    fitment: (vehicle, ids) => void fitment.set(vehicle, ids),
  });
  return { parts, fitment, ...rest };
}

/**
 * Some parts as they are now, with the bikes they fit (undefined: the part is gone), and the words
 * they add to the catalogue's vocabulary (as `search_terms` takes them from a part).
 */
export async function loadParts(
  db: Database,
  ids: readonly string[],
): Promise<{ parts: Map<string, ChangedPart | undefined>; words: string[] }> {
  const parts = new Map<string, ChangedPart | undefined>(ids.map((id) => [id, undefined]));
  const words = new Set<string>();
  for (let from = 0; from < ids.length; from += CHANGED_PAGE) {
    // A few at a time, as the catalogue is read: a rider's page waits for one such query at most.
    if (from > 0) await nextTurn();
    const list = `{${ids.slice(from, from + CHANGED_PAGE).join(',')}}`;
    // Three plain queries: together in one (subqueries per part) PGlite takes several times longer.
    const { rows } = (await db.execute(sql`
      select ${PART_COLUMNS} from products as p where p.id = any(${list}::uuid[])`)) as unknown as { rows: Row[] };
    const { rows: fitted } = (await db.execute(sql`
      select product_id::text as product, vehicle_id::text as vehicle
      from product_fitment where product_id = any(${list}::uuid[])`)) as unknown as {
      rows: Array<{ product: string; vehicle: string }>;
    };
    const { rows: theirWords } = (await db.execute(sql`
      select distinct word
      from products as p, catalogue_words(p.name, p.brand, p.category, p.specs, p.description) as word
      where p.id = any(${list}::uuid[])`)) as unknown as { rows: Array<{ word: string }> };
    const bikes = new Map<string, string[]>();
    for (const { product, vehicle } of fitted) bikes.set(product, [...(bikes.get(product) ?? []), vehicle]);
    for (const row of rows) parts.set(row.id, { ...indexedPart(row), bikes: bikes.get(row.id) ?? [] });
    for (const { word } of theirWords) words.add(word);
  }
  return { parts, words: [...words] };
}

function indexedPart(row: Row): IndexedPart {
  const createdAt = row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt);
  const product = toProduct({ ...row, seq: Number(row.seq), createdAt });
  return {
    id: row.id,
    json: JSON.stringify(product),
    seq: Number(row.seq),
    priceCents: row.priceCents,
    inStock: row.availableQuantity >= row.minimumOrderQuantity,
    universal: row.universal,
    category: row.category,
    brand: row.brand,
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
  // By character codes: the build reads some 2.3 million lexemes at 100,000 parts.
  const lexemes: Array<[string, string]> = [];
  const end = text.length;
  let at = 0;
  while (at < end) {
    if (text.charCodeAt(at) !== QUOTE) {
      at += 1;
      continue;
    }
    let lexeme = '';
    at += 1;
    for (;;) {
      const quote = text.indexOf("'", at);
      if (quote === -1) throw new Error(`a tsvector's lexeme is not closed: ${text.slice(0, 80)}`);
      lexeme += text.slice(at, quote);
      if (text.charCodeAt(quote + 1) === QUOTE) {
        lexeme += "'";
        at = quote + 2;
      } else {
        at = quote + 1;
        break;
      }
    }
    // Positions (`:1A,3`): each a number and its weight's letter, none for D.
    let weights = '';
    if (text.charCodeAt(at) === COLON) {
      at += 1;
      for (;;) {
        while (at < end && text.charCodeAt(at) >= DIGIT_0 && text.charCodeAt(at) <= DIGIT_9) at += 1;
        const letter = text.charCodeAt(at);
        if (letter >= LETTER_A && letter <= LETTER_C) {
          weights += text.charAt(at);
          at += 1;
        } else {
          weights += 'D';
        }
        if (text.charCodeAt(at) !== COMMA) break;
        at += 1;
      }
    }
    lexemes.push([lexeme.includes('\\') ? lexeme.replace(/\\\\/g, '\\') : lexeme, weights]);
  }
  return lexemes;
}

const [QUOTE, COLON, COMMA, DIGIT_0, DIGIT_9, LETTER_A, LETTER_C] = ["'", ':', ',', '0', '9', 'A', 'C'].map(
  (character) => character.charCodeAt(0),
) as [number, number, number, number, number, number, number];
