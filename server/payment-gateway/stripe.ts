import Stripe from 'stripe';
import type { StripeConfig } from '../config.js';
import { AppError } from '../http/errors.js';
import { refundKey, type PaymentGateway, type PaymentIntent, type Refund } from './gateway.js';

/** How long a signed webhook stays acceptable (Stripe's own default): older ones are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** A payment page is waiting: fail in seconds, not in Stripe's default 80. */
const REQUEST_TIMEOUT_MS = 10_000;
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,100}$/;

const STATUSES = new Set<PaymentIntent['status']>([
  'succeeded',
  'processing',
  'requires_payment_method',
  'requires_action',
  'canceled',
]);

export function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const status = intent.status as PaymentIntent['status'];
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: STATUSES.has(status) ? status : 'other',
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    orderId: intent.metadata.orderId,
  };
}

const isStripeError = (error: unknown, type?: string): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError && (type === undefined || error.type === type);

/** A refund that gave the money back, or will (Stripe finishes some later): anything but failed or canceled. */
const goesThrough = (refund: Stripe.Refund) => refund.status !== 'failed' && refund.status !== 'canceled';

/**
 * The Stripe gateway: Payment Intents through the official SDK. The order id travels in the
 * intent's metadata, which is how a webhook or a confirmation finds its order again.
 */
export function createStripeGateway(config: StripeConfig, log: { error: (obj: object, msg: string) => void }) {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Brakehouse' },
    ...(api && {
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
    }),
  });

  /** Anything but "no such payment" is the provider failing us: say so plainly, log the detail. */
  async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, `stripe: ${what} failed`);
      const refused = isStripeError(error) && (error.statusCode === 401 || error.statusCode === 403);
      throw new AppError(refused ? 'paymentProviderRefused' : 'paymentProviderUnavailable');
    }
  }

  const retrieve = (id: string) =>
    call('retrieving a payment', async () => {
      if (!PAYMENT_INTENT_ID.test(id)) return undefined;
      try {
        return toPaymentIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isStripeError(error, 'StripeInvalidRequestError') && error.code === 'resource_missing') return undefined;
        throw error;
      }
    });

  /** The full refund of an order's payment: one per order, by its key; a payment refunded already answers that refund. */
  async function refundOnce(orderId: string, paymentIntentId: string, amountCents: number): Promise<Stripe.Refund> {
    try {
      return await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, metadata: { orderId } },
        { idempotencyKey: refundKey(orderId) },
      );
    } catch (error) {
      // Stripe keeps a key 24 hours: a retry after that (or a refund made on its dashboard) finds the
      // payment refunded already, and that refund is the order's.
      if (!isStripeError(error, 'StripeInvalidRequestError') || error.code !== 'charge_already_refunded') throw error;
      const earlier = await stripe.refunds.list({ payment_intent: paymentIntentId });
      const refund = earlier.data.find(goesThrough);
      if (!refund) throw error;
      return refund;
    }
  }

  const gateway: PaymentGateway = {
    provider: 'stripe',

    createIntent: ({ orderId, amountCents, currency, replaces }) =>
      call('creating a payment', async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: currency.toLowerCase(),
            allowed_payment_method_types: ['card'],
            metadata: { orderId },
            description: `Brakehouse order ${orderId}`,
          },
          // Asking twice for the same order (a reload, a retry, two tabs) gives the same intent.
          { idempotencyKey: `brakehouse-order-${orderId}-${amountCents}-${replaces ?? 'first'}` },
        );
        if (!intent.client_secret) throw new Error('Stripe answered a payment intent without a client secret');
        return toPaymentIntent(intent);
      }),

    retrieveIntent: retrieve,

    cancelIntent: (id) =>
      call('canceling a payment', async () => {
        if (!PAYMENT_INTENT_ID.test(id)) return undefined;
        try {
          return toPaymentIntent(await stripe.paymentIntents.cancel(id));
        } catch (error) {
          // Already succeeded or already canceled: the intent as it stands is the answer.
          if (isStripeError(error, 'StripeInvalidRequestError')) return retrieve(id);
          throw error;
        }
      }),

    async refund({ orderId, paymentIntentId, amountCents }): Promise<Refund> {
      try {
        const refund = await refundOnce(orderId, paymentIntentId, amountCents);
        if (!goesThrough(refund)) throw new Error(`Stripe answered a refund that is ${refund.status ?? 'unknown'}`);
        return { id: refund.id };
      } catch (error) {
        log.error({ err: error, order: orderId, paymentIntentId }, 'stripe: refunding a payment failed');
        throw new AppError('refundFailed');
      }
    },
  };

  return {
    ...gateway,
    /**
     * A webhook delivery, verified against the endpoint's signing secret on the exact bytes Stripe
     * sent; a missing, forged or stale signature is refused.
     */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      if (!signature) throw new AppError('webhookSignatureInvalid');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        if (isStripeError(error, 'StripeSignatureVerificationError')) {
          throw new AppError('webhookSignatureInvalid');
        }
        throw error;
      }
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
