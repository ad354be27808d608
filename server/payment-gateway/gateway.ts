/**
 * The one small interface both payment providers implement (the sandbox and Stripe), chosen once
 * at start from configuration.
 */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled' | 'other';
  amountCents: number;
  /** Upper case, as STORE_CURRENCY is written. */
  currency: string;
  orderId: string | undefined;
}

export interface PaymentGateway {
  readonly provider: 'sandbox' | 'stripe';
  /**
   * One intent per order and amount: asking again answers the same intent (idempotent). `replaces`
   * names an intent of the order that can no longer be paid (canceled), so a new one is made.
   */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    currency: string;
    replaces?: string | undefined;
  }): Promise<PaymentIntent>;
  /** The provider's word on a payment, or undefined when it does not know that id. */
  retrieveIntent(id: string): Promise<PaymentIntent | undefined>;
  /**
   * Cancels a payment that has not succeeded, so it can never be charged; answers the intent as it
   * stands afterwards (a payment that succeeded first stays succeeded).
   */
  cancelIntent(id: string): Promise<PaymentIntent | undefined>;
  /**
   * Gives an order's payment back, in full. Idempotent by the order: asking again for the same order
   * answers the same refund and never refunds twice. Throws AppError('refundFailed') when the
   * provider does not refund (or cannot be reached).
   */
  refund(input: { orderId: string; paymentIntentId: string; amountCents: number }): Promise<Refund>;
}

export interface Refund {
  id: string;
}

/** The key a refund of this order is asked with, every time: a retry or a second click is the same refund. */
export const refundKey = (orderId: string) => `brakehouse-refund-${orderId}`;

/** Whether the provider's intent is a finished payment of exactly this order's total. */
export const paysFor = (
  intent: PaymentIntent | undefined,
  order: { _id: string; priceCents: number },
  currency: string,
): intent is PaymentIntent =>
  intent?.status === 'succeeded' &&
  intent.orderId === order._id &&
  intent.amountCents === order.priceCents &&
  intent.currency.toUpperCase() === currency.toUpperCase();
