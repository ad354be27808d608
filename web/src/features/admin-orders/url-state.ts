import type { OrderStatus } from '@contract/orders';
import { pageFrom, setPage } from '../../lib/list-page';

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
  return { status: isStatus(status) ? status : '', q: params.get('q')?.trim() ?? '', page: pageFrom(params) };
}

/** The address's query for a filter: only what is chosen (page 1 is no page). */
export function filterParams({ status, q, page }: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  setPage(params, page);
  return params;
}
