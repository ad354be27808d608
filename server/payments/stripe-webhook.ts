import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, errorResponseSchema } from '../../contract/index.js';
import type { PaymentService } from './service.js';
import { toPaymentIntent, type StripeGateway } from '../payment-gateway/stripe.js';

/** Stripe's events are a few kilobytes; this leaves room without inviting abuse. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * `POST /api/stripe/webhook`: Stripe tells us a payment succeeded, whether or not the customer's
 * page is still open. The signature is checked on the exact bytes received, so this plugin keeps
 * JSON bodies raw. Any verified event is acknowledged with 200 (Stripe would retry anything else);
 * only `payment_intent.succeeded` changes an order, once, whatever the repeats or their order.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ stripe: StripeGateway; payments: PaymentService }> = async (
  app,
  { stripe, payments },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    apiPaths.stripeWebhook,
    // Stripe's deliveries share a few addresses: a burst of orders must not be throttled away.
    {
      config: { rateLimit: false },
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: { response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema } },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = stripe.verifyWebhook(rawBody, Array.isArray(signature) ? signature[0] : signature);
      if (event.type === 'payment_intent.succeeded') {
        await payments.recordSucceeded(toPaymentIntent(event.data.object));
      } else {
        request.log.debug({ type: event.type, id: event.id }, 'stripe event acknowledged, nothing to do');
      }
      return { received: true as const };
    },
  );
};
