import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_FACETS,
  toCents,
  type CatalogueFacet,
  type CatalogueItem,
  type CatalogueQuery,
  type CatalogueResponse,
  type FacetCount,
  type FitKind,
} from '../../contract/index.js';
import type { Database } from '../db/client.js';
import type { CatalogueCache } from './cache.js';
import { products } from '../db/schema.js';
import { toProduct } from '../db/product-row.js';
import { readQuery, type Alternative, type Lexicon, type ReadQuery, type Term } from './query-reader.js';
import { inProcessLexemes, stemmerAgrees } from './stemming.js';
import { keptSynonyms } from './synonyms/kept.js';

/**
 * Catalogue search: the one place that knows how the catalogue is searched. Routes and pages see
 * only `CatalogueSearch`. Two searches answer it alike (a property test holds them equal): the index
 * each process keeps in memory (index/, decision 0039), and this one, in the database, which answers
 * until the index is built and is the index's oracle. A search engine (Meilisearch, OpenSearch)
 * would take over behind the same interface when a shop outgrows one process.
 *
 * Both read a query the same way (query-reader.ts, decision 0038) and this one runs on PostgreSQL's
 * own tools, the same on PGlite and PostgreSQL (migrations 0009 and 0020):
 * - words: full-text search on `products.search_vector` (English stemming, weighted: name and part
 *   numbers, brand, category and specs, description), each word also as a prefix (`calip` finds
 *   calipers), every word required, or one of its synonyms the shop keeps (`disk` finds discs);
 * - misspellings: a word of four letters or more that starts no word of the catalogue also matches
 *   the catalogue's words (`search_terms`) one typo from it (a letter wrong, missing, extra, or two
 *   neighbours swapped): `sintred` finds sintered, `brmebo` Brembo;
 * - part numbers: the whole query, normalized as part numbers are (case, spaces, dashes, dots and
 *   slashes ignored), matches a part's sku, OEM numbers or a number its text mentions, whole or as
 *   its beginning; a whole match puts that part first.
 */
export interface CatalogueSearch {
  /** One page of the parts that match, their total and the facet counts; undefined when a bike is unknown. */
  search(query: CatalogueSearchQuery): Promise<CatalogueAnswer | undefined>;
  /** True while it answers from memory: no database work to ration per client (routes.ts). */
  readonly answersFromMemory?: boolean;
  /**
   * A part's page (`Product`) as JSON, from memory, as fresh as a search, with the catalogue version
   * it was read from; undefined when this search cannot tell (its index not built, or no such part
   * in it): the database answers then.
   */
  partJson?(id: string): Promise<{ json: string; version: string } | undefined>;
}

/**
 * The catalogue version an answer was made from: the newest change the index had applied (a
 * number), or `sql` when the database answered (decision 0039).
 */
export const CATALOGUE_VERSION_HEADER = 'catalogue-version';

/** An answer, and the catalogue version it was made from when the search knows it (CATALOGUE_VERSION_HEADER). */
export type CatalogueAnswer = CatalogueResponse & { version?: string };

/** What a search is asked: the API's query, or a query the store made from it (bike-from-query.ts). */
export type CatalogueSearchQuery = CatalogueQuery & {
  /**
   * The parts that fit any of these bikes, and the universal ones, each once (facets counted the
   * same way): a model of any year. Not a query parameter of the API; `vehicle`, when given, wins.
   */
  vehicles?: readonly string[];
};

export { MAX_QUERY_WORDS, queryPartNumber, queryWords } from './query-reader.js';

/** How many matching parts have one combination of the facets' values (null: the part has none). */
type FacetGroup = [category: string, brand: string, compound: string | null, position: string | null, count: number];

const anyOf = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A facet filter: true when the facet is not filtered, else the value is one of the chosen ones. */
const facetCondition = (column: SQL, values: readonly string[]) =>
  values.length === 0 ? sql`true` : sql`${column} in (${anyOf(values)})`;

/** Stemming does not depend on the catalogue: a word's lexemes are kept, up to this many words. */
const STEMMED_WORDS_KEPT = 50_000;
const stemmed = new Map<string, string[]>();

/**
 * The catalogue as the query reader sees it, read from the database (search_terms, to_tsvector,
 * search_synonym_groups); plain English words stemmed in the process as the database stems them
 * (stemming.ts). The synonym groups are kept in memory, read again after every catalogue
 * write that `cache` hears of (here or on another instance) and at least every few seconds.
 */
export function sqlLexicon(db: Database, cache?: Pick<CatalogueCache, 'onClear'>): Lexicon {
  const fromDatabase = async (words: readonly string[]) => {
    const missing = words.filter((word) => !stemmed.has(word));
    if (missing.length > 0) {
      const { rows } = (await db.execute(sql`
          select word, array(select lexeme from unnest(to_tsvector('english', word)) order by lexeme) as lexemes
          from unnest(${`{${missing.map(arrayItem).join(',')}}`}::text[]) as word`)) as unknown as {
        rows: Array<{ word: string; lexemes: string[] }>;
      };
      if (stemmed.size + rows.length > STEMMED_WORDS_KEPT) stemmed.clear();
      for (const { word, lexemes } of rows) stemmed.set(word, lexemes);
    }
    return new Map(words.map((word) => [word, stemmed.get(word) ?? []]));
  };
  // Plain English words are stemmed in the process (stemming.ts: a rider's typo costs the database
  // nothing), once the database has stemmed the probe words the same way; the others by the database.
  const inProcess = inProcessLexemes({ lexemes: fromDatabase });
  let agrees: Promise<boolean> | undefined;
  const lexicon: Lexicon = {
    async lexemes(words) {
      agrees ??= stemmerAgrees({ lexemes: fromDatabase }).catch((error: unknown) => {
        agrees = undefined;
        throw error;
      });
      return (await agrees) ? inProcess(words) : fromDatabase(words);
    },
    async known(words) {
      const { rows } = (await db.execute(sql`
        select term from search_terms where term = any(${`{${words.map(arrayItem).join(',')}}`}::text[])`)) as unknown as {
        rows: Array<{ term: string }>;
      };
      return new Set(rows.map(({ term }) => term));
    },
    async startingSomeWord(words) {
      const { rows } = (await db.execute(sql`
        select typed.word from unnest(${`{${words.map(arrayItem).join(',')}}`}::text[]) as typed(word)
        where exists (
          select 1 from search_terms known
          where known.term collate "C" >= typed.word collate "C"
            and known.term collate "C" < (typed.word || chr(1114111)) collate "C")`)) as unknown as {
        rows: Array<{ word: string }>;
      };
      return new Set(rows.map(({ word }) => word));
    },
    synonyms: (lexemes) => synonyms(lexemes),
  };
  const synonyms = keptSynonyms({
    async read() {
      const { rows } = (await db.execute(sql`select words from search_synonym_groups`)) as unknown as {
        rows: Array<{ words: string[] }>;
      };
      return rows.map(({ words }) => words);
    },
    stem: (words) => lexicon.lexemes(words),
    cache,
  });
  return lexicon;
}

/** A word as an item of a PostgreSQL array literal (words are letters and digits; quoted all the same). */
export const arrayItem = (word: string) => `"${word.replace(/["\\]/g, (character) => `\\${character}`)}"`;

/** A lexeme in tsquery syntax, with its weights (`'pad':*A`). */
const tsLexeme = ({ lexeme, prefix }: Alternative, weights = '') =>
  `'${lexeme.replace(/['\\]/g, (character) => `${character}${character}`)}':${prefix ? '*' : ''}${weights}`;

/** A term as a tsquery: any of its alternatives, restricted to some weights. */
const tsTerm = (term: Term, weights = '') => `(${term.alternatives.map((one) => tsLexeme(one, weights)).join(' | ')})`;

/** The query's text as one tsquery: every term, or the part number; undefined when nothing can match. */
function tsQueryOf({ terms, partNumber }: ReadQuery): string | undefined {
  const text = terms.length > 0 ? terms.map((term) => tsTerm(term)).join(' & ') : undefined;
  const number = partNumber ? tsLexeme({ lexeme: partNumber.toLowerCase(), prefix: true }) : undefined;
  if (text && number) return `(${text}) | ${number}`;
  return text ?? number;
}

/**
 * How the parts are ordered by relevance (docs/decisions/0038): a part whose sku or OEM number is the
 * whole query first; then the sum of what each term scores where it is best found, 8 in the name or a
 * part number (weight A), 4 in the brand (B), 2 in the category or specs (C), 1 in the description
 * (D), and 8 for a part number the query starts; the newest first among equals.
 */
function relevanceOrder(read: ReadQuery): SQL[] {
  const order: SQL[] = [];
  if (read.partNumber) order.push(sql`${read.partNumber} = any(p.part_numbers) desc`);
  const scores = read.terms.map(
    (term) => sql`(case
      when p.search_vector @@ ${tsTerm(term, 'A')}::tsquery then 8
      when p.search_vector @@ ${tsTerm(term, 'B')}::tsquery then 4
      when p.search_vector @@ ${tsTerm(term, 'C')}::tsquery then 2
      when p.search_vector @@ ${tsTerm(term)}::tsquery then 1
      else 0 end)`,
  );
  if (read.partNumber) {
    const number = tsLexeme({ lexeme: read.partNumber.toLowerCase(), prefix: true }, 'A');
    scores.push(sql`(case when p.search_vector @@ ${number}::tsquery then 8 else 0 end)`);
  }
  if (scores.length > 0) order.push(sql`${sql.join(scores, sql` + `)} desc`);
  return order;
}

/**
 * Where the facet groups of a set of filters are kept between searches (the catalogue cache: cleared
 * on every write to a part, on every instance). Optional: without it every search counts afresh.
 */
export interface GroupsCache {
  get(key: string): string | undefined;
  set(key: string, json: string): void;
}

/** The catalogue cache as the search's groups cache, with the parts' other answers. */
export const groupsCacheIn = (cache: CatalogueCache): GroupsCache => ({
  get: (key) => cache.get('products', key)?.json,
  set: (key, json) => void cache.set('products', key, json),
});

/** What a set of filters that are not facets matches: whether its bike exists, and its facet groups. */
interface Matches {
  vehicleFound: boolean;
  groups: FacetGroup[];
}

export function createCatalogueSearch(db: Database, cache?: GroupsCache, lexicon = sqlLexicon(db)): CatalogueSearch {
  /** Counts being made now, by key: searches that need the same counts at once wait for one query. */
  const counting = new Map<string, Promise<Matches>>();

  return {
    async search(query) {
      const read = await readQuery(query.q, lexicon);
      const { words, partNumber } = read;
      const hasText = words.length > 0;
      const sort = query.sort ?? (hasText ? 'relevance' : 'newest');
      // Every term or the part number, as one tsquery of the catalogue's lexemes (no dictionary runs
      // on it again). It goes in as a value the planner sees (not a subquery), so that it can weigh
      // how many parts match against the other filters (a bike's few hundred parts, say).
      const tsQuery = tsQueryOf(read);

      // With a bike: the parts fitted to it, and the universal ones. With several (any year of a
      // model): the parts fitted to any of them, once each.
      const bikes = query.vehicle === undefined && query.vehicles ? [...new Set(query.vehicles)].sort() : undefined;
      const bikesArray = bikes && `{${bikes.map(arrayItem).join(',')}}`;
      const source = query.vehicle
        ? sql`(
            select p.*, 'fits' as fits
            from product_fitment f join products p on p.id = f.product_id
            where f.vehicle_id = ${query.vehicle} and not p.universal
            union all
            select p.*, 'universal' as fits from products p where p.universal
          )`
        : bikes
          ? sql`(
              select p.*, 'fits' as fits from products p
              where not p.universal
                and p.id in (select f.product_id from product_fitment f where f.vehicle_id = any(${bikesArray}::uuid[]))
              union all
              select p.*, 'universal' as fits from products p where p.universal
            )`
          : sql`(select p.*, null::text as fits from products p)`;
      const bikesFound = query.vehicle
        ? sql`exists (select 1 from vehicles where id = ${query.vehicle})`
        : bikes
          ? sql`(select count(*) from vehicles where id = any(${bikesArray}::uuid[])) = ${bikes.length}`
          : sql`true`;

      const conditions: SQL[] = [sql`true`];
      if (hasText) conditions.push(tsQuery === undefined ? sql`false` : sql`p.search_vector @@ ${tsQuery}::tsquery`);
      if (query.minPrice !== undefined) conditions.push(sql`p.price_cents >= ${toCents(query.minPrice)}`);
      if (query.maxPrice !== undefined) conditions.push(sql`p.price_cents <= ${toCents(query.maxPrice)}`);
      // The contract's canBeOrdered, in SQL.
      if (query.inStock) conditions.push(sql`p.available_quantity >= p.minimum_order_quantity`);
      const matching = sql.join(conditions, sql` and `);

      // The facet groups depend only on the filters that are not facets: every choice of facets,
      // sort and page under the same text, bike, price and stock shares them.
      const countMatches = async (): Promise<Matches> => {
        const { rows } = (await db.execute(sql`
          select
            ${bikesFound} as vehicle_found,
            (
              select json_agg(json_build_array(category, brand, compound, position, count))
              from (
                select p.category, p.brand, p.specs ->> 'compound' as compound, p.specs ->> 'position' as position,
                       count(*)::int as count
                from ${source} as p
                where ${matching}
                group by 1, 2, 3, 4
              ) as groups
            ) as groups`)) as unknown as { rows: { vehicle_found: boolean; groups: FacetGroup[] | null }[] };
        const row = rows[0];
        if (!row) throw new Error('the catalogue count returned no row');
        return { vehicleFound: row.vehicle_found, groups: row.groups ?? [] };
      };
      const key = `catalogue-groups:${JSON.stringify([words, partNumber, query.vehicle, bikes, query.minPrice, query.maxPrice, query.inStock])}`;
      const cached = cache?.get(key);
      let matches: Matches;
      if (cached !== undefined) {
        matches = JSON.parse(cached) as Matches;
      } else {
        let pending = counting.get(key);
        if (!pending) {
          pending = countMatches().finally(() => counting.delete(key));
          counting.set(key, pending);
          // Kept only once counted, and only then: a failed count is tried again by the next search.
          void pending.then(
            (counted) => cache?.set(key, JSON.stringify(counted)),
            () => undefined,
          );
        }
        matches = await pending;
      }
      if (!matches.vehicleFound) return undefined;

      // Ranking reads every match's text: only when the answer is sorted by it.
      const orderBy = {
        relevance: sql.join([...relevanceOrder(read), sql`p.seq desc`], sql`, `),
        newest: sql`p.seq desc`,
        'price-asc': sql`p.price_cents asc, p.seq desc`,
        'price-desc': sql`p.price_cents desc, p.seq desc`,
        name: sql`lower(p.name) collate "C" asc, p.seq desc`,
      }[sort];

      const inFacets = [
        facetCondition(sql`p.category`, query.category),
        facetCondition(
          sql`lower(p.brand)`,
          query.brand.map((brand) => brand.toLowerCase()),
        ),
        facetCondition(sql`(p.specs ->> 'compound')`, query.compound),
        facetCondition(sql`(p.specs ->> 'position')`, query.position),
      ];
      const { rows: page } = (await db.execute(sql`
        select p.id, p.fits from ${source} as p
        where ${matching} and ${sql.join(inFacets, sql` and `)}
        order by ${orderBy}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`)) as unknown as {
        rows: { id: string; fits: FitKind | null }[];
      };

      const found = page.length
        ? await db
            .select()
            .from(products)
            .where(
              inArray(
                products.id,
                page.map(({ id }) => id),
              ),
            )
        : [];
      const byId = new Map(found.map((product) => [product.id, product]));
      const items: CatalogueItem[] = [];
      for (const { id, fits } of page) {
        const product = byId.get(id);
        // Deleted between the two reads: the page is one part short rather than wrong.
        if (product) items.push(fits ? { ...toProduct(product), fits } : toProduct(product));
      }

      const { total, facets } = facetsOf(matches.groups, query);
      return { items, total, page: query.page, pageSize: query.pageSize, facets };
    },
  };
}

/**
 * The total and the facet counts, from the matching parts' groups: a group counts towards the total
 * when its values pass every facet filter, and towards a facet's value when they pass every filter
 * but that facet's own. Values are listed most parts first, then by name; a chosen value stays even
 * at 0, so that the shopper can see it and untick it. Brands are chosen ignoring case.
 */
export function facetsOf(
  groups: readonly FacetGroup[],
  query: Pick<CatalogueQuery, CatalogueFacet>,
): { total: number; facets: Record<CatalogueFacet, FacetCount[]> } {
  const chosen = CATALOGUE_FACETS.map((facet) => new Set(query[facet].map((value) => value.toLowerCase())));
  const counts = CATALOGUE_FACETS.map(() => new Map<string, number>());
  let total = 0;
  for (const group of groups) {
    const count = group[4];
    const passes = CATALOGUE_FACETS.map((_, index) => {
      const wanted = chosen[index] as Set<string>;
      const value = group[index] as string | null;
      return wanted.size === 0 || (value !== null && wanted.has(value.toLowerCase()));
    });
    if (passes.every(Boolean)) total += count;
    CATALOGUE_FACETS.forEach((_, index) => {
      const value = group[index] as string | null;
      if (!value || !passes.every((pass, other) => pass || other === index)) return;
      const facetCounts = counts[index] as Map<string, number>;
      facetCounts.set(value, (facetCounts.get(value) ?? 0) + count);
    });
  }
  const facets = Object.fromEntries(
    CATALOGUE_FACETS.map((facet, index) => {
      const listed = [...(counts[index] as Map<string, number>)]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
      const present = new Set(listed.map(({ value }) => value.toLowerCase()));
      const missing = [...new Set(query[facet])].filter((value) => !present.has(value.toLowerCase()));
      return [facet, [...listed, ...missing.map((value) => ({ value, count: 0 }))]];
    }),
  ) as Record<CatalogueFacet, FacetCount[]>;
  return { total, facets };
}
