import { orderSchema, type Order } from '@contract/orders';
import { testUuid } from './render';

/**
 * A valid order (checked against the contract), numbered n: by default a seed order (Order Now) of
 * three of one part, unpaid, with no shipping; any field overridden.
 */
export const testOrder = (n: number, overrides: Partial<Order> = {}): Order =>
  orderSchema.parse({
    _id: testUuid(n),
    email: 'rider@example.com',
    productId: testUuid(100 + n),
    name: `Part ${n}`,
    productName: `Part ${n}`,
    unitPrice: 10,
    quantity: 3,
    price: 30,
    phoneNumber: '+1 555 0100',
    address: '',
    paid: false,
    transactionId: null,
    createdAt: '2026-11-22T10:00:00.000Z',
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
    history: [{ status: 'placed', at: '2026-11-22T10:00:00.000Z' }],
    ...overrides,
  });
