/**
 * The one small interface both payment providers implement (the sandbox and Stripe), chosen once
 * at start from configuration.
 */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled' | 'other';
  amountCents: number;
  currency: string;
  orderId: string | undefined;
}

export interface PaymentGateway {
  readonly provider: 'sandbox' | 'stripe';
  /** One intent per order and amount: asking again answers the same intent (idempotent). */
  createIntent(input: { orderId: string; amountCents: number; currency: string }): Promise<PaymentIntent>;
  /** The provider's word on a payment, or undefined when it does not know that id. */
  retrieveIntent(id: string): Promise<PaymentIntent | undefined>;
}
