/** The page an admin list's address asks for (`?page=2`): a whole number from 1, else the first. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? 1);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Puts the page in a list's address; the first page is no page. */
export function setPage(params: URLSearchParams, page: number) {
  if (page > 1) params.set('page', String(page));
}
