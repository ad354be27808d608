import Badge from 'react-bootstrap/Badge';
import { pageTexts } from '@contract/page-texts';
import type { Order } from '@contract/orders';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@contract/rules/order-status';

/** Paid, and still paid while it ships and once delivered: the spec's `Paid` shows for each. */
const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];
const BADGE_COLOURS: Record<OrderStatus, string> = {
  unpaid: 'secondary',
  paid: 'success',
  shipped: 'info',
  delivered: 'primary',
  cancelled: 'dark',
  refunded: 'warning',
};
/** Light backgrounds, on which white text fails contrast (WCAG AA): their words are dark. */
const DARK_TEXT: readonly OrderStatus[] = ['shipped', 'refunded'];

/** Where an order is: `Paid` (the spec's word) while it is, and its status beside it once it moved on. */
export function OrderStatusBadges({ order }: { order: Pick<Order, 'status'> }) {
  const paid = PAID_STATUSES.includes(order.status);
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {paid && <Badge bg="success">{pageTexts.paid}</Badge>}
      {order.status !== 'paid' && (
        <Badge bg={BADGE_COLOURS[order.status]} text={DARK_TEXT.includes(order.status) ? 'dark' : undefined}>
          {ORDER_STATUS_LABELS[order.status]}
        </Badge>
      )}
    </span>
  );
}
