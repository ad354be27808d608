import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHIPPING_METHODS } from '@contract/checkout';
import type { Order } from '@contract/orders';
import { showToast } from '../../../lib/toast';
import { fakeApi, refusal, type FakeRoute } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { movedTo, testOrder } from '../test-support';
import { AdminOrderDetails } from './AdminOrderDetails';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

const toasts = () => vi.mocked(showToast).mock.calls.map(([kind, message]) => `${kind}: ${message}`);

const unpaidOrder = testOrder(1, { name: 'Sintered Pads' });
const paidOrder = movedTo(unpaidOrder, 'paid', { transactionId: 'pi_sandbox_42' });

/**
 * The order's page, with the API answering the order as it stands and each move as `moves` says: an
 * order is the move's result (and the order from then on), a Response a refusal.
 */
function openOrder(order: Order, moves: Record<string, () => Order | Response> = {}) {
  let current = order;
  const move =
    (answer: () => Order | Response): FakeRoute =>
    () => {
      const result = answer();
      if (result instanceof Response) return result;
      current = result;
      return jsonResponse(result);
    };
  const api = fakeApi({
    [`GET /api/admin/orders/${order._id}`]: () => jsonResponse(current),
    'GET /api/shipping-methods': () => jsonResponse(DEFAULT_SHIPPING_METHODS),
    ...Object.fromEntries(
      Object.entries(moves).map(([name, answer]) => [`POST /api/admin/orders/${order._id}/${name}`, move(answer)]),
    ),
  });
  renderWithProviders(<AdminOrderDetails orderId={order._id} />);
  return api;
}

const actions = () => screen.getByRole('region', { name: 'Actions' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

describe("an order's page in Manage Orders", () => {
  it('when a paid order opens, then it shows its lines, address, payment and history, and offers Ship and Refund only', async () => {
    openOrder(paidOrder);

    expect(await screen.findByRole('heading', { name: 'Order: Sintered Pads' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'The parts of this order' })).toHaveTextContent('Part 1');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Transaction idpi_sandbox_42');
    expect(within(payment).getByText('Nov 22, 2026, 10:05 AM', { exact: false })).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.firstChild?.textContent)).toEqual(['Placed', 'Paid']);

    expect(within(actions()).getByRole('form', { name: 'Ship order' })).toBeInTheDocument();
    expect(within(actions()).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('when the admin ships with a carrier and tracking number, then they are sent, the page moves to Shipped, and a toast says so', async () => {
    const user = userEvent.setup();
    const api = openOrder(paidOrder, {
      ship: () => movedTo(paidOrder, 'shipped', { carrier: 'DHL', trackingNumber: 'JD0146' }),
    });
    const form = await screen.findByRole('form', { name: 'Ship order' });

    await user.click(within(form).getByRole('button', { name: 'Ship' }));
    expect(await within(form).findByText('Carrier is required')).toBeInTheDocument();
    expect(within(form).getByText('Tracking number is required')).toBeInTheDocument();
    expect(api.callsTo(`/api/admin/orders/${paidOrder._id}/ship`)).toEqual([]);

    await user.type(within(form).getByLabelText('Carrier'), 'DHL');
    await user.type(within(form).getByLabelText('Tracking number'), 'JD0146');
    await user.click(within(form).getByRole('button', { name: 'Ship' }));

    expect(await screen.findByText('Shipped with DHL, tracking number JD0146')).toBeInTheDocument();
    expect(api.callsTo(`/api/admin/orders/${paidOrder._id}/ship`)[0]?.body).toEqual({
      carrier: 'DHL',
      trackingNumber: 'JD0146',
    });
    expect(toasts()).toEqual(['success: Order shipped']);
    expect(within(actions()).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('when a shipped order is marked delivered, then the page says Delivered and offers nothing more', async () => {
    const user = userEvent.setup();
    const shipped = movedTo(paidOrder, 'shipped', { carrier: 'DHL', trackingNumber: 'JD0146' });
    openOrder(shipped, { deliver: () => movedTo(shipped, 'delivered') });

    await user.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    expect(await within(actions()).findByText('Nothing more to do: this order is delivered.')).toBeInTheDocument();
    expect(toasts()).toEqual(['success: Order marked delivered']);
  });

  it('when Refund is pressed, then the page asks first, naming the order and the customer, and "No" sends nothing', async () => {
    const user = userEvent.setup();
    const api = openOrder(paidOrder, { cancel: () => movedTo(paidOrder, 'refunded') });

    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const question = within(actions()).getByRole('group', {
      name: 'Refund $30.00 to ada@example.com for the order Sintered Pads? Its parts go back in stock.',
    });
    await user.click(within(question).getByRole('button', { name: 'No, keep it' }));
    expect(api.callsTo(`/api/admin/orders/${paidOrder._id}/cancel`)).toEqual([]);

    await user.click(within(actions()).getByRole('button', { name: 'Refund' }));
    await user.click(within(actions()).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(actions()).findByText('Nothing more to do: this order is refunded.')).toBeInTheDocument();
    expect(api.callsTo(`/api/admin/orders/${paidOrder._id}/cancel`)).toHaveLength(1);
    expect(toasts()).toEqual(['success: Order refunded']);
  });

  it('when an unpaid order is cancelled, then it asks first and the page moves to Cancelled', async () => {
    const user = userEvent.setup();
    openOrder(unpaidOrder, { cancel: () => movedTo(unpaidOrder, 'cancelled') });

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(
      within(actions()).getByRole('group', {
        name: 'Cancel the order Sintered Pads by ada@example.com? Its parts go back in stock.',
      }),
    ).toBeInTheDocument();
    await user.click(within(actions()).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await within(actions()).findByText('Nothing more to do: this order is cancelled.')).toBeInTheDocument();
    expect(toasts()).toEqual(['success: Order cancelled']);
  });

  it('when the gateway does not refund, then its words show, the order stays paid, and no toast is shown', async () => {
    const user = userEvent.setup();
    openOrder(paidOrder, {
      cancel: () => refusal(502, 'REFUND_FAILED', 'The payment provider did not refund the order. Please try again.'),
    });

    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.click(within(actions()).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(actions()).findByRole('alert')).toHaveTextContent(
      'The payment provider did not refund the order. Please try again.',
    );
    expect(within(actions()).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('when shipping is refused because the order moved meanwhile, then the refusal shows under the form', async () => {
    const user = userEvent.setup();
    openOrder(paidOrder, {
      ship: () => refusal(409, 'ORDER_MOVE_REFUSED', 'That order cannot make this move from where it is'),
    });
    const form = await screen.findByRole('form', { name: 'Ship order' });
    await user.type(within(form).getByLabelText('Carrier'), 'UPS');
    await user.type(within(form).getByLabelText('Tracking number'), '1Z999');
    await user.click(within(form).getByRole('button', { name: 'Ship' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'That order cannot make this move from where it is',
    );
  });
});
