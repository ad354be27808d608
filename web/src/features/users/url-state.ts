import { pageFrom, setPage } from '../../lib/list-page';

/** Make Admin keeps its search and page in its address (`/dashboard/makeadmin?q=gmail&page=2`). */
export interface UserFilter {
  /** Any part of the e-mail or name. */
  q: string;
  page: number;
}

/** Accounts a page; sent with every request, so the number of pages never depends on the server's default. */
export const USERS_PAGE_SIZE = 20;

export const filterFrom = (params: URLSearchParams): UserFilter => ({
  q: params.get('q')?.trim() ?? '',
  page: pageFrom(params),
});

/** The address's query for a filter: only what is chosen. */
export function filterParams({ q, page }: UserFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  setPage(params, page);
  return params;
}
