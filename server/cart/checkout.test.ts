import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTotals, type Cart, type Order, type ShippingMethod } from '../../contract/index.js';
import { idempotencyKeys, orderLines, orders, products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { payInSandbox } from '../test/requests.js';

const ADDRESS = {
  fullName: 'Jana Novak',
  line1: '12 Pit Lane',
  line2: 'Unit 4',
  city: 'Brno',
  postalCode: '602 00',
  country: 'cz',
};
const CHECKOUT = { shippingMethod: 'standard', phoneNumber: '+420 555 123 456', address: ADDRESS };
const TAX_RATE = 21;

describe('checkout: POST /api/checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STORE_TAX_RATE: String(TAX_RATE) } });
  });
  afterAll(() => t.close());

  const putLine = (token: string, productId: string, quantity: number) =>
    t.app.inject({ method: 'PUT', url: `/api/cart/${productId}`, headers: bearer(token), payload: { quantity } });
  const checkout = (token: string, body: object = CHECKOUT, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { ...bearer(token), ...(key && { 'idempotency-key': key }) },
      payload: body,
    });
  const cartOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json<Cart>();
  const stockOf = async (id: string) =>
    (await t.db.select({ stock: products.availableQuantity }).from(products).where(eq(products.id, id)))[0]?.stock;
  const ordersOf = async (email: string) => t.db.select().from(orders).where(eq(orders.email, email));

  /** A brake job: pads, a disc and fluid, in a new customer's cart. */
  async function brakeJob(stock = { pads: 20, disc: 5, fluid: 50 }) {
    const customer = await signUpWithToken(t.app);
    const pads = await buildProduct(t.db, {
      name: 'Sintered Front Brake Pads HH',
      priceCents: 3_499,
      minimumOrderQuantity: 2,
      availableQuantity: stock.pads,
    });
    const disc = await buildProduct(t.db, {
      name: 'Floating Disc 320 mm',
      priceCents: 18_950,
      minimumOrderQuantity: 1,
      availableQuantity: stock.disc,
    });
    const fluid = await buildProduct(t.db, {
      name: 'DOT 5.1 Brake Fluid',
      priceCents: 1_295,
      minimumOrderQuantity: 1,
      availableQuantity: stock.fluid,
    });
    await putLine(customer.token, pads._id, 2);
    await putLine(customer.token, disc._id, 2);
    await putLine(customer.token, fluid._id, 1);
    return { customer, pads, disc, fluid };
  }

  it('turns the cart into one order: every line, its totals by the contract, the stock taken and the cart emptied', async () => {
    const { customer, pads, disc, fluid } = await brakeJob();
    const response = await checkout(customer.token);
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();

    // 2 x 34.99 + 2 x 189.50 + 12.95 = 461.93: standard shipping is free from 150; 21 % tax on it all.
    const totals = orderTotals(
      [
        { unitPrice: 34.99, quantity: 2 },
        { unitPrice: 189.5, quantity: 2 },
        { unitPrice: 12.95, quantity: 1 },
      ],
      { id: 'standard', label: '', price: 7.5, freeFrom: 150 },
      TAX_RATE,
    );
    expect(totals).toEqual({ subtotalCents: 46_193, shippingCents: 0, taxCents: 9_701, totalCents: 55_894 });
    expect(order).toMatchObject({
      status: 'unpaid',
      paid: false,
      email: customer.email,
      name: 'Sintered Front Brake Pads HH and 2 more',
      productName: 'Sintered Front Brake Pads HH and 2 more',
      productId: pads._id,
      quantity: 5,
      subtotal: 461.93,
      shippingMethod: 'standard',
      shippingCost: 0,
      tax: 97.01,
      price: 558.94,
      phoneNumber: '+420 555 123 456',
      shippingAddress: { ...ADDRESS, country: 'CZ' },
      address: 'Jana Novak, 12 Pit Lane, Unit 4, 602 00 Brno, CZ',
      carrier: null,
      trackingNumber: null,
      history: [{ status: 'placed', at: order.createdAt }],
    });
    expect(order.lines).toEqual([
      {
        productId: pads._id,
        productName: 'Sintered Front Brake Pads HH',
        unitPrice: 34.99,
        quantity: 2,
        lineTotal: 69.98,
      },
      { productId: disc._id, productName: 'Floating Disc 320 mm', unitPrice: 189.5, quantity: 2, lineTotal: 379 },
      { productId: fluid._id, productName: 'DOT 5.1 Brake Fluid', unitPrice: 12.95, quantity: 1, lineTotal: 12.95 },
    ]);
    expect([await stockOf(pads._id), await stockOf(disc._id), await stockOf(fluid._id)]).toEqual([18, 3, 49]);
    expect((await cartOf(customer.token)).lines).toEqual([]);

    // The same order for its owner, in My Order too.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/myOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(read.json()).toEqual(order);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/myOrder?email=${encodeURIComponent(customer.email)}`,
      headers: bearer(customer.token),
    });
    expect(listed.json()).toEqual([order]);
  });

  it('charges the grand total when paid, and the order moves to paid with its time in the history', async () => {
    const { customer } = await brakeJob();
    const order = (await checkout(customer.token)).json<Order>();
    const { intent, marked } = await payInSandbox(t.app, customer.token, order._id);
    expect(intent.json()).toMatchObject({ amount: 558.94 });
    expect(marked.statusCode).toBe(200);
    const paid = (
      await t.app.inject({ method: 'GET', url: `/api/myOrder/${order._id}`, headers: bearer(customer.token) })
    ).json<Order>();
    expect(paid).toMatchObject({ status: 'paid', paid: true, price: 558.94 });
    expect(paid.history.map((event) => event.status)).toEqual(['placed', 'paid']);
    expect(paid.paidAt).toBe(paid.history[1]?.at);
  });

  it('charges shipping below the free-shipping threshold, none for pickup', async () => {
    const customer = await signUpWithToken(t.app);
    const bolts = await buildProduct(t.db, { priceCents: 1_000, minimumOrderQuantity: 1 });
    await putLine(customer.token, bolts._id, 3);
    const standard = (await checkout(customer.token)).json<Order>();
    // 30.00 goods + 7.50 shipping = 37.50, 21 % tax = 7.875 -> 7.88 (half up).
    expect(standard).toMatchObject({ subtotal: 30, shippingCost: 7.5, tax: 7.88, price: 45.38 });

    await putLine(customer.token, bolts._id, 3);
    const pickup = (await checkout(customer.token, { ...CHECKOUT, shippingMethod: 'pickup' })).json<Order>();
    expect(pickup).toMatchObject({ subtotal: 30, shippingCost: 0, tax: 6.3, price: 36.3, shippingMethod: 'pickup' });
  });

  it('when the cart is empty, then 400 "Your cart is empty" and no order', async () => {
    const customer = await signUpWithToken(t.app);
    const response = await checkout(customer.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'CART_EMPTY', message: 'Your cart is empty' });
    expect(await ordersOf(customer.email)).toEqual([]);
  });

  it('when a line sold out since it was added, then 409 naming the part, and nothing changes at all', async () => {
    const { customer, pads, disc, fluid } = await brakeJob();
    // Someone else bought all but one of the discs meanwhile.
    await t.db.update(products).set({ availableQuantity: 1 }).where(eq(products.id, disc._id));
    const response = await checkout(customer.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'PART_UNAVAILABLE',
      message: 'Floating Disc 320 mm: only 1 left. Please change the quantity.',
      errors: [
        { field: `cart.${disc._id}`, message: 'Floating Disc 320 mm: only 1 left. Please change the quantity.' },
      ],
    });
    expect([await stockOf(pads._id), await stockOf(disc._id), await stockOf(fluid._id)]).toEqual([20, 1, 50]);
    expect((await cartOf(customer.token)).lines.map((line) => line.quantity)).toEqual([2, 2, 1]);
    expect(await ordersOf(customer.email)).toEqual([]);

    await t.db.update(products).set({ availableQuantity: 0 }).where(eq(products.id, disc._id));
    expect((await checkout(customer.token)).json()).toMatchObject({ message: 'Floating Disc 320 mm is sold out' });
  });

  it.each([
    [{ ...CHECKOUT, shippingMethod: 'teleport' }, 'body.shippingMethod', 'SHIPPING_METHOD_UNKNOWN'],
    [{ ...CHECKOUT, address: { ...ADDRESS, city: ' ' } }, 'body.address.city', 'VALIDATION_FAILED'],
    [{ ...CHECKOUT, address: { ...ADDRESS, country: 'Czechia' } }, 'body.address.country', 'VALIDATION_FAILED'],
    [{ ...CHECKOUT, phoneNumber: '' }, 'body.phoneNumber', 'VALIDATION_FAILED'],
    [{ ...CHECKOUT, address: undefined }, 'body.address', 'VALIDATION_FAILED'],
  ])('when the body is wrong (%#), then 400 on %s, and nothing changes', async (body, field, code) => {
    const { customer, pads } = await brakeJob();
    const response = await checkout(customer.token, body);
    expect(response.statusCode).toBe(400);
    const error = response.json<{ code: string; errors: { field: string }[] }>();
    expect(error.code).toBe(code);
    expect(error.errors.map((each) => each.field)).toContain(field);
    expect(await stockOf(pads._id)).toBe(20);
    expect((await cartOf(customer.token)).lines).toHaveLength(3);
  });

  it('when an unpaid checkout order is deleted, then every line gives its stock back', async () => {
    const { customer, pads, disc, fluid } = await brakeJob();
    const order = (await checkout(customer.token)).json<Order>();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect([await stockOf(pads._id), await stockOf(disc._id), await stockOf(fluid._id)]).toEqual([20, 5, 50]);
    expect(await t.db.select().from(orderLines).where(eq(orderLines.orderId, order._id))).toEqual([]);
  });

  describe('with an Idempotency-Key', () => {
    it('when the same request is sent again, then the first order is answered again and nothing more is made', async () => {
      const { customer, pads } = await brakeJob();
      const key = randomUUID();
      const first = await checkout(customer.token, CHECKOUT, key);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      // The customer got a 502 (the instance died after the commit) and presses Place order again.
      await putLine(customer.token, pads._id, 2);
      const again = await checkout(customer.token, CHECKOUT, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await ordersOf(customer.email)).toHaveLength(1);
      expect(await stockOf(pads._id)).toBe(18);
      // The cart the customer filled meanwhile is left alone.
      expect((await cartOf(customer.token)).lines).toHaveLength(1);
    });

    it('when the same key is sent at once many times, then one order is made and each answer is it', async () => {
      const { customer, pads } = await brakeJob();
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(customer.token, CHECKOUT, key)));
      const ids = new Set(answers.map((answer) => answer.json<Order>()._id));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
      expect(ids.size).toBe(1);
      expect(await ordersOf(customer.email)).toHaveLength(1);
      expect(await stockOf(pads._id)).toBe(18);
    });

    it('when the key comes with another request, then 422 and nothing is made', async () => {
      const { customer } = await brakeJob();
      const key = randomUUID();
      await checkout(customer.token, CHECKOUT, key);
      const other = await checkout(customer.token, { ...CHECKOUT, shippingMethod: 'express' }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await ordersOf(customer.email)).toHaveLength(1);
    });

    it('when the first try was refused, then the key made nothing and a retry with it can succeed', async () => {
      const { customer, disc } = await brakeJob();
      await t.db.update(products).set({ availableQuantity: 1 }).where(eq(products.id, disc._id));
      const key = randomUUID();
      expect((await checkout(customer.token, CHECKOUT, key)).statusCode).toBe(409);
      await t.db.update(products).set({ availableQuantity: 5 }).where(eq(products.id, disc._id));
      const retried = await checkout(customer.token, CHECKOUT, key);
      expect(retried.statusCode).toBe(201);
      expect(await ordersOf(customer.email)).toHaveLength(1);
    });

    it('when two customers use the same key, then each gets an order of their own', async () => {
      const a = await brakeJob();
      const b = await brakeJob();
      const key = 'same-key-for-both';
      const first = (await checkout(a.customer.token, CHECKOUT, key)).json<Order>();
      const second = (await checkout(b.customer.token, CHECKOUT, key)).json<Order>();
      expect(second._id).not.toBe(first._id);
      expect(second.email).toBe(b.customer.email);
    });

    it('when the key is older than 24 hours, then it is new again', async () => {
      const { customer, pads } = await brakeJob();
      const key = randomUUID();
      await checkout(customer.token, CHECKOUT, key);
      await t.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(idempotencyKeys.key, key));
      await putLine(customer.token, pads._id, 2);
      const later = await checkout(customer.token, CHECKOUT, key);
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(await ordersOf(customer.email)).toHaveLength(2);
    });

    it.each(['short', 'x'.repeat(256), 'has space inside', 'naïve-key-123'])(
      'when the key is %j, then 400 on the header and nothing is made',
      async (key) => {
        const { customer } = await brakeJob();
        const response = await checkout(customer.token, CHECKOUT, key);
        expect(response.statusCode).toBe(400);
        expect(response.json<{ errors: { field: string }[] }>().errors.map((each) => each.field)).toEqual([
          'headers.idempotency-key',
        ]);
        expect(await ordersOf(customer.email)).toEqual([]);
      },
    );

    it("also makes Order Now's POST /api/myOrder safe to retry", async () => {
      const customer = await signUpWithToken(t.app);
      const part = await buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: 10 });
      const body = { productId: part._id, quantity: 2, phoneNumber: '1' };
      const key = randomUUID();
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/myOrder',
          headers: { ...bearer(customer.token), 'idempotency-key': key },
          payload: body,
        });
      const first = await send();
      const again = await send();
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await stockOf(part._id)).toBe(8);
      // The same key on the checkout is another request.
      await putLine(customer.token, part._id, 1);
      expect((await checkout(customer.token, CHECKOUT, key)).statusCode).toBe(422);
    });
  });

  it('when 50 customers check out three-line carts over scarce stock at once, then exactly the stock is sold and no order is half-made', async () => {
    const parts = await Promise.all(
      [7, 12, 40].map((stock, index) =>
        buildProduct(t.db, { name: `Scarce part ${index}`, minimumOrderQuantity: 1, availableQuantity: stock }),
      ),
    );
    const customers = await Promise.all(Array.from({ length: 50 }, () => signUpWithToken(t.app)));
    for (const customer of customers) {
      for (const part of parts) await putLine(customer.token, part._id, 1);
    }
    const answers = await Promise.all(customers.map((customer) => checkout(customer.token)));
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(placed.length + refused.length).toBe(50);
    // The scarcest part (7) bounds how many three-line orders can be made.
    expect(placed).toHaveLength(7);
    expect(refused.every((answer) => answer.json<{ code: string }>().code === 'PART_UNAVAILABLE')).toBe(true);

    const ids = parts.map((part) => part._id);
    const lines = await t.db.select().from(orderLines).where(inArray(orderLines.productId, ids));
    const byOrder = new Map<string, number>();
    for (const line of lines) byOrder.set(line.orderId, (byOrder.get(line.orderId) ?? 0) + 1);
    expect([...byOrder.values()]).toEqual(Array(7).fill(3));
    expect(await Promise.all(ids.map(stockOf))).toEqual([0, 5, 33]);
  });
});

describe('checkout with configured shipping and no tax', () => {
  let t: TestApp;
  const courier: ShippingMethod = { id: 'courier', label: 'Courier', price: 12.9, freeFrom: 300 };
  beforeAll(async () => {
    t = await createTestApp({ env: { SHIPPING_METHODS: JSON.stringify([courier]) } });
  });
  afterAll(() => t.close());

  it('offers only the configured methods and charges no tax by default', async () => {
    const customer = await signUpWithToken(t.app);
    const part = await buildProduct(t.db, { priceCents: 2_500, minimumOrderQuantity: 1 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${part._id}`,
      headers: bearer(customer.token),
      payload: { quantity: 2 },
    });
    const post = (shippingMethod: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: bearer(customer.token),
        payload: { ...CHECKOUT, shippingMethod },
      });
    expect((await post('standard')).statusCode).toBe(400);
    const order = (await post('courier')).json<Order>();
    expect(order).toMatchObject({ subtotal: 50, shippingCost: 12.9, tax: 0, price: 62.9 });
  });
});
