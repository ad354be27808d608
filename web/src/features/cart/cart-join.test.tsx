import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@contract/checkout';
import { showToast } from '../../lib/toast';
import { fakeApi, type FakeRoute } from '../../test/fake-api';
import { jsonResponse } from '../../test/render';
import { cartKey } from '../../lib/query-keys';
import { joinedLine } from './cart-join';
import { readLocalCart, writeLocalCart } from './local-cart';
import { cartAnswer, cartPart, localLine, serverLine } from '../../test/cart';
import { useCartJoinsOnSignIn } from './use-cart-join';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

function Joiner({ signedIn }: { signedIn: boolean }) {
  useCartJoinsOnSignIn(signedIn);
  return null;
}

/** A visitor on a page; `signIn` draws the page again as the customer they became. */
function renderJoiner() {
  const client = new QueryClient();
  const page = (signedIn: boolean) => (
    <QueryClientProvider client={client}>
      <Joiner signedIn={signedIn} />
    </QueryClientProvider>
  );
  const view = render(page(false));
  return { client, signIn: () => view.rerender(page(true)) };
}

/** The server's cart, which PUT changes as the API does. */
function serverCart(initial: Cart, parts: ReturnType<typeof cartPart>[]) {
  let cart = initial;
  const routes: Record<string, FakeRoute> = {
    'GET /api/cart': () => jsonResponse(cart),
  };
  for (const part of parts) {
    routes[`GET /api/products/${part._id}`] = () => jsonResponse(part);
    routes[`PUT /api/cart/${part._id}`] = (_url, body) => {
      const { quantity } = body as { quantity: number };
      const others = cart.lines.filter((line) => line.productId !== part._id);
      const existing = cart.lines.findIndex((line) => line.productId === part._id);
      const lines = [...others];
      lines.splice(existing === -1 ? lines.length : existing, 0, serverLine(part, quantity));
      cart = cartAnswer(lines);
      return jsonResponse(cart);
    };
  }
  return { routes, current: () => cart };
}

const toasts = () => vi.mocked(showToast).mock.calls.map(([kind, message]) => `${kind}: ${message}`);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('a quantity joining the cart on the server', () => {
  const part = { name: 'Pads', price: 10, minimumOderQantity: 4, availableQantity: 30 };

  it('when the part is new to the cart, then it joins with its quantity, said nowhere', () => {
    expect(joinedLine(0, { quantity: 6 }, part)).toEqual({ quantity: 6 });
  });

  it('when both carts hold the part, then the larger quantity stays (never the sum), and says so', () => {
    expect(joinedLine(6, { quantity: 4 }, part)).toEqual({
      quantity: 6,
      notice: 'Pads was in your cart already: it keeps the larger quantity, 6',
    });
    expect(joinedLine(4, { quantity: 9 }, part)).toEqual({
      quantity: 9,
      notice: 'Pads was in your cart already: it keeps the larger quantity, 9',
    });
    expect(joinedLine(5, { quantity: 5 }, part)).toEqual({ quantity: 5 });
  });

  it('when a line joins twice (a page reloaded mid-join), then the second join changes nothing', () => {
    fc.assert(
      fc.property(
        fc.nat(60),
        fc.integer({ min: 1, max: 60 }),
        fc.nat(60),
        fc.integer({ min: 1, max: 10 }),
        (held, quantity, stock, minimum) => {
          const now = { ...part, availableQantity: stock, minimumOderQantity: minimum };
          const once = joinedLine(held, { quantity }, now).quantity;
          if (once === 0) return; // left out: nothing to join again
          expect(joinedLine(once, { quantity }, now).quantity).toBe(once);
        },
      ),
    );
  });

  it('when the larger quantity is above the stock, then the cart holds the stock, and says so', () => {
    expect(joinedLine(20, { quantity: 35 }, part)).toEqual({
      quantity: 30,
      notice: 'Pads: only 30 left, so your cart holds 30',
    });
  });

  it('when the minimum rose above the quantity, then the cart holds the minimum, and says so', () => {
    expect(joinedLine(0, { quantity: 2 }, part)).toEqual({
      quantity: 4,
      notice: 'Pads: the minimum order is 4, so your cart holds 4',
    });
  });

  it('when the part sold out, or has fewer left than its minimum, then it is left out, and says so', () => {
    expect(joinedLine(0, { quantity: 4 }, { ...part, availableQantity: 0 })).toEqual({
      quantity: 0,
      notice: 'Pads is sold out: it was taken out of your cart',
    });
    expect(joinedLine(0, { quantity: 4 }, { ...part, availableQantity: 3 })).toEqual({
      quantity: 0,
      notice: 'Pads: only 3 left, fewer than its minimum order of 4: it was taken out of your cart',
    });
  });

  it('when the quantity would take the order past the largest total a card can pay, then the cart holds what fits', () => {
    const disc = { ...part, name: 'Disc', price: 400_000, minimumOderQantity: 1, availableQantity: 10 };
    expect(joinedLine(1, { quantity: 3 }, disc)).toEqual({
      quantity: 2,
      notice: 'Disc: an order cannot total more, so your cart holds 2',
    });
  });
});

describe("a visitor's cart at sign-in", () => {
  it('when a visitor with a cart signs in, then each line joins the server cart within the minimum and stock, a toast names each change, and the browser cart empties', async () => {
    const held = cartPart(1, { availableQantity: 12 }); // 8 in the server cart, 14 wanted: 12 left
    const fresh = cartPart(2); // new to the server cart: 3 wanted
    const soldOut = cartPart(3, { availableQantity: 0 });
    const server = serverCart(cartAnswer([serverLine(held, 8)]), [held, fresh, soldOut]);
    const api = fakeApi(server.routes);
    writeLocalCart([localLine(held, 14), localLine(fresh, 3), localLine(soldOut, 2)]);

    const { client, signIn } = renderJoiner();
    expect(api.calls).toEqual([]);
    signIn();

    await waitFor(() => expect(readLocalCart()).toEqual([]));
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([
      [`/api/cart/${held._id}`, { quantity: 12 }],
      [`/api/cart/${fresh._id}`, { quantity: 3 }],
    ]);
    expect(server.current().lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Brake Part 1', 12],
      ['Brake Part 2', 3],
    ]);
    expect(toasts()).toEqual([
      'warning: Brake Part 1: only 12 left, so your cart holds 12',
      'warning: Brake Part 3 is sold out: it was taken out of your cart',
    ]);
    expect(client.getQueryData(cartKey)).toEqual(server.current());
  });

  it('when the store refuses a line (a full cart), then the toast says why, and the line leaves the browser', async () => {
    const part = cartPart(1);
    fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([])),
      [`GET /api/products/${part._id}`]: () => jsonResponse(part),
      [`PUT /api/cart/${part._id}`]: () =>
        jsonResponse(
          { statusCode: 409, error: 'Conflict', code: 'CART_FULL', message: 'A cart holds at most 50 different parts' },
          { status: 409 },
        ),
    });
    writeLocalCart([localLine(part)]);

    renderJoiner().signIn();

    await waitFor(() =>
      expect(toasts()).toEqual(['error: Brake Part 1 did not join your cart: A cart holds at most 50 different parts']),
    );
    await waitFor(() => expect(readLocalCart()).toEqual([]));
  });

  it('when the network fails on a line, then that line stays in the browser for the next try', async () => {
    const part = cartPart(1);
    fakeApi({
      'GET /api/cart': () => jsonResponse(cartAnswer([])),
      [`GET /api/products/${part._id}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const line = localLine(part);
    writeLocalCart([line]);

    renderJoiner().signIn();

    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readLocalCart()).toEqual([line]);
    expect(toasts()).toEqual([]);
  });

  it('when nobody signs in, then the browser cart stays as it is and the server is not asked', async () => {
    const api = fakeApi({});
    writeLocalCart([localLine(cartPart(1))]);
    renderJoiner();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
    expect(readLocalCart()).toHaveLength(1);
  });
});
