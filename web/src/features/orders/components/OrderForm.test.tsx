import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@contract/products';
import { testProduct } from '../../../test/products';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { OrderForm } from './OrderForm';

const part: Product = testProduct(1, {
  name: 'Sintered Front Brake Pads HH',
  picture: '/images/products/sintered-pads.svg',
  price: 34.1,
  availableQantity: 40,
  minimumOderQantity: 2,
  description: '',
});
const rider = { email: 'rider@example.com', displayName: 'Rider', photoURL: null };

afterEach(() => vi.unstubAllGlobals());

async function orderSix(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(answer)),
  );
  renderWithProviders(<OrderForm product={part} user={rider} />);
  const user = userEvent.setup();
  const quantity = screen.getByLabelText('Order Quantity');
  await user.clear(quantity);
  await user.type(quantity, '6');
  await user.type(screen.getByLabelText('Phone Number'), '+1 555 0100');
  await user.click(screen.getByRole('button', { name: 'Purchase' }));
}

describe('OrderForm', () => {
  it('when shown, then who orders what at which price is text, and only what the customer fills in is an input', () => {
    renderWithProviders(<OrderForm product={part} user={rider} />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Name',
      'Email',
      'Product Name',
      'Price',
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Rider',
      'rider@example.com',
      'Sintered Front Brake Pads HH',
      '$34.10',
    ]);
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('name'))).toEqual([
      'phoneNumber',
      'address',
    ]);
    expect(screen.getByRole('spinbutton')).toHaveAccessibleName('Order Quantity');
  });

  it("when the stock sold out since the page loaded, then the server's refusal shows under Order Quantity", async () => {
    const message = 'You cannot order more than our stock';
    await orderSix(
      jsonResponse(
        {
          statusCode: 400,
          error: 'Bad Request',
          code: 'QUANTITY_ABOVE_STOCK',
          message,
          errors: [{ field: 'body.quantity', message }],
        },
        { status: 400 },
      ),
    );

    const quantity = screen.getByLabelText('Order Quantity');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the refusal names no field, then its message shows under the form', async () => {
    await orderSix(
      jsonResponse(
        { statusCode: 404, error: 'Not Found', code: 'PRODUCT_NOT_FOUND', message: 'No product with that id' },
        { status: 404 },
      ),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('No product with that id');
    expect(screen.getByLabelText('Order Quantity')).toHaveAttribute('aria-invalid', 'false');
  });

  it('when the quantity changes, then the total shows the unit price times the quantity', async () => {
    renderWithProviders(<OrderForm product={part} user={rider} />);
    const user = userEvent.setup();
    const quantity = screen.getByLabelText('Order Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByLabelText('Total')).toHaveTextContent('$102.30');
  });
});

describe('OrderForm and retries', () => {
  it('when the order is placed, then the confirmation offers to pay it at once, one click away', async () => {
    await orderSix(jsonResponse({ _id: 'order-42', price: 204.6 }, { status: 200 }));
    const pay = await screen.findByRole('link', { name: 'Pay now $204.60' });
    expect(pay.closest('[role="status"]')).toHaveTextContent('Order placed. Pay now $204.60 or later from My Order.');
    expect(pay).toHaveAttribute('href', '/dashboard/payment/order-42');
    expect(screen.getByRole('link', { name: 'My Order' })).toHaveAttribute('href', '/dashboard/myOrder');
  });

  it('when Purchase is pressed twice, then each submit carries an Idempotency-Key of its own', async () => {
    const api = fakeApi({ 'POST /api/myOrder': () => jsonResponse({}, { status: 201 }) });
    renderWithProviders(<OrderForm product={part} user={rider} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 0100');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(api.callsTo('/api/myOrder')).toHaveLength(1));
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 0100');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(api.callsTo('/api/myOrder')).toHaveLength(2));

    const [first, second] = api.callsTo('/api/myOrder').map((call) => call.headers['idempotency-key']);
    expect(first).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(second).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(second).not.toBe(first);
  });

  it('when the network fails on the first try, then the order is sent again with the same key', async () => {
    let tries = 0;
    const api = fakeApi({
      'POST /api/myOrder': () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch');
        return jsonResponse({}, { status: 201 });
      },
    });
    renderWithProviders(<OrderForm product={part} user={rider} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 0100');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    await waitFor(() => expect(api.callsTo('/api/myOrder')).toHaveLength(2), { timeout: 3000 });
    const [first, second] = api.callsTo('/api/myOrder').map((call) => call.headers['idempotency-key']);
    expect(second).toBe(first);
  });
});
