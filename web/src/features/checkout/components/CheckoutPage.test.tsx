import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHIPPING_METHODS, type Cart } from '@contract/checkout';
import { storeConfig } from '../../../lib/store-config';
import { fakeApi, refusal, type FakeRoute } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { cartAnswer, cartPart, serverLine } from '../../../test/cart';
import { CheckoutPage } from './CheckoutPage';

const pads = cartPart(1, { name: 'Sintered Pads', price: 34.1, minimumOderQantity: 2, availableQantity: 40 });
const disc = cartPart(2, { name: 'Wave Disc', price: 129.99, minimumOderQantity: 1, availableQantity: 5 });
const orderId = testUuid(500);

function checkoutApi(cart: Cart, placeOrder: FakeRoute = () => jsonResponse({ _id: orderId }, { status: 201 })) {
  return fakeApi({
    'GET /api/cart': () => jsonResponse(cart),
    'GET /api/shipping-methods': () => jsonResponse(DEFAULT_SHIPPING_METHODS),
    'POST /api/checkout': placeOrder,
  });
}

const openCheckout = () =>
  renderWithProviders(<CheckoutPage fullName="Rider One" />, { url: '/checkout', showLocation: true });

/** The summary's amount for a row: `Subtotal`, `Shipping`, `Tax (20%)`, `Total`. */
const summary = (label: string) =>
  within(screen.getByRole('region', { name: 'Order summary' })).getByText(label).nextElementSibling?.textContent;

async function fillAddress() {
  const user = userEvent.setup();
  await screen.findByRole('form', { name: 'Checkout' });
  await user.type(screen.getByLabelText('Address line 1'), '12 Apex Road');
  await user.type(screen.getByLabelText('City'), 'Leeds');
  await user.type(screen.getByLabelText('Postal code'), 'LS1 4AP');
  await user.selectOptions(screen.getByLabelText('Country'), 'GB');
  await user.type(screen.getByLabelText('Phone number'), '+44 113 496 0000');
  return user;
}

const TAX_RATE = storeConfig.taxRate;
beforeEach(() => {
  storeConfig.taxRate = 20;
});
afterEach(() => {
  storeConfig.taxRate = TAX_RATE;
  vi.unstubAllGlobals();
});

describe('the checkout', () => {
  it('when it opens, then the summary adds goods, the chosen shipping and tax at the store rate, as the contract sums', async () => {
    checkoutApi(cartAnswer([serverLine(pads, 2)]));
    openCheckout();
    await screen.findByRole('form', { name: 'Checkout' });

    expect(screen.getByLabelText('Full name')).toHaveValue('Rider One');
    expect(screen.getByLabelText(/Standard delivery/)).toBeChecked();
    expect(summary('Subtotal')).toBe('$68.20');
    expect(summary('Shipping')).toBe('$7.50');
    expect(summary('Tax (20%)')).toBe('$15.14');
    expect(summary('Total')).toBe('$90.84');

    await userEvent.click(screen.getByLabelText(/Express delivery/));
    expect(summary('Shipping')).toBe('$19.00');
    expect(summary('Tax (20%)')).toBe('$17.44');
    expect(summary('Total')).toBe('$104.64');
  });

  it('when the goods come to the free-shipping threshold, then standard shipping is free', async () => {
    checkoutApi(cartAnswer([serverLine(pads, 3), serverLine(disc, 1)]));
    openCheckout();
    await screen.findByRole('form', { name: 'Checkout' });

    expect(summary('Subtotal')).toBe('$232.29');
    expect(summary('Shipping')).toBe('$0.00');
    expect(summary('Tax (20%)')).toBe('$46.46');
    expect(summary('Total')).toBe('$278.75');
  });

  it('when Place order is pressed, then the checkout is sent with an Idempotency-Key and the payment page of the new order opens', async () => {
    const api = checkoutApi(cartAnswer([serverLine(pads, 2)]));
    openCheckout();
    const user = await fillAddress();
    await user.click(screen.getByLabelText(/Pick up at the shop/));
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${orderId}`));
    const [call] = api.callsTo('/api/checkout');
    expect(call?.body).toEqual({
      shippingMethod: 'pickup',
      phoneNumber: '+44 113 496 0000',
      address: {
        fullName: 'Rider One',
        line1: '12 Apex Road',
        line2: '',
        city: 'Leeds',
        postalCode: 'LS1 4AP',
        country: 'GB',
      },
      // 2 x 34.10, picked up, 20 % tax: the total the summary showed.
      expectedTotal: 81.84,
    });
    expect(call?.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{8,255}$/);
  });

  it('when the first try meets a failure on the store side, then the order is sent again with the same key', async () => {
    let tries = 0;
    const api = checkoutApi(cartAnswer([serverLine(pads, 2)]), () => {
      tries += 1;
      return tries === 1
        ? refusal(503, 'DATABASE_UNAVAILABLE', "The store's database is not answering. Please try again in a moment.")
        : jsonResponse({ _id: orderId }, { status: 201 });
    });
    openCheckout();
    const user = await fillAddress();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${orderId}`), {
      timeout: 3000,
    });
    const keys = api.callsTo('/api/checkout').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('when a part can no longer be had, then the refusal names it and leads back to the cart; the order is not tried again', async () => {
    const message = 'Sintered Pads: only 1 left. Please change the quantity.';
    const api = checkoutApi(cartAnswer([serverLine(pads, 2)]), () =>
      refusal(409, 'PART_UNAVAILABLE', message, [{ field: `cart.${pads._id}`, message }]),
    );
    openCheckout();
    const user = await fillAddress();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Change the quantities in your cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(api.callsTo('/api/checkout')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
  });

  it('when prices moved since the cart was read, then the new figures show and Place order asks again at the new total', async () => {
    let padsPrice = 34.1;
    const message = 'Prices changed since you looked. Check the new total, then place the order again.';
    const api = fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([serverLine({ ...pads, price: padsPrice }, 2)])),
      'GET /api/shipping-methods': () => jsonResponse(DEFAULT_SHIPPING_METHODS),
      'POST /api/checkout': (_url, body) => {
        if ((body as { expectedTotal?: number }).expectedTotal === 81.84) {
          padsPrice = 50; // an admin's new price, in the store before the customer pressed the button
          return jsonResponse(
            {
              statusCode: 409,
              error: 'Conflict',
              code: 'PRICES_CHANGED',
              message,
              figures: {
                lines: [{ productId: pads._id, name: 'Sintered Pads', unitPrice: 50, quantity: 2, lineTotal: 100 }],
                subtotal: 100,
                shippingCost: 0,
                tax: 20,
                total: 120,
              },
            },
            { status: 409 },
          );
        }
        return jsonResponse({ _id: orderId }, { status: 201 });
      },
    });
    openCheckout();
    const user = await fillAddress();
    await user.click(screen.getByLabelText(/Pick up at the shop/));
    expect(summary('Total')).toBe('$81.84');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('New total: $120.00');
    await waitFor(() => expect(summary('Total')).toBe('$120.00'));
    expect(summary('Subtotal')).toBe('$100.00');
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${orderId}`));
    expect(api.callsTo('/api/checkout').map((call) => (call.body as { expectedTotal: number }).expectedTotal)).toEqual([
      81.84, 120,
    ]);
  });

  it('when the server refuses a field of the address, then its message shows on that field', async () => {
    checkoutApi(cartAnswer([serverLine(pads, 2)]), () =>
      refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
        { field: 'body.address.city', message: 'City can be at most 100 characters' },
      ]),
    );
    openCheckout();
    const user = await fillAddress();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const city = screen.getByLabelText('City');
    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    expect(city).toHaveAccessibleDescription('City can be at most 100 characters');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a field is left empty, then the contract message shows on it and nothing is sent', async () => {
    const api = checkoutApi(cartAnswer([serverLine(pads, 2)]));
    openCheckout();
    await screen.findByRole('form', { name: 'Checkout' });
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(api.callsTo('/api/checkout')).toEqual([]);
  });

  it('when the cart is empty, then the page says so and leads to the parts', async () => {
    checkoutApi(cartAnswer([]));
    openCheckout();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/parts');
  });
});
