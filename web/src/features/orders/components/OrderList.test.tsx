import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@contract/orders';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { paid, testOrder } from '../test-support';
import { OrderList } from './OrderList';

afterEach(() => vi.unstubAllGlobals());

const listing = (orders: Order[]) => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(orders))),
  );
  renderWithProviders(<OrderList email="rider@example.com" />);
};

const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr') as HTMLElement);

describe('OrderList', () => {
  it('when one order is paid and one is not, then the paid one shows Paid and its transaction id, without Pay or Delete', async () => {
    const unpaid = testOrder(1);
    const paidOrder = paid(testOrder(2), 'pi_3Nabc123');
    listing([unpaid, paidOrder]);

    const paidRow = await rowOf('Part 2');
    expect(paidRow.getByText('Paid')).toBeInTheDocument();
    expect(paidRow.getByText('Transaction id: pi_3Nabc123')).toBeInTheDocument();
    expect(paidRow.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(paidRow.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    const unpaidRow = await rowOf('Part 1');
    expect(unpaidRow.getByText('Unpaid')).toBeInTheDocument();
    expect(unpaidRow.getByRole('link', { name: 'Pay for Part 1' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${unpaid._id}`,
    );
    expect(unpaidRow.getByRole('button', { name: 'Delete the order for Part 1' })).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/myOrder?email=rider%40example.com');
  });

  it("when orders are listed, then each one's name links to its own page", async () => {
    const order = testOrder(1, { name: 'Pads and 2 more', productName: 'Pads and 2 more' });
    listing([order]);

    expect(await screen.findByRole('link', { name: 'Pads and 2 more' })).toHaveAttribute(
      'href',
      `/dashboard/myOrder/${order._id}`,
    );
  });

  it('when an order has shipped, then it still shows Paid, with Shipped beside it; a cancelled one shows neither Pay nor Paid', async () => {
    const shipped: Order = { ...paid(testOrder(1), 'pi_1'), status: 'shipped' };
    const cancelled = testOrder(2, { status: 'cancelled' });
    listing([shipped, cancelled]);

    const shippedRow = await rowOf('Part 1');
    expect(shippedRow.getByText('Paid')).toBeInTheDocument();
    expect(shippedRow.getByText('Shipped')).toBeInTheDocument();
    const cancelledRow = await rowOf('Part 2');
    expect(cancelledRow.getByText('Cancelled')).toBeInTheDocument();
    expect(cancelledRow.queryByText('Paid')).not.toBeInTheDocument();
    expect(cancelledRow.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
