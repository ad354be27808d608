import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_FACETS,
  normalizePartNumber,
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
import { toProduct } from '../products/repository.js';

/**
 * Catalogue search: the one place that knows how the catalogue is searched. Routes and pages see
 * only `CatalogueSearch`; a search engine (Meilisearch, OpenSearch) would take over behind it when a
 * shop outgrows PostgreSQL (docs/decisions/0023-catalogue-search-in-postgresql.md).
 *
 * It runs on PostgreSQL's own tools, the same on PGlite and PostgreSQL (migration 0009):
 * - words: full-text search on `products.search_vector` (English stemming, weighted: name and part
 *   numbers, brand, category and specs, description), each word also as a prefix (`calip` finds
 *   calipers), every word required;
 * - misspellings: a word of four letters or more that starts no word of the catalogue also matches
 *   the catalogue's words (`search_terms`) at one edit from it (one letter wrong, missing or extra),
 *   found through a trigram index and checked with Levenshtein distance: `sintred` finds sintered;
 * - part numbers: the whole query, normalized as part numbers are (case, spaces, dashes, dots and
 *   slashes ignored), matches a part's sku or OEM number, whole or as its beginning; a whole match
 *   puts that part first.
 */
export interface CatalogueSearch {
  /** One page of the parts that match, their total and the facet counts; undefined when the bike is unknown. */
  search(query: CatalogueQuery): Promise<CatalogueResponse | undefined>;
}

/** How many words of a query count: a shopper types two or three. */
export const MAX_QUERY_WORDS = 8;
/** The shortest typed word that may be corrected, and the shortest word it may be corrected to. */
const MIN_CORRECTED_WORD = 4;
const MIN_CORRECTION = 5;
/** The closest corrections of one word that are tried. */
const MAX_CORRECTIONS = 3;
/** Above this the whole query weighs as an exact part number: the part is listed first. */
const EXACT_PART_NUMBER_BOOST = 10;

/**
 * The words of a query as the search reads them: lowercased, split at anything that is not a letter
 * or a digit, each once. Only letters and digits reach the text-search query, so nothing a shopper
 * types can change its syntax.
 */
export function queryWords(q: string): string[] {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= 40);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** The query as a part number (`fa 244-hh` is `FA244HH`), when it could be one. */
export function queryPartNumber(q: string): string | undefined {
  const number = normalizePartNumber(q);
  return /^[A-Z0-9]{3,40}$/.test(number) ? number : undefined;
}

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

/**
 * The text-search query of the words (`to_tsquery` syntax): each word as the start of a word, or one
 * of its corrections when it starts no word of the catalogue; every word required. Words and
 * corrections are letters and digits only (queryWords, catalogue_words), so they cannot change the
 * query's syntax.
 */
async function textSearchQuery(db: Database, words: readonly string[]): Promise<string> {
  const corrections = new Map<string, string[]>();
  // A word with a digit in it is a number or part of one: it is matched as typed.
  const correctable = words.filter((word) => word.length >= MIN_CORRECTED_WORD && !/\p{N}/u.test(word));
  if (correctable.length > 0) {
    const { rows } = (await db.execute(sql`
      select typed.word, correction.term
      from unnest(string_to_array(${correctable.join(' ')}, ' ')) as typed(word)
      cross join lateral (
        select term from search_terms
        where length(term) >= ${MIN_CORRECTION}
          and term % typed.word
          and levenshtein_less_equal(term, typed.word, 1) <= 1
          and not exists (
            select 1 from search_terms known
            where known.term collate "C" >= typed.word collate "C"
              and known.term collate "C" < (typed.word || chr(1114111)) collate "C")
        order by similarity(term, typed.word) desc, term
        limit ${MAX_CORRECTIONS}
      ) as correction`)) as unknown as { rows: { word: string; term: string }[] };
    for (const { word, term } of rows) {
      if (/^[\p{L}\p{N}]+$/u.test(term)) corrections.set(word, [...(corrections.get(word) ?? []), term]);
    }
  }
  return words.map((word) => `(${[`${word}:*`, ...(corrections.get(word) ?? [])].join(' | ')})`).join(' & ');
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

export function createCatalogueSearch(db: Database, cache?: GroupsCache): CatalogueSearch {
  /** Counts being made now, by key: searches that need the same counts at once wait for one query. */
  const counting = new Map<string, Promise<Matches>>();

  return {
    async search(query) {
      const words = query.q === undefined ? [] : queryWords(query.q);
      const partNumber = words.length > 0 && query.q !== undefined ? queryPartNumber(query.q) : undefined;
      const hasText = words.length > 0;
      const sort = query.sort ?? (hasText ? 'relevance' : 'newest');

      // Each word or its corrections, all words required; the whole query as a part number, besides.
      // It goes in as a value the planner sees (not a subquery), so that it can weigh how many parts
      // match against the other filters (a bike's few hundred parts, say).
      const textQuery = hasText
        ? sql`(to_tsquery('english', ${await textSearchQuery(db, words)})
            ${partNumber ? sql`|| to_tsquery('simple', ${`${partNumber.toLowerCase()}:*`})` : sql``})`
        : sql`null::tsquery`;

      const exactPartNumber = partNumber ? sql`${partNumber} = any(p.part_numbers)` : sql`false`;

      // With a bike: the parts fitted to it, and the universal ones.
      const source = query.vehicle
        ? sql`(
            select p.*, 'fits' as fits
            from product_fitment f join products p on p.id = f.product_id
            where f.vehicle_id = ${query.vehicle} and not p.universal
            union all
            select p.*, 'universal' as fits from products p where p.universal
          )`
        : sql`(select p.*, null::text as fits from products p)`;

      const conditions: SQL[] = [sql`true`];
      if (hasText) conditions.push(sql`p.search_vector @@ ${textQuery}`);
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
            ${query.vehicle ? sql`exists (select 1 from vehicles where id = ${query.vehicle})` : sql`true`} as vehicle_found,
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
      const key = `catalogue-groups:${JSON.stringify([words, partNumber, query.vehicle, query.minPrice, query.maxPrice, query.inStock])}`;
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
        relevance: hasText
          ? sql`ts_rank(p.search_vector, ${textQuery})
                + case when ${exactPartNumber} then ${EXACT_PART_NUMBER_BOOST} else 0 end desc, p.seq desc`
          : sql`p.seq desc`,
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
