import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { fakeApi, refusal } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { readLocalCart } from '../local-cart';
import { cartAnswer, cartPart, localLine, serverLine } from '../../../test/cart';
import { AddToCartButton } from './AddToCartButton';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

const part = cartPart(1, { minimumOderQantity: 4, availableQantity: 10 });
const toasts = () => vi.mocked(showToast).mock.calls.map(([kind, message]) => `${kind}: ${message}`);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('Add to cart', () => {
  it("when a visitor adds a part, then its minimum order goes into the browser's cart, and a toast says so", async () => {
    const api = fakeApi({});
    renderWithProviders(<AddToCartButton part={part} signedIn={false} named />);
    await userEvent.click(screen.getByRole('button', { name: `Add to cart: ${part.name}` }));

    await waitFor(() => expect(readLocalCart()).toEqual([localLine(part, 4)]));
    expect(toasts()).toEqual([`success: Added to your cart: 4 × ${part.name}`]);
    expect(api.calls).toEqual([]);
  });

  it("when a visitor adds a part again past its stock, then the cart keeps what it had and the toast gives the order form's reason", async () => {
    fakeApi({});
    renderWithProviders(<AddToCartButton part={part} signedIn={false} />);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(readLocalCart()).toEqual([localLine(part, 8)]));
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);

    await waitFor(() =>
      expect(toasts().at(-1)).toBe(
        `error: ${part.name} was not added to your cart: You cannot order more than our stock`,
      ),
    );
    expect(readLocalCart()).toEqual([localLine(part, 8)]);
  });

  it('when a customer adds a part, then the server cart gets what it held of it plus the minimum', async () => {
    const api = fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([serverLine(part, 5)])),
      [`PUT /api/cart/${part._id}`]: () => jsonResponse(cartAnswer([serverLine(part, 9)])),
    });
    renderWithProviders(<AddToCartButton part={part} signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(toasts()).toEqual([`success: Added to your cart: 4 × ${part.name}`]));
    expect(api.callsTo(`/api/cart/${part._id}`)).toMatchObject([{ method: 'PUT', body: { quantity: 9 } }]);
    expect(readLocalCart()).toEqual([]);
  });

  it("when the server refuses a customer's quantity, then the toast gives the field's message", async () => {
    fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([])),
      [`PUT /api/cart/${part._id}`]: () =>
        refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
          { field: 'body.quantity', message: 'You cannot order more than our stock' },
        ]),
    });
    renderWithProviders(<AddToCartButton part={part} signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() =>
      expect(toasts()).toEqual([
        `error: ${part.name} was not added to your cart: You cannot order more than our stock`,
      ]),
    );
  });

  it('when a part cannot be ordered (fewer left than its minimum), then there is no button', () => {
    renderWithProviders(<AddToCartButton part={{ ...part, availableQantity: 3 }} signedIn={false} />);
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
  });
});
