import { z } from 'zod';
import { idSchema } from './common.js';

export const paymentProviders = ['sandbox', 'stripe'] as const;

/** `POST /api/create-payment-intent`: the amount is the order's own; a `price` in the body is ignored. */
export const createPaymentIntentSchema = z.object({ orderId: idSchema, price: z.unknown().optional() });
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(paymentProviders),
  amount: z.number(),
  currency: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** The sandbox's card form (docs/product-rules.md, section 4: Card number, Expiry MM / YY, CVC). */
export const sandboxConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string({ error: 'Your card number is incomplete.' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Your card number is incomplete.' })),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: "Your card's expiration date is incomplete." }),
  cvc: z.string({ error: "Your card's security code is incomplete." }).regex(/^\d{3,4}$/, {
    error: "Your card's security code is incomplete.",
  }),
  billingName: z.string().max(200).optional(),
});
export type SandboxConfirm = z.input<typeof sandboxConfirmSchema>;
export const sandboxConfirmResponseSchema = z.object({ status: z.literal('succeeded'), transactionId: z.string() });

/** `PATCH /api/myOrder/{id}`: `{order, transactionId}` as the spec sends it; only the id is believed. */
export const markPaidSchema = z.object({
  transactionId: z.string({ error: 'transactionId is required' }).min(1).max(200),
  order: z.unknown().optional(),
});

/** Card messages as Stripe words them (docs/product-rules.md, section 3). */
export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
} as const;
