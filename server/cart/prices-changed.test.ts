import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, type Cart, type CheckoutFigures, type Order } from '../../contract/index.js';
import { orders, products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';

const ADMIN = 'prices-admin@example.com';
const CHECKOUT = {
  shippingMethod: 'standard',
  phoneNumber: '+44 113 496 0000',
  address: { fullName: 'Ada Rider', line1: '12 Apex Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
};

/** A price that moves between the cart and the checkout (parts-shop section 8, prices that moved). */
describe('checkout with the total the customer was shown: expectedTotal', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, STORE_TAX_RATE: '20' } });
    adminToken = (await adminWithToken(t.app, ADMIN)).token;
  });
  afterAll(() => t.close());

  const checkout = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(token), payload: body });
  const stockOf = async (id: string) =>
    (await t.db.select({ stock: products.availableQuantity }).from(products).where(eq(products.id, id)))[0]?.stock;
  const ordersOf = (email: string) => t.db.select().from(orders).where(eq(orders.email, email));

  /** A customer with one part at 10.00 in the cart: shown 10.00 + 7.50 shipping + 20 % tax = 21.00. */
  async function cartAtTen() {
    const customer = await signUpWithToken(t.app);
    const part = await buildProduct(t.db, { name: 'Banjo bolt', priceCents: 1_000, minimumOrderQuantity: 1 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${part._id}`,
      headers: bearer(customer.token),
      payload: { quantity: 1 },
    });
    return { customer, part, shownTotal: 21 };
  }
  const priceBecomes = async (id: string, price: number) => {
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: bearer(adminToken),
      payload: { price },
    });
    expect(edited.statusCode).toBe(200);
  };

  it('when an admin raised the price after the cart was shown, then 409 PRICES_CHANGED with the new figures, and nothing changes', async () => {
    const { customer, part, shownTotal } = await cartAtTen();
    await priceBecomes(part._id, 5_000);

    const response = await checkout(customer.token, { ...CHECKOUT, expectedTotal: shownTotal });
    expect(response.statusCode).toBe(409);
    const body = response.json<{ code: string; message: string; figures: CheckoutFigures }>();
    expect(body).toMatchObject({ code: 'PRICES_CHANGED', message: apiMessages.pricesChanged });
    expect(body.figures).toEqual({
      lines: [{ productId: part._id, name: 'Banjo bolt', unitPrice: 5_000, quantity: 1, lineTotal: 5_000 }],
      subtotal: 5_000,
      shippingCost: 0,
      tax: 1_000,
      total: 6_000,
    });
    expect(await ordersOf(customer.email)).toEqual([]);
    expect(await stockOf(part._id)).toBe(100);
    const cart = (
      await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(customer.token) })
    ).json<Cart>();
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[part._id, 1]]);

    // Asked again with the new total, the order is placed at it.
    const again = await checkout(customer.token, { ...CHECKOUT, expectedTotal: body.figures.total });
    expect(again.statusCode).toBe(201);
    expect(again.json<Order>()).toMatchObject({ price: 6_000, subtotal: 5_000, tax: 1_000 });
    expect(await stockOf(part._id)).toBe(99);
  });

  it('when the total shown is still the total, then the order is placed (201)', async () => {
    const { customer, shownTotal } = await cartAtTen();
    const response = await checkout(customer.token, { ...CHECKOUT, expectedTotal: shownTotal });
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>().price).toBe(shownTotal);
  });

  it('when no expected total is sent, then the order is placed at the current prices, as before', async () => {
    const { customer, part } = await cartAtTen();
    await priceBecomes(part._id, 12.5);
    const response = await checkout(customer.token, CHECKOUT);
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>()).toMatchObject({ subtotal: 12.5, price: 24 });
  });

  it.each([-1, '21', null])(
    'when the expected total is %j, then 400 on that field and no order',
    async (expectedTotal) => {
      const { customer } = await cartAtTen();
      const response = await checkout(customer.token, { ...CHECKOUT, expectedTotal });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors.map((error) => error.field)).toEqual([
        'body.expectedTotal',
      ]);
      expect(await ordersOf(customer.email)).toEqual([]);
    },
  );
});
