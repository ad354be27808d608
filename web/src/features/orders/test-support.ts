import type { Order } from '@contract/orders';

export { testOrder } from '../../test/orders';

/** The same order, paid with this transaction id. */
export const paid = (order: Order, transactionId: string): Order => ({
  ...order,
  status: 'paid',
  paid: true,
  transactionId,
  paidAt: '2026-11-22T10:05:00.000Z',
  invoiceNumber: 1042,
  history: [...order.history, { status: 'paid', at: '2026-11-22T10:05:00.000Z' }],
});
