import type { Order, OrderEvent } from '@contract/orders';
import { testOrder as customerOrder } from '../../test/orders';

const PAID_AT = '2026-11-22T10:05:00.000Z';

/**
 * An order as Manage Orders receives it (checked against the contract), numbered n: three of one
 * part at 10.00, unpaid, placed by ada@example.com; any field overridden.
 */
export const testOrder = (n: number, overrides: Partial<Order> = {}): Order =>
  customerOrder(n, { email: 'ada@example.com', address: '5 Brake Lane, Leeds', ...overrides });

/** The order moved on to `status` (paid first, when the move needs it), as the server answers a move. */
export function movedTo(
  order: Order,
  status: OrderEvent['status'] & Order['status'],
  changes: Partial<Order> = {},
): Order {
  const paidFirst = status !== 'cancelled' && !order.paid;
  const history: OrderEvent[] = paidFirst ? [...order.history, { status: 'paid', at: PAID_AT }] : [...order.history];
  if (status !== 'paid') history.push({ status, at: '2026-11-23T09:00:00.000Z' });
  return {
    ...order,
    ...(paidFirst && {
      paid: true,
      transactionId: `pi_sandbox_${order._id.slice(-4)}`,
      paidAt: PAID_AT,
      invoiceNumber: 1042,
    }),
    status,
    ...changes,
    history,
  };
}
