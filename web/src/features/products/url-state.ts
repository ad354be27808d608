import { pageFrom, setPage } from '../../lib/list-page';

/**
 * Manage Products keeps what it shows in its address (`/dashboard/manageproduct?q=pads&page=2`), so a
 * reload, the back button or a shared link shows the same parts.
 */
export interface ProductFilter {
  /** Any part of the name, sku or brand. */
  q: string;
  /** Only the parts below their minimum order. */
  belowMinimum: boolean;
  page: number;
}

/** Parts a page; sent with every request, so the number of pages never depends on the server's default. */
export const PRODUCTS_PAGE_SIZE = 20;

/** The filter an address holds; anything it does not understand is left out. */
export const filterFrom = (params: URLSearchParams): ProductFilter => ({
  q: params.get('q')?.trim() ?? '',
  belowMinimum: params.get('belowMinimum') === 'true',
  page: pageFrom(params),
});

/** The address's query for a filter: only what is chosen. */
export function filterParams({ q, belowMinimum, page }: ProductFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (belowMinimum) params.set('belowMinimum', 'true');
  setPage(params, page);
  return params;
}
