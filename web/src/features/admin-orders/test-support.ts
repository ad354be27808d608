import { orderSchema, type Order, type OrderEvent } from '@contract/orders';
import { testUuid } from '../../test/render';

const PLACED_AT = '2026-11-22T10:00:00.000Z';
const PAID_AT = '2026-11-22T10:05:00.000Z';

/**
 * An order as Manage Orders receives it (checked against the contract), numbered n: three of one
 * part at 10.00, unpaid, placed by ada@example.com; any field overridden.
 */
export const testOrder = (n: number, overrides: Partial<Order> = {}): Order =>
  orderSchema.parse({
    _id: testUuid(n),
    email: 'ada@example.com',
    productId: testUuid(100 + n),
    name: `Part ${n}`,
    productName: `Part ${n}`,
    unitPrice: 10,
    quantity: 3,
    price: 30,
    phoneNumber: '+1 555 0100',
    address: '5 Brake Lane, Leeds',
    paid: false,
    transactionId: null,
    createdAt: PLACED_AT,
    status: 'unpaid',
    lines: [{ productId: testUuid(100 + n), productName: `Part ${n}`, unitPrice: 10, quantity: 3, lineTotal: 30 }],
    subtotal: 30,
    shippingMethod: null,
    shippingCost: 0,
    tax: 0,
    shippingAddress: null,
    carrier: null,
    trackingNumber: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refundedAt: null,
    invoiceNumber: null,
    history: [{ status: 'placed', at: PLACED_AT }],
    ...overrides,
  });

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
