import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the store and the browser use, so that the real
 * SDK and a Stripe-shaped card form can be tested with no network: payment intents (create with
 * idempotency keys, retrieve, cancel, confirm with Stripe's test cards), refunds (create with
 * idempotency keys, list by payment), and, when given a URL and secret, webhook deliveries signed as
 * Stripe signs them.
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled' | 'processing';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
  created: number;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, unknown>;
}

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

/** Stripe's form encoding (`metadata[orderId]=1&list[0]=card`) back into an object. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  response.end(JSON.stringify(body));
};

const invalidRequest = (code: string, message: string) => ({ error: { type: 'invalid_request_error', code, message } });

export interface StandInOptions {
  /** Where to deliver signed events (payment_intent.succeeded, .payment_failed), if anywhere. */
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export async function startStripeStandIn(options: StandInOptions = {}) {
  const intents = new Map<string, StandInIntent>();
  const idempotent = new Map<string, StandInIntent>();
  const requests: StandInRequest[] = [];
  /** What the next requests answer instead of the real thing (an outage, a revoked key). */
  let failure: { status: number; body: unknown } | undefined;

  const refunds = new Map<string, StandInRefund>();
  const idempotentRefunds = new Map<string, StandInRefund>();

  /** Retrievals held back by a test: answered only once it releases them. */
  const held = new Map<string, { reached: () => void; released: Promise<void> }>();
  /** Refunds of an intent held back by a test, the same way. */
  const heldRefunds = new Map<string, { reached: () => void; released: Promise<void> }>();

  /** Holds the next request of `holds` about `intentId` until the test calls `release`. */
  function hold(holds: typeof held, intentId: string) {
    let reached = () => {};
    let release = () => {};
    const asked = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    holds.set(intentId, { reached, released });
    return { reached: asked, release };
  }

  async function waitIfHeld(holds: typeof held, intentId: string) {
    const waiting = holds.get(intentId);
    if (!waiting) return;
    holds.delete(intentId);
    waiting.reached();
    await waiting.released;
  }

  /** Stripe's refund of a payment intent: only of a payment that succeeded, never more than it took. */
  async function refund(form: Record<string, unknown>, key: string | undefined) {
    const intentId = String(form.payment_intent ?? '');
    await waitIfHeld(heldRefunds, intentId);
    // Asked again with a key already answered (a retry, a second click): the same refund, nothing new.
    const replay = key ? idempotentRefunds.get(key) : undefined;
    if (replay) return { status: 200, body: replay };
    const intent = intents.get(intentId);
    if (!intent) {
      return { status: 404, body: invalidRequest('resource_missing', `No such payment_intent: '${intentId}'`) };
    }
    if (intent.status !== 'succeeded') {
      return {
        status: 400,
        body: invalidRequest(
          'charge_not_refundable',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        ),
      };
    }
    const refunded = [...refunds.values()]
      .filter((earlier) => earlier.payment_intent === intent.id)
      .reduce((sum, earlier) => sum + earlier.amount, 0);
    if (refunded >= intent.amount) {
      return {
        status: 400,
        body: invalidRequest('charge_already_refunded', `Charge for ${intent.id} has already been refunded.`),
      };
    }
    const amount = form.amount === undefined ? intent.amount - refunded : Number(form.amount);
    if (amount > intent.amount - refunded) {
      return {
        status: 400,
        body: invalidRequest('amount_too_large', 'Refund amount is greater than unrefunded amount on charge'),
      };
    }
    const made: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(made.id, made);
    if (key) idempotentRefunds.set(key, made);
    return { status: 200, body: made };
  }

  function create(
    fields: Pick<StandInIntent, 'amount' | 'currency' | 'metadata' | 'description' | 'allowed_payment_method_types'>,
  ) {
    const intentId = `pi_${randomBytes(12).toString('hex')}`;
    const intent: StandInIntent = {
      id: intentId,
      object: 'payment_intent',
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      payment_method_types: ['card'],
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      ...fields,
    };
    intents.set(intentId, intent);
    return intent;
  }

  async function deliver(type: string, intent: StandInIntent) {
    if (!options.webhookUrl || !options.webhookSecret) return;
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: intent },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).catch(() => undefined);
  }

  function confirm(intent: StandInIntent, cardNumber: string) {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return {
        status: 400,
        body: invalidRequest('payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}.`),
      };
    }
    const decline = DECLINES[cardNumber.replace(/\s+/g, '')];
    if (decline) {
      intent.last_payment_error = { type: 'card_error', code: decline.code, message: decline.message };
      void deliver('payment_intent.payment_failed', intent);
      return { status: 402, body: { error: { type: 'card_error', ...decline, payment_intent: intent } } };
    }
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    void deliver('payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = parseForm(await readBody(request));
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      authorization: header('authorization'),
      idempotencyKey: header('idempotency-key'),
      form,
    });
    if (url.pathname === '/health') return send(response, 200, { ok: true });
    if (failure) return send(response, failure.status, failure.body);

    if (url.pathname === '/v1/refunds' && request.method === 'POST') {
      const result = await refund(form, header('idempotency-key'));
      return send(response, result.status, result.body);
    }
    if (url.pathname === '/v1/refunds' && request.method === 'GET') {
      const of = url.searchParams.get('payment_intent');
      const data = [...refunds.values()].filter((made) => of === null || made.payment_intent === of).reverse();
      return send(response, 200, { object: 'list', url: '/v1/refunds', has_more: false, data });
    }

    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(cancel|confirm))?$/.exec(url.pathname);
    if (!match)
      return send(response, 404, invalidRequest('resource_missing', `Unrecognized request URL (${url.pathname})`));
    const [, id, action] = match;

    if (!id && request.method === 'POST') {
      const key = header('idempotency-key');
      const replay = key ? idempotent.get(key) : undefined;
      if (replay) return send(response, 200, replay);
      const intent = create({
        amount: Number(form.amount),
        currency: String(form.currency),
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        description: typeof form.description === 'string' ? form.description : null,
        allowed_payment_method_types: Object.values((form.allowed_payment_method_types as object | undefined) ?? {}),
      });
      if (key) idempotent.set(key, intent);
      return send(response, 200, intent);
    }

    const intent = id ? intents.get(id) : undefined;
    if (!intent)
      return send(response, 404, invalidRequest('resource_missing', `No such payment_intent: '${id ?? ''}'`));
    if (!action && request.method === 'GET') {
      await waitIfHeld(held, intent.id);
      return send(response, 200, intent);
    }
    if (action === 'cancel' && request.method === 'POST') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(
          response,
          400,
          invalidRequest(
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          ),
        );
      }
      intent.status = 'canceled';
      return send(response, 200, intent);
    }
    if (action === 'confirm' && request.method === 'POST') {
      const card = (form.payment_method_data as { card?: { number?: string } } | undefined)?.card;
      const result = confirm(intent, card?.number ?? '');
      return send(response, result.status, result.body);
    }
    return send(response, 405, invalidRequest('method_not_allowed', 'Method not allowed'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    /** The customer pays (what Stripe.js would do in the browser). */
    pay: (intentId: string, cardNumber = '4242424242424242') => {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return confirm(intent, cardNumber);
    },
    /**
     * An intent made at Stripe for the order but not by this store (the dashboard, another
     * integration), for any amount and currency.
     */
    createIntent: ({ orderId, amount, currency = 'usd' }: { orderId: string; amount: number; currency?: string }) =>
      create({
        amount,
        currency,
        metadata: { orderId },
        description: null,
        allowed_payment_method_types: ['card'],
      }),
    /**
     * The next retrieval of this intent waits until `release`: `reached` resolves once the store
     * has asked, so a test can act while that request stands between Stripe's answer and its write.
     */
    holdRetrieval: (intentId: string) => hold(held, intentId),
    /** The refunds made, by id: a test counts them to see that a payment was refunded once. */
    refunds,
    /** The next refund of this intent waits until `release`, as `holdRetrieval` does. */
    holdRefund: (intentId: string) => hold(heldRefunds, intentId),
    /** Every request answers this until `recover` (e.g. 500 for an outage, 401 for a revoked key). */
    fail: (status: number, body: unknown = { error: { type: 'api_error', message: 'Stand-in outage' } }) => {
      failure = { status, body };
    },
    recover: () => {
      failure = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
