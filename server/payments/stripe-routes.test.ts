import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMessages, type Order } from '../../contract/index.js';
import { orders, products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { deleteOrderAs, markPaidAs, postAs } from '../test/requests.js';
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from '../test/stripe-stand-in.js';

type Customer = Awaited<ReturnType<typeof signUpWithToken>>;

const WEBHOOK_SECRET = 'whsec_brakehouse_routes_test';

describe('card payment with Stripe (SDK against a local stand-in, webhooks signed by the SDK helper)', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let alice: Customer;
  let bob: Customer;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_routes',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_routes',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
      },
    });
    [alice, bob] = await Promise.all([signUpWithToken(t.app), signUpWithToken(t.app)]);
  });
  afterEach(() => {
    standIn.recover();
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const post = (url: string, token: string, payload: object) => postAs(t.app, token, url, payload);
  const stored = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const stockOf = async (productId: string) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.availableQuantity;

  async function orderFor(customer: Customer, priceCents = 4200, quantity = 3) {
    const part = await buildProduct(t.db, { priceCents, minimumOrderQuantity: 1, availableQuantity: 50 });
    const response = await post('/api/myOrder', customer.token, { productId: part._id, quantity, phoneNumber: '1' });
    return { order: response.json<Order>(), part };
  }
  async function intentFor(customer: Customer, orderId: string) {
    const response = await post('/api/create-payment-intent', customer.token, { orderId, price: 1 });
    expect(response.statusCode).toBe(200);
    const { clientSecret } = response.json<{ clientSecret: string }>();
    const intent = [...standIn.intents.values()].find((candidate) => candidate.client_secret === clientSecret);
    if (!intent) throw new Error('the client secret is not a stand-in intent');
    return intent;
  }
  const markPaid = (customer: Customer, orderId: string, transactionId: string) =>
    markPaidAs(t.app, customer.token, orderId, transactionId);
  /** A payment made at Stripe for the order (not through its payment page), already succeeded. */
  function paidElsewhere(orderId: string, amount: number, currency = 'usd') {
    const intent = standIn.createIntent({ orderId, amount, currency });
    standIn.pay(intent.id);
    return intent;
  }
  const totalCents = (order: Order) => Math.round(order.price * 100);
  /** The intents the store logged as paid but not recorded: what an operator must refund. */
  function refundsLogged() {
    const errors = vi.spyOn(t.app.log, 'error');
    return () =>
      errors.mock.calls
        .filter(([, message]) => String(message).includes('refund'))
        .map(([details]) => (details as { intent: { id: string } }).intent.id);
  }

  /** A delivery as Stripe sends it: the event's JSON, signed with the endpoint's secret. */
  function webhook(type: string, intent: StandInIntent, sign: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify({ id: `evt_${intent.id}`, object: 'event', type, data: { object: intent } });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: sign.secret ?? WEBHOOK_SECRET,
      ...sign,
    });
    return { payload, signature };
  }
  const deliver = ({ payload, signature }: { payload: string; signature?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature && { 'stripe-signature': signature }),
      },
      payload,
    });

  it("when the intent is created, then Stripe charges the order's own total, once per order", async () => {
    const { order } = await orderFor(alice, 4200, 3);
    const intent = await intentFor(alice, order._id);
    expect(intent).toMatchObject({ amount: 12_600, currency: 'usd', metadata: { orderId: order._id } });
    const again = await post('/api/create-payment-intent', alice.token, { orderId: order._id });
    expect(again.json()).toMatchObject({ clientSecret: intent.client_secret, provider: 'stripe', amount: 126 });
    expect((await stored(order._id))?.paymentIntentId).toBe(intent.id);
  });

  it('when two tabs open the payment page at once, then Stripe is asked with one key and both get one intent', async () => {
    const { order } = await orderFor(alice);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/create-payment-intent', alice.token, { orderId: order._id })),
    );
    expect(new Set(answers.map((answer) => answer.json<{ clientSecret: string }>().clientSecret)).size).toBe(1);
    const created = [...standIn.intents.values()].filter((intent) => intent.metadata.orderId === order._id);
    expect(created).toHaveLength(1);
  });

  it('when a checkout order of several lines is paid, then Stripe charges its grand total and it moves to paid', async () => {
    const [pads, disc] = await Promise.all([
      buildProduct(t.db, { priceCents: 3_499, minimumOrderQuantity: 1, availableQuantity: 50 }),
      buildProduct(t.db, { priceCents: 18_950, minimumOrderQuantity: 1, availableQuantity: 50 }),
    ]);
    for (const [part, quantity] of [
      [pads, 2],
      [disc, 1],
    ] as const) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/cart/${part._id}`,
        headers: { authorization: `Bearer ${alice.token}` },
        payload: { quantity },
      });
    }
    const placed = await post('/api/checkout', alice.token, {
      shippingMethod: 'express',
      phoneNumber: '1',
      address: { fullName: 'Alice', line1: '1 Pit Lane', city: 'Brno', postalCode: '60200', country: 'CZ' },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    // 2 x 34.99 + 189.50 + 19.00 express, no tax.
    expect(order).toMatchObject({ subtotal: 259.48, shippingCost: 19, price: 278.48 });
    const intent = await intentFor(alice, order._id);
    expect(intent.amount).toBe(27_848);
    standIn.pay(intent.id);
    expect((await markPaid(alice, order._id, intent.id)).json()).toMatchObject({ status: 'paid', paid: true });
  });

  it('when the order is patched before Stripe says succeeded, then 402; after it does, paid once', async () => {
    const { order } = await orderFor(alice);
    const intent = await intentFor(alice, order._id);
    expect((await markPaid(alice, order._id, intent.id)).statusCode).toBe(402);
    expect((await stored(order._id))?.paid).toBe(false);
    standIn.pay(intent.id);
    const paid = await markPaid(alice, order._id, intent.id);
    expect(paid.json()).toMatchObject({ paid: true, transactionId: intent.id });
    const first = await stored(order._id);
    expect((await markPaid(alice, order._id, intent.id)).statusCode).toBe(200);
    expect(await stored(order._id)).toEqual(first);
  });

  it("when a declined card fails at Stripe, then the order stays unpaid and can't be marked paid", async () => {
    const { order } = await orderFor(alice);
    const intent = await intentFor(alice, order._id);
    expect(standIn.pay(intent.id, '4000000000000002').status).toBe(402);
    expect((await markPaid(alice, order._id, intent.id)).statusCode).toBe(402);
    expect((await deliver(webhook('payment_intent.payment_failed', intent))).statusCode).toBe(200);
    expect((await stored(order._id))?.paid).toBe(false);
  });

  it("when someone else's succeeded payment, or a made-up id, is sent, then the order is not paid", async () => {
    const { order } = await orderFor(alice);
    const { order: bobsOrder } = await orderFor(bob);
    const bobsIntent = await intentFor(bob, bobsOrder._id);
    standIn.pay(bobsIntent.id);
    expect((await markPaid(alice, order._id, bobsIntent.id)).statusCode).toBe(402);
    expect((await markPaid(alice, order._id, 'pi_madeup')).statusCode).toBe(402);
    expect((await markPaid(bob, order._id, bobsIntent.id)).statusCode).toBe(403);
    expect((await stored(order._id))?.paid).toBe(false);
  });

  describe('POST /api/stripe/webhook', () => {
    it('when payment_intent.succeeded arrives, then the order is paid, even if the page never patched it', async () => {
      const { order } = await orderFor(alice);
      const intent = await intentFor(alice, order._id);
      standIn.pay(intent.id);
      const response = await deliver(webhook('payment_intent.succeeded', intent));
      expect(response.statusCode).toBe(200);
      expect(await stored(order._id)).toMatchObject({ paid: true, transactionId: intent.id });
    });

    it('when the event is repeated, concurrently and after the PATCH, then one payment is recorded', async () => {
      const { order } = await orderFor(alice);
      const intent = await intentFor(alice, order._id);
      standIn.pay(intent.id);
      const delivery = webhook('payment_intent.succeeded', intent);
      const responses = await Promise.all([
        ...Array.from({ length: 5 }, () => deliver(delivery)),
        markPaid(alice, order._id, intent.id),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const first = await stored(order._id);
      expect(first).toMatchObject({ paid: true, transactionId: intent.id });
      expect((await deliver(delivery)).statusCode).toBe(200);
      expect(await stored(order._id)).toEqual(first); // same paid time
    });

    it('when events arrive out of order (failed after succeeded), then the order stays paid', async () => {
      const { order } = await orderFor(alice);
      const intent = await intentFor(alice, order._id);
      standIn.pay(intent.id);
      await deliver(webhook('payment_intent.succeeded', intent));
      await deliver(webhook('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' }));
      await deliver(webhook('payment_intent.canceled', { ...intent, status: 'canceled' }));
      expect(await stored(order._id)).toMatchObject({ paid: true, transactionId: intent.id });
    });

    it.each([
      [
        'the body was changed after signing',
        (intent: StandInIntent) => {
          const { payload, signature } = webhook('payment_intent.succeeded', intent);
          return { payload: payload.replace('"amount":', '"amount":1'), signature };
        },
      ],
      [
        'it was signed with another secret',
        (i: StandInIntent) => webhook('payment_intent.succeeded', i, { secret: 'whsec_x' }),
      ],
      [
        'its timestamp is stale (a replay)',
        (i: StandInIntent) =>
          webhook('payment_intent.succeeded', i, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      ],
      ['it has no signature', (i: StandInIntent) => ({ payload: webhook('payment_intent.succeeded', i).payload })],
    ])('when %s, then 400 and the order stays unpaid', async (_case, build) => {
      const { order } = await orderFor(alice);
      const intent = await intentFor(alice, order._id);
      const response = await deliver(build({ ...intent, status: 'succeeded' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(apiMessages.webhookSignatureInvalid);
      expect((await stored(order._id))?.paid).toBe(false);
    });

    it('when a signed event names no order or an unknown one, then it is acknowledged (Stripe stops retrying)', async () => {
      const { order } = await orderFor(alice);
      const intent = await intentFor(alice, order._id);
      const orphan = { ...intent, status: 'succeeded' as const, metadata: { orderId: crypto.randomUUID() } };
      expect((await deliver(webhook('payment_intent.succeeded', orphan))).statusCode).toBe(200);
      expect((await deliver(webhook('payment_intent.succeeded', { ...orphan, metadata: {} }))).statusCode).toBe(200);
      expect((await stored(order._id))?.paid).toBe(false);
    });

    it('when a signed event names an order with another amount, then it is acknowledged but pays nothing', async () => {
      const { order } = await orderFor(alice);
      const intent = await intentFor(alice, order._id);
      const response = await deliver(
        webhook('payment_intent.succeeded', { ...intent, status: 'succeeded', amount: 1 }),
      );
      expect(response.statusCode).toBe(200);
      expect((await stored(order._id))?.paid).toBe(false);
    });

    it('when the body is not JSON, then its signature cannot match and it is refused', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=x' },
        payload: 'hello',
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('a succeeded payment that is not for exactly this order', () => {
    it("when a signed payment_intent.succeeded pays the order's amount in another currency, then it pays nothing and is logged for a refund", async () => {
      const { order } = await orderFor(alice);
      const refunds = refundsLogged();
      const euros = paidElsewhere(order._id, totalCents(order), 'eur');
      const response = await deliver(webhook('payment_intent.succeeded', euros));
      expect(response.statusCode).toBe(200);
      expect(await stored(order._id)).toMatchObject({ paid: false, transactionId: null });
      expect(refunds()).toEqual([euros.id]);
    });

    it.each([
      ["the order's amount in another currency", (order: Order) => paidElsewhere(order._id, totalCents(order), 'eur')],
      ['another amount', (order: Order) => paidElsewhere(order._id, totalCents(order) - 1)],
    ])('when the order is patched with a payment of %s, then 402 and it stays unpaid', async (_case, pay) => {
      const { order } = await orderFor(alice);
      const response = await markPaid(alice, order._id, pay(order).id);
      expect(response.statusCode).toBe(402);
      expect(response.json().message).toBe(apiMessages.paymentNotConfirmed);
      expect(await stored(order._id)).toMatchObject({ paid: false, transactionId: null });
    });
  });

  describe('a second payment for an order already paid', () => {
    it('when it succeeds and arrives by webhook and by PATCH, then the first payment and its paid time stay recorded', async () => {
      const { order } = await orderFor(alice);
      const first = await intentFor(alice, order._id);
      standIn.pay(first.id);
      expect((await markPaid(alice, order._id, first.id)).statusCode).toBe(200);
      const paid = await stored(order._id);
      const refunds = refundsLogged();
      const second = paidElsewhere(order._id, totalCents(order));
      expect((await deliver(webhook('payment_intent.succeeded', second))).statusCode).toBe(200);
      const patched = await markPaid(alice, order._id, second.id);
      expect(patched.statusCode).toBe(409);
      expect(patched.json().message).toBe(apiMessages.orderAlreadyPaid);
      expect(await stored(order._id)).toEqual(paid);
      expect(paid).toMatchObject({ paid: true, transactionId: first.id });
      expect(refunds()).toEqual([second.id]);
    });

    it.each([
      ['a webhook', (intent: StandInIntent) => deliver(webhook('payment_intent.succeeded', intent))],
      [
        'the payment page (PATCH)',
        (intent: StandInIntent) => markPaid(alice, intent.metadata.orderId ?? '', intent.id),
      ],
    ])(
      'when the first is recorded by %s while a PATCH of the second awaits Stripe, then the second is refused (409) and changes nothing',
      async (_case, record) => {
        const { order } = await orderFor(alice);
        const first = await intentFor(alice, order._id);
        standIn.pay(first.id);
        const second = paidElsewhere(order._id, totalCents(order));
        const hold = standIn.holdRetrieval(second.id);
        const late = markPaid(alice, order._id, second.id); // has read the order unpaid, now asks Stripe
        await hold.reached;
        try {
          expect((await record(first)).statusCode).toBe(200);
        } finally {
          hold.release();
        }
        const paid = await stored(order._id);
        expect(paid).toMatchObject({ paid: true, transactionId: first.id });
        expect((await late).statusCode).toBe(409);
        expect(await stored(order._id)).toEqual(paid);
      },
    );

    it('when succeeded events of two payments of one order race, then exactly one is recorded and the other logged for a refund', async () => {
      const refunds = refundsLogged();
      const races = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const { order } = await orderFor(alice);
          const payments = [paidElsewhere(order._id, totalCents(order)), paidElsewhere(order._id, totalCents(order))];
          const answers = await Promise.all(
            payments.map((intent) => deliver(webhook('payment_intent.succeeded', intent))),
          );
          expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
          const row = await stored(order._id);
          const recorded = payments.find((intent) => intent.id === row?.transactionId);
          expect(row?.paid).toBe(true);
          expect(recorded).toBeDefined();
          return payments.filter((intent) => intent !== recorded).map((intent) => intent.id);
        }),
      );
      expect(refunds().sort()).toEqual(races.flat().sort());
    });
  });

  describe('deleting an order that has a payment', () => {
    it('when the payment is still pending, then it is canceled at Stripe and the stock comes back', async () => {
      const { order, part } = await orderFor(alice, 1000, 4);
      const intent = await intentFor(alice, order._id);
      const response = await deleteOrderAs(t.app, alice.token, order._id);
      expect(response.statusCode).toBe(200);
      expect(standIn.intents.get(intent.id)?.status).toBe('canceled');
      expect(await stockOf(part._id)).toBe(50);
    });

    it('when the customer paid but nothing recorded it yet, then the order is recorded paid and kept (409)', async () => {
      const { order, part } = await orderFor(alice, 1000, 4);
      const intent = await intentFor(alice, order._id);
      standIn.pay(intent.id);
      const response = await deleteOrderAs(t.app, alice.token, order._id);
      expect(response.statusCode).toBe(409);
      expect(await stored(order._id)).toMatchObject({ paid: true, transactionId: intent.id });
      expect(await stockOf(part._id)).toBe(46);
    });
  });

  it('when the payment page is opened again after an unrecorded payment, then the order is recorded paid (409)', async () => {
    const { order } = await orderFor(alice);
    const intent = await intentFor(alice, order._id);
    standIn.pay(intent.id);
    const again = await post('/api/create-payment-intent', alice.token, { orderId: order._id });
    expect(again.statusCode).toBe(409);
    expect(await stored(order._id)).toMatchObject({ paid: true, transactionId: intent.id });
  });

  it('when Stripe is down, then 503 with a plain message and the order is unchanged', async () => {
    const { order } = await orderFor(alice);
    standIn.fail(500);
    const response = await post('/api/create-payment-intent', alice.token, { orderId: order._id });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(apiMessages.paymentProviderUnavailable);
    expect(await stored(order._id)).toMatchObject({ paid: false, paymentIntentId: null });
  });

  it("when Stripe is the gateway, then the sandbox's card endpoint does not exist", async () => {
    const response = await post('/api/sandbox/confirm', alice.token, {
      clientSecret: 'pi_x_secret_y',
      cardNumber: '4242424242424242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(response.statusCode).toBe(404);
  });
});
