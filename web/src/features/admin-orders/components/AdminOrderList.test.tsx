import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@contract/orders';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { movedTo, testOrder } from '../test-support';
import { AdminOrderList } from './AdminOrderList';

/** The API's list: answers `items` for any query, and says there are `total` in all. */
function ordersApi(items: Order[], total = items.length) {
  return fakeApi({ 'GET /api/admin/orders': () => jsonResponse({ items, total }) });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://store.test').searchParams);
const location = () => screen.getByTestId('location').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('Manage Orders', () => {
  it("when it opens, then each order shows its date, customer, name, total and status, and links to the order's page", async () => {
    const shipped = movedTo(testOrder(1, { name: 'Sintered Pads and 2 more', price: 105.84 }), 'shipped');
    const unpaid = testOrder(2, { email: 'bob@example.com', createdAt: '2026-11-20T10:00:00.000Z' });
    const api = ordersApi([shipped, unpaid]);
    renderWithProviders(<AdminOrderList />, { url: '/dashboard/orders' });

    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Nov 22, 2026');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent('$105.84');
    expect(within(first as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Shipped')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('link', { name: 'Sintered Pads and 2 more' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${testUuid(1)}`,
    );
    expect(second).toHaveTextContent('Nov 20, 2026');
    expect(within(second as HTMLElement).getByText('Unpaid')).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(queryOf(api.callsTo('/api/admin/orders')[0]?.url ?? '')).toEqual({ pageSize: '20' });
  });

  it('when a status is chosen and words searched, then the address keeps them and the API is asked for them', async () => {
    const user = userEvent.setup();
    const api = ordersApi([testOrder(1)]);
    renderWithProviders(<AdminOrderList />, { url: '/dashboard/orders?page=3', showLocation: true });
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    expect(location()).toBe('/dashboard/orders?status=paid');
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/dashboard/orders?status=paid&q=ada%40example.com');

    await vi.waitFor(() =>
      expect(queryOf(api.calls.at(-1)?.url ?? '')).toEqual({ status: 'paid', q: 'ada@example.com', pageSize: '20' }),
    );
  });

  it('when the address holds a filter (a reload), then the form shows it and the list is asked for it', async () => {
    const api = ordersApi([testOrder(1)], 45);
    renderWithProviders(<AdminOrderList />, { url: '/dashboard/orders?status=refunded&q=pads&page=2' });

    expect(await screen.findByRole('searchbox', { name: 'Search orders' })).toHaveValue('pads');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('refunded');
    expect(queryOf(api.calls[0]?.url ?? '')).toEqual({ status: 'refunded', q: 'pads', page: '2', pageSize: '20' });
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('when there are more orders than a page, then Previous and Next turn the pages, keeping the filter', async () => {
    const user = userEvent.setup();
    ordersApi([testOrder(1)], 41);
    renderWithProviders(<AdminOrderList />, { url: '/dashboard/orders?q=pads', showLocation: true });

    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/dashboard/orders?q=pads&page=2');
    await user.click(await screen.findByRole('link', { name: 'Next' }));
    expect(location()).toBe('/dashboard/orders?q=pads&page=3');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(location()).toBe('/dashboard/orders?q=pads&page=2');
  });

  it('when nothing matches, then the table says so, offers every order, and there are no pages', async () => {
    const user = userEvent.setup();
    ordersApi([]);
    renderWithProviders(<AdminOrderList />, { url: '/dashboard/orders?status=paid&q=nobody', showLocation: true });
    expect(await screen.findByRole('cell', { name: /^No orders match\./ })).toBeInTheDocument();
    expect(screen.getByText('0 orders')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show every order' }));
    expect(location()).toBe('/dashboard/orders');
  });

  it('when the store has no orders at all, then nothing is offered to clear', async () => {
    ordersApi([]);
    renderWithProviders(<AdminOrderList />, { url: '/dashboard/orders' });
    expect(await screen.findByRole('cell', { name: 'No orders match.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show every order' })).not.toBeInTheDocument();
  });
});
