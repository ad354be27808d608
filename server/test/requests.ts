// The API calls tests make again and again, as the web app makes them.
import type { FastifyInstance } from 'fastify';
import { bearer } from './auth.js';

/** A customer's POST with their bearer token. */
export const postAs = (app: FastifyInstance, token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** `PATCH /api/myOrder/{id}` as the payment page sends it after the card went through. */
export const markPaidAs = (app: FastifyInstance, token: string, orderId: string, transactionId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/myOrder/${orderId}`,
    headers: bearer(token),
    payload: { order: { paid: true }, transactionId },
  });

export const deleteOrderAs = (app: FastifyInstance, token: string, orderId: string) =>
  app.inject({ method: 'DELETE', url: `/api/myOrder/${orderId}`, headers: bearer(token) });

/** Stripe's test card that succeeds, as the sandbox's card form sends it. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

/**
 * Pays an order through the sandbox as the payment page does: the intent, the card, then the
 * PATCH. Answers each step's response, for tests that check them.
 */
export async function payInSandbox(app: FastifyInstance, token: string, orderId: string) {
  const intent = await postAs(app, token, '/api/create-payment-intent', { orderId });
  const confirmed = await postAs(app, token, '/api/sandbox/confirm', {
    clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
    ...GOOD_CARD,
  });
  const { transactionId } = confirmed.json<{ transactionId: string }>();
  const marked = await markPaidAs(app, token, orderId, transactionId);
  return { intent, confirmed, transactionId, marked };
}
