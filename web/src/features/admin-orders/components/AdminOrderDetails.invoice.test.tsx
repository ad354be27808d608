import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHIPPING_METHODS } from '@contract/checkout';
import type { Order } from '@contract/orders';
import { accessToken } from '../../../lib/access-token';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { movedTo, testOrder } from '../test-support';
import { AdminOrderDetails } from './AdminOrderDetails';

const unpaidOrder = testOrder(3, { name: 'Sintered Pads', invoiceNumber: null });
const refundedOrder = movedTo(unpaidOrder, 'refunded', {
  invoiceNumber: 1207,
  refundedAt: '2026-11-23T09:00:00.000Z',
});

/** The files the page saved: each link it clicked, with its address and file name. */
let saved: { href: string; download: string }[];
const { createObjectURL, revokeObjectURL } = URL;

function openOrder(order: Order) {
  const api = fakeApi({
    [`GET /api/admin/orders/${order._id}`]: () => jsonResponse(order),
    'GET /api/shipping-methods': () => jsonResponse(DEFAULT_SHIPPING_METHODS),
    [`GET /api/myOrder/${order._id}/invoice.pdf`]: () =>
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'inline; filename="invoice-INV-001207.pdf"',
        },
      }),
  });
  renderWithProviders(<AdminOrderDetails orderId={order._id} />);
  return api;
}

beforeEach(() => {
  saved = [];
  accessToken.set('admin-token', new Date(Date.now() + 3_600_000).toISOString());
  // jsdom makes no object URLs and follows no download links: the test records them instead.
  URL.createObjectURL = vi.fn(() => 'blob:invoice-1207');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  accessToken.remove();
  vi.unstubAllGlobals();
});

describe("an order's invoice in Manage Orders", () => {
  it("when the order was paid (and refunded since), then its payment shows the invoice number, and Invoice (PDF) saves it with the admin's token", async () => {
    const user = userEvent.setup();
    const api = openOrder(refundedOrder);

    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('INV-001207')).toBeInTheDocument();
    await user.click(within(payment).getByRole('button', { name: 'Invoice (PDF)' }));

    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:invoice-1207', download: 'invoice-INV-001207.pdf' }]));
    expect(api.callsTo(`/api/myOrder/${refundedOrder._id}/invoice.pdf`)).toEqual([
      expect.objectContaining({ headers: { accept: 'application/pdf', authorization: 'Bearer admin-token' } }),
    ]);
  });

  it('when the order is unpaid, then its payment says so and offers no invoice', async () => {
    openOrder(unpaidOrder);

    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Not paid.');
    expect(screen.queryByRole('button', { name: 'Invoice (PDF)' })).not.toBeInTheDocument();
  });
});
