import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_METHODS, MAX_CART_LINES, type Cart } from '../../contract/index.js';
import { products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';

describe('the cart: /api/cart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (token: string, productId: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/cart/${productId}`, headers: bearer(token), payload: payload as object });
  const read = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json<Cart>();

  it('keeps a customer its lines: added in order, a quantity changed in place, a line removed', async () => {
    const { token } = await signUpWithToken(t.app);
    const pads = await buildProduct(t.db, { name: 'Sintered pads', priceCents: 3_499, minimumOrderQuantity: 2 });
    const disc = await buildProduct(t.db, { name: 'Floating disc', priceCents: 18_950, minimumOrderQuantity: 1 });
    expect(await read(token)).toEqual({ lines: [], count: 0, subtotal: 0 });

    expect((await put(token, pads._id, { quantity: 2 })).statusCode).toBe(200);
    const cart = (await put(token, disc._id, { quantity: 1 })).json<Cart>();
    expect(cart).toEqual({
      lines: [
        {
          productId: pads._id,
          name: 'Sintered pads',
          sku: pads.sku,
          picture: pads.picture,
          unitPrice: 34.99,
          quantity: 2,
          lineTotal: 69.98,
          minimumOderQantity: 2,
          availableQantity: 100,
        },
        expect.objectContaining({ productId: disc._id, quantity: 1, lineTotal: 189.5 }),
      ],
      count: 3,
      subtotal: 259.48,
    });

    const changed = (await put(token, pads._id, { quantity: 4 })).json<Cart>();
    expect(changed.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Sintered pads', 4],
      ['Floating disc', 1],
    ]);
    expect(changed).toMatchObject({ count: 5, subtotal: 329.46 });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/cart/${pads._id}`, headers: bearer(token) });
    expect(removed.json<Cart>().lines.map((line) => line.productId)).toEqual([disc._id]);
    // Removing what is not there answers the cart as it is.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/cart/${pads._id}`, headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    expect(again.json<Cart>().count).toBe(1);
  });

  it("keeps each customer's cart to themselves", async () => {
    const alice = await signUpWithToken(t.app);
    const bob = await signUpWithToken(t.app);
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    await put(alice.token, part._id, { quantity: 3 });
    expect((await read(bob.token)).lines).toEqual([]);
    await put(bob.token, part._id, { quantity: 1 });
    expect((await read(alice.token)).count).toBe(3);
  });

  it.each([
    [{ quantity: 4 }, 400, 'You Must Order a Minimum of 5 products'],
    [{ quantity: 21 }, 400, 'You cannot order more than our stock'],
    [{ quantity: 0 }, 400, 'Order Quantity must be at least 1'],
    [{ quantity: 2.5 }, 400, 'Order Quantity must be a whole number'],
    [{ quantity: '6' }, 400, undefined],
    [{}, 400, undefined],
  ])(
    "when the quantity is %j, then %i with the order form's message on the field, and the cart unchanged",
    async (body, status, message) => {
      const { token } = await signUpWithToken(t.app);
      const part = await buildProduct(t.db, { availableQuantity: 20, minimumOrderQuantity: 5 });
      await put(token, part._id, { quantity: 6 });
      const response = await put(token, part._id, body);
      expect(response.statusCode).toBe(status);
      const error = response.json<{ errors: { field: string; message: string }[] }>();
      expect(error.errors.map((each) => each.field)).toEqual(['body.quantity']);
      if (message) expect(error.errors[0]?.message).toBe(message);
      expect((await read(token)).lines.map((line) => line.quantity)).toEqual([6]);
    },
  );

  it('when the part does not exist, then 404; when the id is not one, then 400; nothing is added', async () => {
    const { token } = await signUpWithToken(t.app);
    const missing = await put(token, '00000000-0000-4000-8000-000000000000', { quantity: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect((await put(token, 'not-an-id', { quantity: 1 })).statusCode).toBe(400);
    expect((await read(token)).lines).toEqual([]);
  });

  it(`holds at most ${MAX_CART_LINES} different parts; a line already there can still change`, async () => {
    const { token } = await signUpWithToken(t.app);
    const parts = await Promise.all(
      Array.from({ length: MAX_CART_LINES + 1 }, () => buildProduct(t.db, { minimumOrderQuantity: 1 })),
    );
    for (const part of parts.slice(0, MAX_CART_LINES))
      expect((await put(token, part._id, { quantity: 1 })).statusCode).toBe(200);
    const extra = parts[MAX_CART_LINES];
    const refused = await put(token, extra?._id ?? '', { quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CART_FULL' });
    expect((await put(token, parts[0]?._id ?? '', { quantity: 2 })).statusCode).toBe(200);
    expect((await read(token)).lines).toHaveLength(MAX_CART_LINES);
  });

  it(`when ${MAX_CART_LINES + 10} new parts are put at once, then exactly ${MAX_CART_LINES} are held and the rest refused`, async () => {
    const { token } = await signUpWithToken(t.app);
    const parts = await Promise.all(
      Array.from({ length: MAX_CART_LINES + 10 }, () => buildProduct(t.db, { minimumOrderQuantity: 1 })),
    );
    const answers = await Promise.all(parts.map((part) => put(token, part._id, { quantity: 1 })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_CART_LINES);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect((await read(token)).lines).toHaveLength(MAX_CART_LINES);
  });

  it("shows each line with the part's current price and stock, and drops a part that was deleted", async () => {
    const { token } = await signUpWithToken(t.app);
    const kept = await buildProduct(t.db, { minimumOrderQuantity: 1, priceCents: 1_000 });
    const gone = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    await put(token, kept._id, { quantity: 2 });
    await put(token, gone._id, { quantity: 1 });
    await t.db.update(products).set({ priceCents: 1_250, availableQuantity: 1 }).where(eq(products.id, kept._id));
    await t.db.delete(products).where(eq(products.id, gone._id));
    const cart = await read(token);
    expect(cart.lines).toEqual([
      expect.objectContaining({
        productId: kept._id,
        unitPrice: 12.5,
        quantity: 2,
        lineTotal: 25,
        availableQantity: 1,
      }),
    ]);
    expect(cart.subtotal).toBe(25);
  });

  it('answers anyone the shipping methods, by default standard (free from 150), express and pickup', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shipping-methods' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_SHIPPING_METHODS);
    expect(
      response
        .json<{ id: string; price: number; freeFrom: number | null }[]>()
        .map(({ id, price, freeFrom }) => [id, price, freeFrom]),
    ).toEqual([
      ['standard', 7.5, 150],
      ['express', 19, null],
      ['pickup', 0, null],
    ]);
  });
});

describe('shipping methods from SHIPPING_METHODS', () => {
  let t: TestApp;
  const methods = [
    { id: 'courier', label: 'Courier', price: 12.9, freeFrom: 300 },
    { id: 'post', label: 'Post', price: 4.5, freeFrom: null },
  ];
  beforeAll(async () => {
    t = await createTestApp({ env: { SHIPPING_METHODS: JSON.stringify(methods) } });
  });
  afterAll(() => t.close());

  it('answers the configured ones', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/shipping-methods' })).json()).toEqual(methods);
  });
});
