import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/index.js';
import { orders, products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { moveOrder } from './status.js';

const ADMIN = 'boss@brakehouse.example';

describe('orders', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpWithToken>>;
  let bob: Awaited<ReturnType<typeof signUpWithToken>>;
  let admin: Awaited<ReturnType<typeof signUpWithToken>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    [alice, bob, admin] = await Promise.all([
      signUpWithToken(t.app),
      signUpWithToken(t.app),
      adminWithToken(t.app, ADMIN),
    ]);
  });
  afterAll(() => t.close());

  const stockOf = async (productId: string) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.availableQuantity;

  const place = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/myOrder', headers: bearer(token), payload });

  const validOrder = (productId: string, overrides: Record<string, unknown> = {}) => ({
    productId,
    quantity: 10,
    phoneNumber: '+44 20 7946 0000',
    address: '12 Piston Lane, Leeds',
    ...overrides,
  });

  it("when an order is placed or deleted, then the part's public answer shows the new stock at once", async () => {
    const part = await buildProduct(t.db, { availableQuantity: 30, minimumOrderQuantity: 3 });
    const stockShown = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${part._id}` })).json<{ availableQantity: number }>()
        .availableQantity;
    expect(await stockShown()).toBe(30); // now cached
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/myOrder',
      headers: bearer(alice.token),
      payload: { productId: part._id, quantity: 3, phoneNumber: '1' },
    });
    expect(await stockShown()).toBe(27);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${placed.json<{ _id: string }>()._id}`,
      headers: bearer(alice.token),
    });
    expect(await stockShown()).toBe(30);
  });

  it('when a customer orders, then the order is theirs, priced from the catalogue, and stock is reserved', async () => {
    const part = await buildProduct(t.db, { priceCents: 3850, availableQuantity: 100, minimumOrderQuantity: 10 });
    const response = await place(alice.token, validOrder(part._id, { quantity: 12, price: 0.01, name: 'Free stuff' }));
    expect(response.statusCode).toBe(200);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      email: alice.email,
      productId: part._id,
      name: part.name,
      productName: part.name,
      unitPrice: 38.5,
      quantity: 12,
      price: 462,
      paid: false,
      transactionId: null,
    });
    expect(await stockOf(part._id)).toBe(88);
  });

  it('when the body carries role, paid, _id or email, then they are ignored', async () => {
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    const response = await place(
      alice.token,
      validOrder(part._id, {
        quantity: 1,
        paid: true,
        role: 'admin',
        _id: part._id,
        email: bob.email,
        transactionId: 'pi_x',
      }),
    );
    expect(response.json<Order>()).toMatchObject({ paid: false, email: alice.email, transactionId: null });
    expect(response.json<Order>()._id).not.toBe(part._id);
  });

  it.each([
    [{ quantity: 4 }, 'You Must Order a Minimum of 5 products'],
    [{ quantity: 21 }, 'You cannot order more than our stock'],
    [{ quantity: 0 }, 'Order Quantity must be at least 1'],
    [{ quantity: -5 }, 'Order Quantity must be at least 1'],
    [{ quantity: 5.5 }, 'Order Quantity must be a whole number'],
    [{ quantity: '10' }, 'Order Quantity is Required'],
    [{ quantity: undefined }, 'Order Quantity is Required'],
    [{ phoneNumber: '' }, 'Phon Number is Required'],
    [{ phoneNumber: undefined }, 'Phon Number is Required'],
  ])('when the order has %o, then 400 "%s" and stock is untouched', async (overrides, message) => {
    const part = await buildProduct(t.db, { availableQuantity: 20, minimumOrderQuantity: 5 });
    const response = await place(alice.token, validOrder(part._id, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await stockOf(part._id)).toBe(20);
    expect(await t.db.select().from(orders).where(eq(orders.productId, part._id))).toHaveLength(0);
  });

  it.each([
    [4, 'QUANTITY_BELOW_MINIMUM', 'You Must Order a Minimum of 5 products'],
    [21, 'QUANTITY_ABOVE_STOCK', 'You cannot order more than our stock'],
    [5, 'VALIDATION_FAILED', 'Phon Number is Required'],
  ])(
    'when a quantity of %d is refused, then the answer names its code and the field a form shows it on',
    async (quantity, code, message) => {
      const part = await buildProduct(t.db, { availableQuantity: 20, minimumOrderQuantity: 5 });
      const overrides = code === 'VALIDATION_FAILED' ? { quantity, phoneNumber: '' } : { quantity };
      const response = await place(alice.token, validOrder(part._id, overrides));
      const field = code === 'VALIDATION_FAILED' ? 'body.phoneNumber' : 'body.quantity';
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        code,
        message,
        errors: [{ field, message }],
      });
    },
  );

  it('when the product does not exist or there is no token, then 404 / 401', async () => {
    expect((await place(alice.token, validOrder('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/myOrder', payload: validOrder('x') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('when 50 customers order a part with stock for 10 at once, then 10 succeed, 40 are told the stock is short (no 5xx) and stock is 0', async () => {
    const part = await buildProduct(t.db, { availableQuantity: 10, minimumOrderQuantity: 1 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        place(i % 2 ? alice.token : bob.token, validOrder(part._id, { quantity: 1 })),
      ),
    );
    // Without the product row's lock the orders would race past the stock check and only the
    // database's "stock not negative" rule would stop them, as 500s (PostgreSQL).
    expect(responses.filter((response) => response.statusCode >= 500).map((response) => response.body)).toEqual([]);
    const refusals = responses.filter((response) => response.statusCode !== 200);
    expect(responses.length - refusals.length).toBe(10);
    expect(refusals.map((response) => [response.statusCode, response.json().message])).toEqual(
      Array.from({ length: 40 }, () => [400, 'You cannot order more than our stock']),
    );
    expect(await stockOf(part._id)).toBe(0);
    expect(await t.db.select().from(orders).where(eq(orders.productId, part._id))).toHaveLength(10);
  });

  it('when listing, then only your own orders, newest first; another e-mail is 403', async () => {
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    const first = (await place(bob.token, validOrder(part._id, { quantity: 1 }))).json<Order>();
    const second = (await place(bob.token, validOrder(part._id, { quantity: 2 }))).json<Order>();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/myOrder?email=${bob.email}`,
      headers: bearer(bob.token),
    });
    const ids = list.json<Order[]>().map((order) => order._id);
    expect(ids.slice(0, 2)).toEqual([second._id, first._id]);
    expect(list.json<Order[]>().every((order) => order.email === bob.email)).toBe(true);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/myOrder?email=${bob.email}`,
      headers: bearer(alice.token),
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('when a customer has 105 orders, then My Order answers the newest 100, the rest on page 2, and says how many there are', async () => {
    const workshop = await signUpWithToken(t.app);
    const part = await buildProduct(t.db, { availableQuantity: 1000, minimumOrderQuantity: 1 });
    const placed: string[] = [];
    for (let count = 0; count < 105; count += 1) {
      placed.push((await place(workshop.token, validOrder(part._id, { quantity: 1 }))).json<Order>()._id);
    }
    const newestFirst = placed.reverse();
    const list = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/myOrder?email=${workshop.email}${query}`,
        headers: bearer(workshop.token),
      });

    const first = await list('');
    expect(first.headers['x-total-count']).toBe('105');
    expect(first.json<Order[]>().map((order) => order._id)).toEqual(newestFirst.slice(0, 100));
    const second = await list('&page=2');
    expect(second.json<Order[]>().map((order) => order._id)).toEqual(newestFirst.slice(100));
    const small = await list('&limit=10&page=3');
    expect(small.json<Order[]>().map((order) => order._id)).toEqual(newestFirst.slice(20, 30));
    const tooMany = await list('&limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ errors: [{ field: 'querystring.limit' }] });
  }, 60_000);

  it('when someone else reads or deletes an order, then 403; the owner and an admin may read it', async () => {
    const part = await buildProduct(t.db, { availableQuantity: 50, minimumOrderQuantity: 1 });
    const order = (await place(alice.token, validOrder(part._id, { quantity: 3 }))).json<Order>();
    const get = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/myOrder/${order._id}`, headers: bearer(token) });
    expect((await get(alice.token)).json()).toEqual(order);
    expect((await get(admin.token)).statusCode).toBe(200);
    expect((await get(bob.token)).statusCode).toBe(403);
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${order._id}`,
      headers: bearer(bob.token),
    });
    expect(stolen.statusCode).toBe(403);
    expect(await stockOf(part._id)).toBe(47);
  });

  it('when an unpaid order is deleted, then its stock comes back; a second delete is 404', async () => {
    const part = await buildProduct(t.db, { availableQuantity: 30, minimumOrderQuantity: 1 });
    const order = (await place(alice.token, validOrder(part._id, { quantity: 7 }))).json<Order>();
    expect(await stockOf(part._id)).toBe(23);
    const del = () =>
      t.app.inject({ method: 'DELETE', url: `/api/myOrder/${order._id}`, headers: bearer(alice.token) });
    expect((await del()).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(part._id)).toBe(30);
    expect((await del()).statusCode).toBe(404);
  });

  it('when a paid order is deleted, then 409 and it stays', async () => {
    const part = await buildProduct(t.db, { availableQuantity: 30, minimumOrderQuantity: 1 });
    const order = (await place(alice.token, validOrder(part._id, { quantity: 2 }))).json<Order>();
    expect(await moveOrder(t.db, order._id, 'pay', { transactionId: `pi_test_${order._id}` })).toBe(true);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${order._id}`,
      headers: bearer(alice.token),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A paid order cannot be deleted');
    expect(await stockOf(part._id)).toBe(28);
  });
});
