import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, type Order } from '../../contract/index.js';
import { orders, sandboxPaymentIntents } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { deleteOrderAs, markPaidAs, postAs } from '../test/requests.js';

type Customer = Awaited<ReturnType<typeof signUpWithToken>>;

describe('card payment with the sandbox gateway', () => {
  let t: TestApp;
  let alice: Customer;
  let bob: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = await Promise.all([signUpWithToken(t.app), signUpWithToken(t.app)]);
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object) => postAs(t.app, token, url, payload);

  async function orderFor(customer: Customer, priceCents = 2500, quantity = 4) {
    const part = await buildProduct(t.db, { priceCents, minimumOrderQuantity: 1, availableQuantity: 100 });
    const response = await post('/api/myOrder', customer.token, { productId: part._id, quantity, phoneNumber: '1' });
    return response.json<Order>();
  }
  const intentFor = async (customer: Customer, orderId: string, price?: number) =>
    (await post('/api/create-payment-intent', customer.token, { orderId, price })).json<{ clientSecret: string }>();
  const pay = (customer: Customer, clientSecret: string, cardNumber = '4242 4242 4242 4242') =>
    post('/api/sandbox/confirm', customer.token, { clientSecret, cardNumber, expiry: '12 / 34', cvc: '123' });
  const markPaid = (customer: Customer, orderId: string, transactionId: string) =>
    markPaidAs(t.app, customer.token, orderId, transactionId);

  it("when the intent is created, then it is for the order's own total, whatever price is sent", async () => {
    const order = await orderFor(alice, 2500, 4);
    const response = await post('/api/create-payment-intent', alice.token, { orderId: order._id, price: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'sandbox', amount: 100, currency: 'USD' });
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, order._id));
    expect(intent?.amountCents).toBe(10_000);
    // Asking again gives the same intent (one payment per order).
    expect((await intentFor(alice, order._id)).clientSecret).toBe(response.json().clientSecret);
  });

  it('when two tabs open the payment page at once, then both get the one payment of the order', async () => {
    const order = await orderFor(alice);
    const secrets = await Promise.all(Array.from({ length: 8 }, () => intentFor(alice, order._id)));
    expect(new Set(secrets.map((answer) => answer.clientSecret)).size).toBe(1);
    const open = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.orderId, order._id));
    expect(open).toHaveLength(1);
  });

  it('when 4242 4242 4242 4242 pays and the order is patched, then it is paid once; a repeat changes nothing', async () => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const confirmed = await pay(alice, clientSecret);
    expect(confirmed.statusCode).toBe(200);
    const { transactionId } = confirmed.json<{ transactionId: string }>();
    const first = await markPaid(alice, order._id, transactionId);
    expect(first.json()).toMatchObject({ paid: true, transactionId });
    const [afterFirst] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    const again = await markPaid(alice, order._id, transactionId);
    expect(again.statusCode).toBe(200);
    const [afterRepeat] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(afterRepeat).toEqual(afterFirst); // same paid time, same transaction: nothing changed
    expect(afterRepeat).toMatchObject({ paid: true, transactionId });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('when card %s is used, then 402 "%s" and the order stays unpaid', async (card, message) => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const response = await pay(alice, clientSecret, card);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(message);
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, order._id));
    expect((await markPaid(alice, order._id, intent?.id ?? 'x')).statusCode).toBe(402);
    expect((await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]?.paid).toBe(false);
  });

  it('when the transaction id is made up, or belongs to another order, then the order is not marked paid', async () => {
    const order = await orderFor(alice);
    expect((await markPaid(alice, order._id, 'pi_made_up')).statusCode).toBe(402);
    const other = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, other._id);
    const { transactionId } = (await pay(alice, clientSecret)).json<{ transactionId: string }>();
    expect((await markPaid(alice, order._id, transactionId)).statusCode).toBe(402);
    expect((await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]?.paid).toBe(false);
  });

  it.each([
    ["the order's amount in another currency", (totalCents: number) => ({ currency: 'EUR', amountCents: totalCents })],
    ['another amount', (totalCents: number) => ({ currency: 'USD', amountCents: totalCents - 1 })],
  ])('when the sandbox holds a succeeded payment of %s, then the PATCH is refused (402)', async (_case, payment) => {
    const order = await orderFor(alice);
    // Written straight into the sandbox's table: its own pages only ever make the order's payment.
    const id = `pi_sandbox_${order._id.replaceAll('-', '')}`;
    await t.db.insert(sandboxPaymentIntents).values({
      id,
      clientSecret: `${id}_secret`,
      orderId: order._id,
      status: 'succeeded',
      ...payment(Math.round(order.price * 100)),
    });
    const response = await markPaid(alice, order._id, id);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(apiMessages.paymentNotConfirmed);
    expect((await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]).toMatchObject({
      paid: false,
      transactionId: null,
    });
  });

  it("when another customer creates an intent, pays or patches someone's order, then 403", async () => {
    const order = await orderFor(alice);
    expect((await post('/api/create-payment-intent', bob.token, { orderId: order._id })).statusCode).toBe(403);
    const { clientSecret } = await intentFor(alice, order._id);
    expect((await pay(bob, clientSecret)).statusCode).toBe(403);
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, order._id));
    expect(intent?.status).toBe('requires_payment_method'); // bob's attempt charged nothing
    expect((await markPaid(bob, order._id, intent?.id ?? 'x')).statusCode).toBe(403);
  });

  it('when the order is already paid, then no new intent (409) and it cannot be deleted (409)', async () => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const { transactionId } = (await pay(alice, clientSecret)).json<{ transactionId: string }>();
    await markPaid(alice, order._id, transactionId);
    expect((await post('/api/create-payment-intent', alice.token, { orderId: order._id })).statusCode).toBe(409);
    const del = await deleteOrderAs(t.app, alice.token, order._id);
    expect(del.statusCode).toBe(409);
  });

  it('when ten confirmations of one payment race, then the order is paid once with that transaction', async () => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const { transactionId } = (await pay(alice, clientSecret)).json<{ transactionId: string }>();
    const responses = await Promise.all(Array.from({ length: 10 }, () => markPaid(alice, order._id, transactionId)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(rows).toMatchObject([{ paid: true, transactionId }]);
  });

  it('when an order with a pending payment is deleted, then that payment is canceled and can never be charged', async () => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const del = await deleteOrderAs(t.app, alice.token, order._id);
    expect(del.statusCode).toBe(200);
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
    expect(intent?.status).toBe('canceled');
    expect((await pay(alice, clientSecret)).statusCode).toBe(404); // its order is gone
  });

  it('when the card was charged but the page never confirmed, then a delete records the payment and refuses (409)', async () => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const { transactionId } = (await pay(alice, clientSecret)).json<{ transactionId: string }>();
    const del = await deleteOrderAs(t.app, alice.token, order._id);
    expect(del.statusCode).toBe(409);
    expect((await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]).toMatchObject({
      paid: true,
      transactionId,
    });
  });

  it('when the card was charged but the page never confirmed, then reopening the payment records it (409)', async () => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const { transactionId } = (await pay(alice, clientSecret)).json<{ transactionId: string }>();
    const again = await post('/api/create-payment-intent', alice.token, { orderId: order._id });
    expect(again.statusCode).toBe(409);
    expect((await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]?.transactionId).toBe(transactionId);
  });

  it.each([
    [{ cardNumber: '4242' }, 'Your card number is incomplete.'],
    [{ expiry: '13 / 30' }, "Your card's expiration date is incomplete."],
    [{ expiry: '01 / 20' }, 'Your card has expired.'],
    [{ cvc: '1' }, "Your card's security code is incomplete."],
  ])('when the card form has %o, then it is refused with "%s"', async (overrides, message) => {
    const order = await orderFor(alice);
    const { clientSecret } = await intentFor(alice, order._id);
    const response = await post('/api/sandbox/confirm', alice.token, {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12 / 34',
      cvc: '123',
      ...overrides,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toBe(message);
  });
});
