import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { markPaidAs, postAs } from '../test/requests.js';

/**
 * Every answer that carries an order has the contract's fields, no more (the owner's id, the total
 * in cents and the payment intent stay on the server) and no fewer.
 */
const CONTRACT_FIELDS = Object.keys(orderSchema.shape).sort();
const fieldsOf = (order: object) => Object.keys(order).sort();

describe('order answers', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpWithToken>>;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpWithToken(t.app);
  });
  afterAll(() => t.close());

  const ok = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(alice.token) });

  async function place() {
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    return ok(await postAs(t.app, alice.token, '/api/myOrder', { productId: part._id, quantity: 2, phoneNumber: '1' }));
  }
  /** Pays through the sandbox as the payment page does; answers the PATCH's transaction id. */
  async function pay(orderId: string) {
    const intent = ok(await postAs(t.app, alice.token, '/api/create-payment-intent', { orderId }));
    const confirmed = await postAs(t.app, alice.token, '/api/sandbox/confirm', {
      clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12 / 34',
      cvc: '123',
    });
    return ok(confirmed).json<{ transactionId: string }>().transactionId;
  }

  it("when an order is placed, then the answer has exactly the contract's fields", async () => {
    expect(fieldsOf((await place()).json<Order>())).toEqual(CONTRACT_FIELDS);
  });

  it("when an order is patched paid, and patched again, then both answers have exactly the contract's fields", async () => {
    const order = (await place()).json<Order>();
    const transactionId = await pay(order._id);
    const paid = ok(await markPaidAs(t.app, alice.token, order._id, transactionId)).json<Order>();
    expect(paid).toMatchObject({ paid: true, transactionId });
    expect(fieldsOf(paid)).toEqual(CONTRACT_FIELDS);
    const repeat = ok(await markPaidAs(t.app, alice.token, order._id, transactionId));
    expect(fieldsOf(repeat.json<Order>())).toEqual(CONTRACT_FIELDS);
  });

  it("when an unpaid and a paid order are read, then each answer has exactly the contract's fields", async () => {
    const unpaid = (await place()).json<Order>();
    const paid = (await place()).json<Order>();
    ok(await markPaidAs(t.app, alice.token, paid._id, await pay(paid._id)));
    for (const order of [unpaid, paid]) {
      expect(fieldsOf(ok(await get(`/api/myOrder/${order._id}`)).json<Order>())).toEqual(CONTRACT_FIELDS);
    }
  });

  it("when the orders are listed, then every one has exactly the contract's fields", async () => {
    const paid = (await place()).json<Order>();
    ok(await markPaidAs(t.app, alice.token, paid._id, await pay(paid._id)));
    await place();
    const list = ok(await get(`/api/myOrder?email=${encodeURIComponent(alice.email)}`)).json<Order[]>();
    expect(list.map((order) => order.paid)).toEqual(expect.arrayContaining([true, false]));
    for (const order of list) expect(fieldsOf(order)).toEqual(CONTRACT_FIELDS);
  });
});
