import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '@contract/orders';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { OrderList } from './OrderList';

const makeOrder = (n: number, overrides: Partial<Order> = {}): Order =>
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
    ...overrides,
  });

afterEach(() => vi.unstubAllGlobals());

describe('OrderList', () => {
  it('when one order is paid and one is not, then the paid one shows Paid and its transaction id, without Pay or Delete', async () => {
    const unpaid = makeOrder(1);
    const paid = makeOrder(2, { paid: true, transactionId: 'pi_3Nabc123' });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse([unpaid, paid]))),
    );

    renderWithProviders(<OrderList email="rider@example.com" />);

    const paidRow = within((await screen.findByText('Part 2')).closest('tr') as HTMLElement);
    expect(paidRow.getByText('Paid')).toBeInTheDocument();
    expect(paidRow.getByText('Transaction id: pi_3Nabc123')).toBeInTheDocument();
    expect(paidRow.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(paidRow.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    const unpaidRow = within(screen.getByText('Part 1').closest('tr') as HTMLElement);
    expect(unpaidRow.getByRole('link', { name: 'Pay for Part 1' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${unpaid._id}`,
    );
    expect(unpaidRow.getByRole('button', { name: 'Delete the order for Part 1' })).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/myOrder?email=rider%40example.com');
  });
});
