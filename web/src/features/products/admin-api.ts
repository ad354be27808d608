import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { AdminProductsResponse } from '@contract/shop-admin';
import { apiGet } from '../../lib/api-client';
import { productKeys } from '../../lib/query-keys';
import { filterParams, PRODUCTS_PAGE_SIZE, type ProductFilter } from './url-state';

/**
 * Manage Products' pages (apart from api.ts, which the home page downloads). Under `productKeys.all`:
 * whatever changes a part's stock or fields shows here too.
 */
export const adminProductKeys = {
  page: (filter: ProductFilter) => [...productKeys.all, 'admin', filter] as const,
};

/** Manage Products' query: the address's filter and the page size the pager counts with. */
const adminQuery = (filter: ProductFilter) => {
  const params = filterParams(filter);
  params.set('pageSize', String(PRODUCTS_PAGE_SIZE));
  return params.toString();
};

export const getAdminProducts = (filter: ProductFilter, signal?: AbortSignal) =>
  apiGet<AdminProductsResponse>(`${apiPaths.adminProducts}?${adminQuery(filter)}`, signal);

/** A page of Manage Products; the one shown stays while the next loads, so the table does not jump. */
export const useAdminProducts = (filter: ProductFilter) =>
  useQuery({
    queryKey: adminProductKeys.page(filter),
    queryFn: ({ signal }) => getAdminProducts(filter, signal),
    placeholderData: keepPreviousData,
  });
