import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@contract/orders';
import { showToast } from '../../../lib/toast';
import { fakeApi, refusal } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { paid, testOrder } from '../test-support';
import { OrderList } from './OrderList';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

type User = ReturnType<typeof userEvent.setup>;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

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
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/myOrder?email=rider%40example.com&limit=50&page=1');
  });

  it('when a workshop has 120 orders, then the page the address names is read, numbered on from the pages before, with the way to the others', async () => {
    const orders = Array.from({ length: 50 }, (_, index) => testOrder(51 + index));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(orders, { headers: { 'x-total-count': '120' } }))),
    );
    renderWithProviders(<OrderList email="rider@example.com" />, {
      url: '/dashboard/myOrder?page=2',
      showLocation: true,
    });

    const row = await rowOf('Part 51');
    expect(row.getByText('51')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/myOrder?email=rider%40example.com&limit=50&page=2');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/myOrder?page=3');
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.at(-1)?.[0]).toBe('/api/myOrder?email=rider%40example.com&limit=50&page=3'),
    );
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

describe('deleting an order from My Order', () => {
  const order = testOrder(1, { name: 'Sintered Front Brake Pads HH', productName: 'Sintered Front Brake Pads HH' });
  const ORDER = `/api/myOrder/${order._id}`;

  /** My Order with one unpaid order; the delete answers what `answer` gives (by default, done). */
  const listingToDelete = (answer: () => Response | Promise<Response> = () => jsonResponse({ deleted: true })) => {
    let orders = [order];
    const api = fakeApi({
      'GET /api/myOrder': () => jsonResponse(orders),
      [`DELETE ${ORDER}`]: async () => {
        const response = await answer();
        if (response.ok) orders = [];
        return response;
      },
    });
    renderWithProviders(<OrderList email="rider@example.com" />);
    return api;
  };

  const askToDelete = async (user: User) => {
    await user.click(await screen.findByRole('button', { name: 'Delete the order for Sintered Front Brake Pads HH' }));
    return within(await screen.findByRole('dialog', { name: 'Delete the order for Sintered Front Brake Pads HH?' }));
  };

  it("when Delete is pressed, then a dialog names the order, asks the spec's question and starts on Cancel", async () => {
    const user = userEvent.setup();
    listingToDelete();

    const dialog = await askToDelete(user);

    expect(dialog.getByText('Do you want to Delete?')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it.each([
    ['Cancel', (user: User) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', (user: User) => user.keyboard('{Escape}')],
  ])('when %s is chosen, then nothing is deleted and focus is back on the Delete that asked', async (_, decline) => {
    const user = userEvent.setup();
    const api = listingToDelete();
    await askToDelete(user);

    await decline(user);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete the order for Sintered Front Brake Pads HH' })).toHaveFocus();
    expect(api.callsTo(ORDER, 'DELETE')).toHaveLength(0);
    expect(showToast).not.toHaveBeenCalled();
  });

  it("when Delete is confirmed, then it shows it is deleting, deletes once, says the spec's 'Delete' in red and the order goes", async () => {
    const user = userEvent.setup();
    let answerDelete: () => void = () => undefined;
    const api = listingToDelete(
      () =>
        new Promise<Response>((resolve) => {
          answerDelete = () => resolve(jsonResponse({ deleted: true }));
        }),
    );
    const dialog = await askToDelete(user);

    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('button', { name: 'Deleting…' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Deleting…' }));
    answerDelete();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(ORDER, 'DELETE')).toHaveLength(1);
    expect(vi.mocked(showToast).mock.calls).toEqual([['error', 'Delete']]);
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });

  it('when the server refuses, then its reason shows in the toast and the order stays', async () => {
    const user = userEvent.setup();
    listingToDelete(() => refusal(409, 'PAID_ORDER_CANNOT_BE_DELETED', 'A paid order cannot be deleted'));
    const dialog = await askToDelete(user);

    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(vi.mocked(showToast).mock.calls).toEqual([['error', 'A paid order cannot be deleted']]);
    expect(screen.getByRole('link', { name: 'Sintered Front Brake Pads HH' })).toBeInTheDocument();
  });
});
