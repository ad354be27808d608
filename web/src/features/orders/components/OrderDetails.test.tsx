import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHIPPING_METHODS } from '@contract/checkout';
import type { Order } from '@contract/orders';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { paid, testOrder } from '../test-support';
import { OrderDetails } from './OrderDetails';

/** An order of two parts from the checkout, shipped to Leeds by standard delivery, with 20 % tax. */
const checkoutOrder = testOrder(1, {
  name: 'Sintered Pads and 1 more',
  productName: 'Sintered Pads and 1 more',
  unitPrice: 34.1,
  quantity: 3,
  lines: [
    { productId: testUuid(11), productName: 'Sintered Pads', unitPrice: 34.1, quantity: 2, lineTotal: 68.2 },
    { productId: null, productName: 'Wave Disc', unitPrice: 12.5, quantity: 1, lineTotal: 12.5 },
  ],
  subtotal: 80.7,
  shippingMethod: 'standard',
  shippingCost: 7.5,
  tax: 17.64,
  price: 105.84,
  phoneNumber: '+44 113 496 0000',
  shippingAddress: {
    fullName: 'Rider One',
    line1: '12 Apex Road',
    line2: 'Unit 4',
    city: 'Leeds',
    postalCode: 'LS1 4AP',
    country: 'GB',
  },
});

function openOrder(order: Order) {
  fakeApi({
    [`GET /api/myOrder/${order._id}`]: () => jsonResponse(order),
    'GET /api/shipping-methods': () => jsonResponse(DEFAULT_SHIPPING_METHODS),
  });
  renderWithProviders(<OrderDetails orderId={order._id} />);
}

/** The amount in the totals' row named `label`. */
const amountOf = (label: RegExp) => screen.getByRole('rowheader', { name: label }).nextElementSibling?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe("an order's page", () => {
  it('when an unpaid checkout order opens, then it shows its lines, totals, address and history, and the way to pay', async () => {
    openOrder(checkoutOrder);

    expect(await screen.findByRole('heading', { name: 'Order: Sintered Pads and 1 more' })).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'The parts of this order' });
    expect(within(lines).getByRole('link', { name: 'Sintered Pads' })).toHaveAttribute(
      'href',
      `/parts/${testUuid(11)}`,
    );
    expect(within(lines).getByText('Wave Disc')).toBeInTheDocument(); // a part since taken out of the catalogue
    expect(within(lines).getByText('$68.20')).toBeInTheDocument();
    expect(amountOf(/^Subtotal/)).toBe('$80.70');
    expect(
      await screen.findByRole('rowheader', { name: 'Shipping (Standard delivery (3-5 working days))' }),
    ).toBeInTheDocument();
    expect(amountOf(/^Shipping/)).toBe('$7.50');
    expect(amountOf(/^Tax/)).toBe('$17.64');
    expect(amountOf(/^Total/)).toBe('$105.84');

    const address = screen.getByRole('region', { name: 'Shipping address' });
    expect(address).toHaveTextContent('Rider One12 Apex RoadUnit 4LS1 4AP LeedsUnited Kingdom+44 113 496 0000');

    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.firstChild?.textContent)).toEqual(['Placed']);
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay $105.84' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${checkoutOrder._id}`,
    );
  });

  it('when the order was paid, shipped and delivered, then the history says each, shipping with its carrier and tracking number, and there is nothing to pay', async () => {
    const delivered: Order = {
      ...paid(checkoutOrder, 'pi_sandbox_1'),
      status: 'delivered',
      carrier: 'DHL',
      trackingNumber: 'JD014600006281230470',
      history: [
        { status: 'placed', at: '2026-11-22T10:00:00.000Z' },
        { status: 'paid', at: '2026-11-22T10:05:00.000Z' },
        { status: 'shipped', at: '2026-11-23T09:00:00.000Z' },
        { status: 'delivered', at: '2026-11-25T15:30:00.000Z' },
      ],
    };
    openOrder(delivered);

    const history = within(await screen.findByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.firstChild?.textContent)).toEqual([
      'Placed',
      'Paid',
      'Shipped with DHL, tracking number JD014600006281230470',
      'Delivered',
    ]);
    expect(history[3]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-25T15:30:00.000Z');
    expect(screen.getByText('Transaction id: pi_sandbox_1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('when a seed order (Order Now) opens, then it has one line, no shipping, and the address its form took', async () => {
    openOrder(testOrder(2, { address: '5 Brake Lane, Leeds' }));

    expect(await screen.findByRole('heading', { name: 'Order: Part 2' })).toBeInTheDocument();
    expect(amountOf(/^Shipping/)).toBe('$0.00');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('5 Brake Lane, Leeds');
  });
});
