import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { readLocalCart, writeLocalCart } from '../local-cart';
import { cartAnswer, cartPart, localLine, serverLine } from '../../../test/cart';
import { CartPage } from './CartPage';

const pads = cartPart(1, { name: 'Sintered Pads', price: 34.1, minimumOderQantity: 2, availableQantity: 40 });
const disc = cartPart(2, { name: 'Wave Disc', price: 129.99, minimumOderQantity: 1, availableQantity: 5 });

const rowElement = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
const rowOf = (name: string) => within(rowElement(name));
const subtotal = () => screen.getByRole('status', { name: 'Subtotal' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("a visitor's cart page", () => {
  it('when the visitor has lines, then each shows its picture, name to its page, price, quantity and total; the subtotal adds them', () => {
    writeLocalCart([localLine(pads, 3), localLine(disc, 1)]);
    renderWithProviders(<CartPage signedIn={false} />);

    const row = rowOf('Sintered Pads');
    expect(screen.getByRole('link', { name: 'Sintered Pads' })).toHaveAttribute('href', `/parts/${pads._id}`);
    expect(rowElement('Sintered Pads').querySelector('img')).toHaveAttribute('src', pads.picture);
    expect(row.getByText('$34.10')).toBeInTheDocument();
    expect(row.getByRole('spinbutton', { name: 'Quantity of Sintered Pads' })).toHaveValue(3);
    expect(row.getByText('$102.30')).toBeInTheDocument();
    expect(subtotal()).toHaveTextContent('$232.29');
    expect(screen.getByText(/4 units/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it("when a quantity is set below the minimum or above the stock, then the order form's message shows under it and nothing changes", async () => {
    writeLocalCart([localLine(pads, 3)]);
    renderWithProviders(<CartPage signedIn={false} />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Sintered Pads' });
    expect(quantity).toHaveAttribute('min', '2');
    expect(quantity).toHaveAttribute('max', '40');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1{Enter}');
    expect(await screen.findByText('You Must Order a Minimum of 2 products')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription('You Must Order a Minimum of 2 products');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '41');
    await userEvent.tab();
    expect(await screen.findByText('You cannot order more than our stock')).toBeInTheDocument();
    expect(readLocalCart()).toEqual([localLine(pads, 3)]);
  });

  it('when a quantity is changed within the rules, then the line and the subtotal follow, and the cart keeps it', async () => {
    writeLocalCart([localLine(pads, 3)]);
    renderWithProviders(<CartPage signedIn={false} />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Sintered Pads' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10{Enter}');

    await waitFor(() => expect(subtotal()).toHaveTextContent('$341.00'));
    expect(readLocalCart()).toEqual([localLine(pads, 10)]);
  });

  it('when a line is removed, then it leaves the cart; the last one gone, the cart says it is empty and leads to the parts', async () => {
    writeLocalCart([localLine(pads, 3), localLine(disc, 1)]);
    renderWithProviders(<CartPage signedIn={false} />);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Wave Disc' }));
    expect(screen.queryByRole('link', { name: 'Wave Disc' })).not.toBeInTheDocument();
    expect(readLocalCart()).toEqual([localLine(pads, 3)]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Sintered Pads' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/parts');
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});

describe("a customer's cart page", () => {
  it('when it opens, then it shows the server cart; a quantity changed is sent, and the answer shown', async () => {
    const api = fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([serverLine(pads, 2)])),
      [`PUT /api/cart/${pads._id}`]: () => jsonResponse(cartAnswer([serverLine(pads, 5)])),
    });
    renderWithProviders(<CartPage signedIn />);
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Sintered Pads' });
    expect(subtotal()).toHaveTextContent('$68.20');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5{Enter}');

    await waitFor(() => expect(subtotal()).toHaveTextContent('$170.50'));
    expect(api.callsTo(`/api/cart/${pads._id}`)).toMatchObject([{ method: 'PUT', body: { quantity: 5 } }]);
  });

  it("when the server refuses a quantity, then its field message shows under the line's quantity", async () => {
    fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([serverLine(pads, 2)])),
      [`PUT /api/cart/${pads._id}`]: () =>
        refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
          { field: 'body.quantity', message: 'You cannot order more than our stock' },
        ]),
    });
    renderWithProviders(<CartPage signedIn />);
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Sintered Pads' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '30{Enter}');

    expect(await screen.findByText('You cannot order more than our stock')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
  });

  it('when a line is removed, then the server is asked to take it out, and the cart it answers shows', async () => {
    const api = fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([serverLine(pads, 2), serverLine(disc, 1)])),
      [`DELETE /api/cart/${disc._id}`]: () => jsonResponse(cartAnswer([serverLine(pads, 2)])),
    });
    renderWithProviders(<CartPage signedIn />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Wave Disc' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Wave Disc' })).not.toBeInTheDocument());
    expect(api.callsTo(`/api/cart/${disc._id}`)).toMatchObject([{ method: 'DELETE' }]);
  });

  it('when a part sold down below the quantity in the cart, then the line says how many are left', async () => {
    fakeApi({ 'GET /api/cart': () => jsonResponse(cartAnswer([{ ...serverLine(disc, 4), availableQantity: 3 }])) });
    renderWithProviders(<CartPage signedIn />);
    expect(await screen.findByText('Wave Disc: only 3 left. Please change the quantity.')).toBeInTheDocument();
  });
});
