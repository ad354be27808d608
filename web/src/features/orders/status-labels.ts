import type { OrderStatus } from '@contract/orders';

/**
 * ORDER_STATUS_LABELS of contract/orders.ts, written out: that module's schemas would bring zod into
 * My Order and the order page, which only show these words (status-labels.test.ts checks that the
 * two agree).
 */
export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
