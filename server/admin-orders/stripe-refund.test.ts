import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/index.js';
import { orders } from '../db/schema.js';
import { refundKey } from '../payment-gateway/gateway.js';
import { adminMove, orderNow, SHIPMENT, stockOf, storedOrder } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { markPaidAs, postAs } from '../test/requests.js';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in.js';

const ADMIN = 'orders-stripe-admin@brakehouse.example';

describe('refunds through Stripe (the SDK against the stand-in)', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminWithToken>>;
  let rider: Awaited<ReturnType<typeof signUpWithToken>>;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      env: {
        ADMIN_EMAILS: ADMIN,
        STRIPE_SECRET_KEY: 'sk_test_refunds',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_refunds',
        STRIPE_WEBHOOK_SECRET: 'whsec_refunds',
        STRIPE_API_URL: standIn.url,
      },
    });
    [admin, rider] = await Promise.all([adminWithToken(t.app, ADMIN), signUpWithToken(t.app)]);
  });
  afterEach(() => {
    standIn.recover();
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const cancel = (id: string) => adminMove(t.app, admin.token, id, 'cancel');
  const refundsOf = (intentId: string) =>
    [...standIn.refunds.values()].filter((refund) => refund.payment_intent === intentId);
  /** A refund asked of Stripe directly: by an earlier request of the store that then stopped, or on its dashboard. */
  const refundAtStripe = (intentId: string, idempotencyKey?: string) =>
    fetch(`${standIn.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      body: new URLSearchParams({ payment_intent: intentId }),
    }).then((response) => response.json() as Promise<{ id: string }>);

  /** 3 of a part (stock 30) at 42.00 each, paid through Stripe: 27 left on the shelf. */
  async function paidOrder() {
    const part = await buildProduct(t.db, { priceCents: 4200, minimumOrderQuantity: 1, availableQuantity: 30 });
    const order = await orderNow(t.app, rider.token, part._id, 3);
    const started = await postAs(t.app, rider.token, '/api/create-payment-intent', { orderId: order._id });
    const { clientSecret } = started.json<{ clientSecret: string }>();
    const intent = [...standIn.intents.values()].find((candidate) => candidate.client_secret === clientSecret);
    if (!intent) throw new Error('the client secret is not a stand-in intent');
    standIn.pay(intent.id);
    expect((await markPaidAs(t.app, rider.token, order._id, intent.id)).statusCode).toBe(200);
    return { id: order._id, intentId: intent.id, productId: part._id };
  }

  it("when a paid order is refunded, then Stripe gives back its whole total once, under the order's key, and the stock comes back", async () => {
    const { id, intentId, productId } = await paidOrder();
    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({ status: 'refunded' });

    const [refund] = refundsOf(intentId);
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(refund).toMatchObject({ amount: 12_600, metadata: { orderId: id } });
    const asked = standIn.requests.filter((request) => request.path === '/v1/refunds' && request.method === 'POST');
    expect(asked.at(-1)?.idempotencyKey).toBe(refundKey(id));
    expect(await storedOrder(t.db, id)).toMatchObject({ status: 'refunded', refundId: refund?.id });
    expect(await stockOf(t.db, productId)).toBe(30);
  });

  it('when the refund is asked twice at once, then Stripe refunds once, one answer is the refund and the other 409', async () => {
    const { id, intentId, productId } = await paidOrder();
    const answers = await Promise.all([cancel(id), cancel(id)]);
    expect(answers.map(({ statusCode }) => statusCode).sort()).toEqual([200, 409]);
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await stockOf(t.db, productId)).toBe(30);
  });

  it('when the refund is asked again after it was made, then 409 and Stripe is not asked again', async () => {
    const { id, intentId } = await paidOrder();
    expect((await cancel(id)).statusCode).toBe(200);
    const asked = standIn.requests.length;
    expect((await cancel(id)).statusCode).toBe(409);
    expect(standIn.requests).toHaveLength(asked);
    expect(refundsOf(intentId)).toHaveLength(1);
  });

  it('when Stripe fails, then 502 and nothing changed: the order is paid, can ship, and its stock is still out', async () => {
    const { id, productId } = await paidOrder();
    const before = await storedOrder(t.db, id);
    const errors = vi.spyOn(t.app.log, 'error');
    standIn.fail(400, { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Disputed.' } });

    const response = await cancel(id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'REFUND_FAILED',
      message: 'The payment provider did not refund the order. Please try again.',
    });
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ order: id }), 'stripe: refunding a payment failed');
    expect(await storedOrder(t.db, id)).toEqual(before);
    expect(await stockOf(t.db, productId)).toBe(27);

    standIn.recover();
    expect((await adminMove(t.app, admin.token, id, 'ship', SHIPMENT)).statusCode).toBe(200);
  });

  it('when Stripe is out and then back, then the refund asked again goes through', async () => {
    const { id, intentId } = await paidOrder();
    standIn.fail(500);
    expect((await cancel(id)).statusCode).toBe(502);
    standIn.recover();
    expect((await cancel(id)).json<Order>()).toMatchObject({ status: 'refunded' });
    expect(refundsOf(intentId)).toHaveLength(1);
  });

  it('when the order is shipped while Stripe is refunding it, then shipping is refused and the refund completes', async () => {
    const { id, intentId, productId } = await paidOrder();
    const held = standIn.holdRefund(intentId);
    const refunding = cancel(id);
    await held.reached;

    const shipped = await adminMove(t.app, admin.token, id, 'ship', SHIPMENT);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ code: 'ORDER_MOVE_REFUSED' });

    held.release();
    expect((await refunding).json<Order>()).toMatchObject({ status: 'refunded', carrier: null });
    expect(await stockOf(t.db, productId)).toBe(30);
  });

  it('when a refund stopped after Stripe made it (the process died), then the order cannot ship, and asking again records that same refund', async () => {
    const { id, intentId, productId } = await paidOrder();
    // What the stopped request left: the order marked as being refunded, and Stripe's refund under its key.
    await t.db
      .update(orders)
      .set({ refundId: refundKey(id) })
      .where(eq(orders.id, id));
    const made = await refundAtStripe(intentId, refundKey(id));

    expect((await adminMove(t.app, admin.token, id, 'ship', SHIPMENT)).statusCode).toBe(409);
    expect((await cancel(id)).statusCode).toBe(200);
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await storedOrder(t.db, id)).toMatchObject({ status: 'refunded', refundId: made.id });
    expect(await stockOf(t.db, productId)).toBe(30);
  });

  it("when the payment was refunded at Stripe already under another key (its dashboard, or a key past its 24 hours), then that refund is the order's", async () => {
    const { id, intentId } = await paidOrder();
    const made = await refundAtStripe(intentId);

    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await storedOrder(t.db, id)).toMatchObject({ status: 'refunded', refundId: made.id });
  });

  it('when an unpaid order is cancelled, then its Stripe payment is canceled first and nothing is refunded', async () => {
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: 10 });
    const order = await orderNow(t.app, rider.token, part._id, 2);
    await postAs(t.app, rider.token, '/api/create-payment-intent', { orderId: order._id });
    const intentId = (await storedOrder(t.db, order._id))?.paymentIntentId ?? '';

    expect((await cancel(order._id)).json<Order>()).toMatchObject({ status: 'cancelled' });
    expect(standIn.intents.get(intentId)?.status).toBe('canceled');
    expect(refundsOf(intentId)).toEqual([]);
    expect(await stockOf(t.db, part._id)).toBe(10);
  });
});
