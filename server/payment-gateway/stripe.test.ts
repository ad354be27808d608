import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../contract/index.js';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in.js';
import { createStripeGateway, WEBHOOK_TOLERANCE_SECONDS } from './stripe.js';

const WEBHOOK_SECRET = 'whsec_brakehouse_gateway_test';
const quietLog = { error: () => undefined };

describe('Stripe gateway (official SDK against a local stand-in of its endpoints)', () => {
  let standIn: StripeStandIn;
  let gateway: ReturnType<typeof createStripeGateway>;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    gateway = createStripeGateway(
      {
        secretKey: 'sk_test_gateway',
        publishableKey: 'pk_test_gateway',
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: standIn.url,
      },
      quietLog,
    );
  });
  afterEach(() => standIn.recover());
  afterAll(() => standIn.close());

  const newIntent = (orderId = randomUUID(), amountCents = 12_345) =>
    gateway.createIntent({ orderId, amountCents, currency: 'USD' });

  it("when an intent is created, then Stripe gets the order's amount, currency, card and order id, with the secret key", async () => {
    const orderId = randomUUID();
    const intent = await newIntent(orderId, 12_345);
    const request = standIn.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      authorization: 'Bearer sk_test_gateway',
    });
    expect(request?.form).toMatchObject({
      amount: '12345',
      currency: 'usd',
      allowed_payment_method_types: { 0: 'card' },
      metadata: { orderId },
    });
    expect(intent).toMatchObject({ amountCents: 12_345, currency: 'USD', orderId, status: 'requires_payment_method' });
    expect(intent.clientSecret).toBe(standIn.intents.get(intent.id)?.client_secret);
  });

  it('when the same order asks twice, then one idempotency key gives one intent; a replacement gets a new key', async () => {
    const orderId = randomUUID();
    const first = await newIntent(orderId);
    const again = await newIntent(orderId);
    expect(again.id).toBe(first.id);
    const keys = standIn.requests.filter(
      (r) => r.form.metadata && (r.form.metadata as { orderId: string }).orderId === orderId,
    );
    expect(new Set(keys.map((r) => r.idempotencyKey))).toEqual(new Set([`brakehouse-order-${orderId}-12345-first`]));
    const replacement = await gateway.createIntent({
      orderId,
      amountCents: 12_345,
      currency: 'USD',
      replaces: first.id,
    });
    expect(replacement.id).not.toBe(first.id);
  });

  it("when a payment is retrieved, then Stripe's status comes back; unknown and malformed ids are unknown", async () => {
    const intent = await newIntent();
    expect((await gateway.retrieveIntent(intent.id))?.status).toBe('requires_payment_method');
    standIn.pay(intent.id);
    expect((await gateway.retrieveIntent(intent.id))?.status).toBe('succeeded');
    expect(await gateway.retrieveIntent('pi_doesnotexist')).toBeUndefined();
    const before = standIn.requests.length;
    for (const forged of ['../customers', 'pi_1/../../charges', 'ch_123', '', 'pi_' + 'x'.repeat(200)]) {
      expect(await gateway.retrieveIntent(forged)).toBeUndefined();
    }
    expect(standIn.requests.length).toBe(before); // never sent to Stripe
  });

  it('when a pending payment is canceled, then it is canceled; a succeeded one stays succeeded', async () => {
    const pending = await newIntent();
    expect((await gateway.cancelIntent(pending.id))?.status).toBe('canceled');
    const paid = await newIntent();
    standIn.pay(paid.id);
    expect((await gateway.cancelIntent(paid.id))?.status).toBe('succeeded');
  });

  it('when Stripe is down, then the store answers 503 with a plain message', async () => {
    standIn.fail(500);
    await expect(newIntent()).rejects.toMatchObject({
      statusCode: 503,
      message: apiMessages.paymentProviderUnavailable,
    });
  });

  it('when the secret key is refused, then 503 says the provider refused', async () => {
    standIn.fail(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    await expect(gateway.retrieveIntent('pi_123')).rejects.toMatchObject({
      statusCode: 503,
      message: apiMessages.paymentProviderRefused,
    });
  });

  describe('webhook signatures (built with the SDK test helper)', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const sign = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? WEBHOOK_SECRET, ...options });

    it('when the signature matches the body and secret, then the event is read', () => {
      expect(gateway.verifyWebhook(Buffer.from(payload), sign(payload)).id).toBe('evt_1');
    });

    it.each([
      ['the body was changed after signing', () => [payload.replace('evt_1', 'evt_2'), sign(payload)] as const],
      ['it was signed with another secret', () => [payload, sign(payload, { secret: 'whsec_someone_else' })] as const],
      [
        'it is older than the tolerance (a replay)',
        () =>
          [
            payload,
            sign(payload, { timestamp: Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS - 60 }),
          ] as const,
      ],
      ['the signature is missing', () => [payload, undefined] as const],
      ['the signature is garbage', () => [payload, 't=1,v1=abc'] as const],
    ])('when %s, then it is refused with 400', (_case, build) => {
      const [body, signature] = build();
      expect(() => gateway.verifyWebhook(Buffer.from(body), signature)).toThrow(
        expect.objectContaining({ statusCode: 400, message: apiMessages.webhookSignatureInvalid }),
      );
    });
  });
});
