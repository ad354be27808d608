import type { CatalogueFacet, CatalogueSort } from '@contract/catalogue-names';

/**
 * The state of /parts lives in its address, under the names `GET /api/catalogue` takes
 * (`/parts?q=pads&category=brake-pads&vehicle=...&page=2`): a search can be shared, reloaded and
 * gone back to, and the address is the API's query as it is. Only types come from the contract: its
 * values would bring zod into the page's first download.
 */

export const FACETS = ['category', 'brand', 'compound', 'position'] as const satisfies readonly CatalogueFacet[];

/** Every parameter /parts knows, in the order the API is asked (one cache entry per search). */
const PARAMS = [
  'q',
  'readBike',
  ...FACETS,
  'vehicle',
  'inStock',
  'minPrice',
  'maxPrice',
  'sort',
  'page',
  'pageSize',
] as const;
export type CatalogueParam = (typeof PARAMS)[number];

/** What narrows the list besides the words and the bike: what the filter panel sets. */
const FILTERS = [...FACETS, 'inStock', 'minPrice', 'maxPrice'] as const;

export const SORT_LABELS: Record<CatalogueSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

export interface CatalogueState {
  q: string;
  facets: Record<CatalogueFacet, string[]>;
  vehicle: string | undefined;
  inStock: boolean;
  minPrice: string;
  maxPrice: string;
  /** The sort in force: the address's, or the API's default (relevance with words, else newest). */
  sort: string;
  page: number;
}

const text = (params: URLSearchParams, name: CatalogueParam) => params.get(name)?.trim() ?? '';

export function readState(params: URLSearchParams): CatalogueState {
  const q = text(params, 'q');
  const page = Number(text(params, 'page') || 1);
  return {
    q,
    facets: Object.fromEntries(FACETS.map((facet) => [facet, params.getAll(facet).filter(Boolean)])) as Record<
      CatalogueFacet,
      string[]
    >,
    vehicle: text(params, 'vehicle') || undefined,
    inStock: params.get('inStock') === 'true',
    minPrice: text(params, 'minPrice'),
    maxPrice: text(params, 'maxPrice'),
    sort: text(params, 'sort') || (q ? 'relevance' : 'newest'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The API's query for an address: the known parameters in one order, empty ones left out. */
export function apiQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of PARAMS) {
    for (const value of params.getAll(name)) if (value.trim() !== '') query.append(name, value.trim());
  }
  return query.toString();
}

export type Change = Partial<Record<CatalogueParam, string | readonly string[] | undefined>>;

/**
 * The address in the API's order (`q`, the facets, `vehicle`, ... `page`), as the contract writes it
 * (`/parts?q=pads&category=brake-pads&vehicle=...&page=2`); parameters of its own (`utm_source`) stay,
 * after them.
 */
function inApiOrder(params: URLSearchParams): URLSearchParams {
  const known = new Set<string>(PARAMS);
  const ordered = new URLSearchParams();
  for (const name of PARAMS) for (const value of params.getAll(name)) ordered.append(name, value);
  for (const [name, value] of params) if (!known.has(name)) ordered.append(name, value);
  return ordered;
}

/**
 * The address after a change: each named parameter set (a list repeats it, undefined or '' removes
 * it). Any change but of the page itself goes back to the first page.
 */
export function withChange(params: URLSearchParams, change: Change): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!('page' in change)) next.delete('page');
  for (const [name, value] of Object.entries(change)) {
    next.delete(name);
    for (const item of typeof value === 'string' ? [value] : (value ?? [])) if (item !== '') next.append(name, item);
  }
  return inApiOrder(next);
}

/** A facet's checkbox: the value added to the facet's choices, or taken out of them. */
export function toggleValue(params: URLSearchParams, facet: CatalogueFacet, value: string): URLSearchParams {
  const chosen = params.getAll(facet);
  return withChange(params, {
    [facet]: chosen.includes(value) ? chosen.filter((item) => item !== value) : [...chosen, value],
  });
}

/** "Clear filters": the words and every filter gone; the bike, the sort and the page size stay. */
export const withoutSearchOrFilters = (params: URLSearchParams) =>
  withChange(params, Object.fromEntries(['q', 'readBike', ...FILTERS].map((name) => [name, undefined])));

/**
 * New words: a bike they name is read again (`readBike=false` was the old words' "search them as
 * text"), unless the list is for a chosen bike (`vehicle`), which words never change.
 */
export const withWords = (params: URLSearchParams, q: string | undefined) =>
  withChange(params, { q, readBike: undefined });

/** The words searched as plain text: a bike they name is not read (`bikeFromQuery` dropped). */
export const withWordsAsText = (params: URLSearchParams) => withChange(params, { readBike: 'false' });

/** How many filters the filter panel has set: each facet value, in-stock, and each price bound. */
export const filterCount = (params: URLSearchParams) =>
  FILTERS.reduce((count, name) => count + params.getAll(name).filter((value) => value.trim() !== '').length, 0);

/** The sort parameter for a choice: none when it is what the API does anyway. */
export const sortChange = (params: URLSearchParams, sort: string) =>
  withChange(params, { sort: sort === (text(params, 'q') ? 'relevance' : 'newest') ? undefined : sort });

/** The link to a page of the same search; page 1 is the address without `page`. */
export const pageSearch = (params: URLSearchParams, page: number) =>
  `?${withChange(params, { page: page > 1 ? String(page) : undefined }).toString()}`;

/**
 * The page numbers a pager shows: the first, the last, and the current one with a neighbour each
 * side; `null` where numbers are left out.
 */
export function pageNumbers(current: number, last: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  return shown.flatMap((page, index) => {
    const previous = shown[index - 1];
    if (previous === undefined || page === previous + 1) return [page];
    // One number left out is shown rather than an ellipsis standing for it.
    return page === previous + 2 ? [previous + 1, page] : [null, page];
  });
}
