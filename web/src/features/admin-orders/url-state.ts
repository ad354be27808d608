import type { OrderStatus } from '@contract/orders';

/**
 * Manage Orders keeps what it shows in its address (`/dashboard/orders?status=paid&q=rider&page=2`),
 * so a reload, the back button or a shared link shows the same orders. Only types come from the
 * contract: its values would bring zod into the list's download.
 */
export interface OrderFilter {
  /** Empty: every status. */
  status: OrderStatus | '';
  q: string;
  page: number;
}

/** Orders a page; sent with every request, so the number of pages never depends on the server's default. */
export const ORDERS_PAGE_SIZE = 20;

const STATUSES: readonly string[] = [
  'unpaid',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] satisfies OrderStatus[];

const isStatus = (value: string): value is OrderStatus => STATUSES.includes(value);

/** The filter an address holds; anything it does not understand is left out. */
export function filterFrom(params: URLSearchParams): OrderFilter {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? 1);
  return {
    status: isStatus(status) ? status : '',
    q: params.get('q')?.trim() ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address's query for a filter: only what is chosen (page 1 is no page). */
export function filterParams({ status, q, page }: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}
