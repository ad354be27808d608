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

interface SearchRow {
  vehicle_found: boolean;
  total: number;
  category: FacetCount[] | null;
  brand: FacetCount[] | null;
  compound: FacetCount[] | null;
  position: FacetCount[] | null;
  page: [string, FitKind | null][] | null;
}

const anyOf = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A facet filter: true when the facet is not filtered, else the value is one of the chosen ones. */
const facetCondition = (column: SQL, values: readonly string[]) =>
  values.length === 0 ? sql`true` : sql`${column} in (${anyOf(values)})`;

export function createCatalogueSearch(db: Database): CatalogueSearch {
  return {
    async search(query) {
      const words = query.q === undefined ? [] : queryWords(query.q);
      const partNumber = words.length > 0 && query.q !== undefined ? queryPartNumber(query.q) : undefined;
      const hasText = words.length > 0;
      const sort = query.sort ?? (hasText ? 'relevance' : 'newest');

      // Each word or its corrections, all words required; the whole query as a part number, besides.
      const textQuery = sql`(
        with words as (
          select word, n
          from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as typed(word, n)
        ),
        corrections as (
          select words.n, correction.term
          from words
          cross join lateral (
            select term from search_terms
            where length(words.word) >= ${MIN_CORRECTED_WORD}
              and length(term) >= ${MIN_CORRECTION}
              and term % words.word
              and levenshtein_less_equal(term, words.word, 1) <= 1
              and not exists (select 1 from search_terms known where known.term like words.word || '%')
            order by similarity(term, words.word) desc, term
            limit ${MAX_CORRECTIONS}
          ) as correction
        ),
        alternatives as (
          select n, string_agg(alternative, ' | ') as any_of
          from (
            select n, word || ':*' as alternative from words
            union all
            select n, term from corrections
          ) as each_alternative
          group by n
        )
        select to_tsquery('english', string_agg('(' || any_of || ')', ' & '))
          ${partNumber ? sql`|| to_tsquery('simple', ${`${partNumber.toLowerCase()}:*`})` : sql``} as query
        from alternatives
      )`;

      const exactPartNumber = partNumber
        ? sql`(normalize_part_number(p.sku) = ${partNumber}
              or exists (select 1 from unnest(p.oem_numbers) as oem(number)
                         where normalize_part_number(oem.number) = ${partNumber}))`
        : sql`false`;

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
      if (hasText) conditions.push(sql`p.search_vector @@ (select query from text_query)`);
      if (query.minPrice !== undefined) conditions.push(sql`p.price_cents >= ${toCents(query.minPrice)}`);
      if (query.maxPrice !== undefined) conditions.push(sql`p.price_cents <= ${toCents(query.maxPrice)}`);
      if (query.inStock) conditions.push(sql`p.available_quantity >= p.minimum_order_quantity`);

      const relevance = hasText
        ? sql`ts_rank(p.search_vector, (select query from text_query))
              + case when ${exactPartNumber} then ${EXACT_PART_NUMBER_BOOST} else 0 end`
        : sql`0`;

      const orderBy = {
        relevance: sql`relevance desc, seq desc`,
        newest: sql`seq desc`,
        'price-asc': sql`price_cents asc, seq desc`,
        'price-desc': sql`price_cents desc, seq desc`,
        name: sql`lower(name) collate "C" asc, seq desc`,
      }[sort];

      const inCategory = facetCondition(sql`category`, query.category);
      const inBrand = facetCondition(
        sql`lower(brand)`,
        query.brand.map((brand) => brand.toLowerCase()),
      );
      const inCompound = facetCondition(sql`compound`, query.compound);
      const inPosition = facetCondition(sql`position`, query.position);

      const facetCounts = (column: string, where: SQL) => sql`(
        select json_agg(json_build_object('value', value, 'count', count) order by count desc, value)
        from (
          select ${sql.identifier(column)} as value, count(*)::int as count
          from flagged
          where ${where} and ${sql.identifier(column)} is not null and ${sql.identifier(column)} <> ''
          group by ${sql.identifier(column)}
        ) as counts
      )`;

      const statement = sql`
        with text_query as ${hasText ? textQuery : sql`(select null::tsquery as query)`},
        base as materialized (
          select p.id, p.seq, p.price_cents, p.name, p.category, p.brand,
                 p.specs ->> 'compound' as compound, p.specs ->> 'position' as position,
                 p.fits, ${relevance} as relevance
          from ${source} as p
          where ${sql.join(conditions, sql` and `)}
        ),
        flagged as (
          select base.*,
                 ${inCategory} as in_category, ${inBrand} as in_brand,
                 ${inCompound} as in_compound, ${inPosition} as in_position
          from base
        )
        select
          ${query.vehicle ? sql`exists (select 1 from vehicles where id = ${query.vehicle})` : sql`true`} as vehicle_found,
          (select count(*)::int from flagged where in_category and in_brand and in_compound and in_position) as total,
          ${facetCounts('category', sql`in_brand and in_compound and in_position`)} as category,
          ${facetCounts('brand', sql`in_category and in_compound and in_position`)} as brand,
          ${facetCounts('compound', sql`in_category and in_brand and in_position`)} as compound,
          ${facetCounts('position', sql`in_category and in_brand and in_compound`)} as position,
          (
            select json_agg(json_build_array(id, fits) order by place)
            from (
              select id, fits, row_number() over (order by ${orderBy}) as place
              from flagged
              where in_category and in_brand and in_compound and in_position
              order by ${orderBy}
              limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
            ) as page
          ) as page`;

      const { rows } = (await db.execute(statement)) as unknown as { rows: SearchRow[] };
      const row = rows[0];
      if (!row) throw new Error('the catalogue search returned no row');
      if (!row.vehicle_found) return undefined;

      const page = row.page ?? [];
      const found = page.length
        ? await db
            .select()
            .from(products)
            .where(
              inArray(
                products.id,
                page.map(([id]) => id),
              ),
            )
        : [];
      const byId = new Map(found.map((product) => [product.id, product]));
      const items: CatalogueItem[] = [];
      for (const [id, fits] of page) {
        const product = byId.get(id);
        // Deleted between the two reads: the page is one part short rather than wrong.
        if (product) items.push(fits ? { ...toProduct(product), fits } : toProduct(product));
      }

      const facets = Object.fromEntries(
        CATALOGUE_FACETS.map((facet) => [facet, withChosen(row[facet] ?? [], chosenValues(query, facet))]),
      ) as Record<CatalogueFacet, FacetCount[]>;
      return { items, total: row.total, page: query.page, pageSize: query.pageSize, facets };
    },
  };
}

const chosenValues = (query: CatalogueQuery, facet: CatalogueFacet): readonly string[] => query[facet];

/**
 * A chosen value stays in its facet even when nothing matches it now (at 0), so that the shopper
 * can see it and untick it. Brands are chosen ignoring case, and kept as the catalogue spells them.
 */
function withChosen(counts: FacetCount[], chosen: readonly string[]): FacetCount[] {
  const present = new Set(counts.map(({ value }) => value.toLowerCase()));
  const missing = chosen.filter((value) => !present.has(value.toLowerCase()));
  return [...counts, ...[...new Set(missing)].map((value) => ({ value, count: 0 }))];
}
