import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHIPPING_METHODS } from '@contract/checkout';
import type { Order } from '@contract/orders';
import { accessToken } from '../../../lib/access-token';
import { fakeApi, refusal, type FakeRoute } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { paid, testOrder } from '../test-support';
import { OrderDetails } from './OrderDetails';

const unpaidOrder = testOrder(7, { invoiceNumber: null });
const paidOrder: Order = { ...paid(unpaidOrder, 'pi_sandbox_7'), invoiceNumber: 42 };
const INVOICE_URL = `/api/myOrder/${paidOrder._id}/invoice.pdf`;
const PDF = () =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="invoice-INV-000042.pdf"',
    },
  });

/** The files the page saved: each link it clicked, with its address and file name. */
let saved: { href: string; download: string }[];
const { createObjectURL, revokeObjectURL } = URL;

function openOrder(order: Order, invoice: FakeRoute = PDF) {
  const api = fakeApi({
    [`GET /api/myOrder/${order._id}`]: () => jsonResponse(order),
    'GET /api/shipping-methods': () => jsonResponse(DEFAULT_SHIPPING_METHODS),
    [`GET /api/myOrder/${order._id}/invoice.pdf`]: invoice,
  });
  renderWithProviders(<OrderDetails orderId={order._id} />);
  return api;
}

beforeEach(() => {
  saved = [];
  accessToken.set('rider-token', new Date(Date.now() + 3_600_000).toISOString());
  // jsdom makes no object URLs and follows no download links: the test records them instead.
  URL.createObjectURL = vi.fn(() => 'blob:invoice-42');
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

describe("an order's invoice on its page", () => {
  it('when the order is paid, then its invoice number is shown, and Invoice (PDF) saves the PDF fetched with the bearer token', async () => {
    const user = userEvent.setup();
    const api = openOrder(paidOrder);

    expect(await screen.findByText('INV-000042')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invoice (PDF)' }));

    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:invoice-42', download: 'invoice-INV-000042.pdf' }]));
    expect(api.callsTo(INVOICE_URL)).toEqual([
      expect.objectContaining({
        method: 'GET',
        headers: { accept: 'application/pdf', authorization: 'Bearer rider-token' },
      }),
    ]);
    // The PDF's bytes, as the store sent them (a Blob of another realm than jsdom's: compared by shape).
    expect(vi.mocked(URL.createObjectURL).mock.calls[0]?.[0]).toMatchObject({ size: 5, type: 'application/pdf' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the order is unpaid, then there is no invoice to offer', async () => {
    openOrder(unpaidOrder);

    expect(await screen.findByRole('link', { name: /^Pay/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invoice (PDF)' })).not.toBeInTheDocument();
    expect(screen.queryByText(/INV-/)).not.toBeInTheDocument();
  });

  it('when the store refuses the invoice, then its message is shown and nothing is saved', async () => {
    const user = userEvent.setup();
    openOrder(paidOrder, () => refusal(409, 'INVOICE_NOT_ISSUED', 'This order has no invoice until it is paid'));

    await user.click(await screen.findByRole('button', { name: 'Invoice (PDF)' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This order has no invoice until it is paid');
    expect(saved).toEqual([]);
  });
});
