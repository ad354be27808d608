import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { cardMessages } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { sandboxPaymentIntents } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { PaymentGateway, PaymentIntent } from './gateway.js';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

const toIntent = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status,
  amountCents: row.amountCents,
  currency: row.currency,
  orderId: row.orderId,
});

/** Stripe's test cards (docs/product-rules.md, section 3); any other well-formed number succeeds. */
const DECLINED: Record<string, string> = {
  '4000000000000002': cardMessages.declined,
  '4000000000009995': cardMessages.insufficientFunds,
};

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The built-in gateway: it creates and confirms payment intents itself, in our database, so the
 * whole flow works with no provider account. It never sees real cards.
 */
export function createSandboxGateway(db: Database) {
  const gateway: PaymentGateway = {
    provider: 'sandbox',

    async createIntent({ orderId, amountCents, currency }) {
      const open = () =>
        db
          .select()
          .from(sandboxPaymentIntents)
          .where(and(eq(sandboxPaymentIntents.orderId, orderId), ne(sandboxPaymentIntents.status, 'canceled')));
      const [existing] = await open();
      if (existing) return toIntent(existing);
      const id = token('pi_sandbox');
      // A concurrent request may have made the order's intent meanwhile: the unique index keeps one.
      await db
        .insert(sandboxPaymentIntents)
        .values({ id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`, orderId, amountCents, currency })
        .onConflictDoNothing();
      const [row] = await open();
      if (!row) throw new Error('sandbox intent insert left no open intent');
      return toIntent(row);
    },

    async retrieveIntent(id) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row && toIntent(row);
    },

    async cancelIntent(id) {
      await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(sandboxPaymentIntents.id, id), ne(sandboxPaymentIntents.status, 'succeeded')));
      return gateway.retrieveIntent(id);
    },

    // Nothing to send back: the refund is the order's, named after it, so asking twice names one refund.
    async refund({ orderId, paymentIntentId, amountCents }) {
      const intent = await gateway.retrieveIntent(paymentIntentId);
      const refundable =
        intent?.status === 'succeeded' && intent.orderId === orderId && intent.amountCents === amountCents;
      if (!refundable) throw new AppError('refundFailed');
      return { id: `re_sandbox_${orderId}` };
    },
  };

  return {
    ...gateway,
    async intentForSecret(clientSecret: string): Promise<PaymentIntent | undefined> {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      return row && toIntent(row);
    },

    /** The card form's submit: test cards decline as Stripe's do; a success is final. */
    async confirm(clientSecret: string, card: { cardNumber: string; expiry: string }): Promise<PaymentIntent> {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      if (!row) throw new AppError('paymentNotFound');
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status === 'canceled') throw new AppError('paymentCanceled');
      const [month = 0, year = 0] = card.expiry.split('/').map((part) => Number(part.trim()));
      const today = new Date();
      const expired =
        2000 + year < today.getFullYear() || (2000 + year === today.getFullYear() && month < today.getMonth() + 1);
      const failure = expired ? cardMessages.expired : DECLINED[card.cardNumber];
      // A declined card changes nothing: the intent stays payable, as Stripe's does.
      if (failure) throw new AppError('cardRefused', { message: failure });
      // Only a pending intent can succeed: one canceled meanwhile (its order deleted) stays canceled.
      const [paid] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(and(eq(sandboxPaymentIntents.id, row.id), eq(sandboxPaymentIntents.status, 'requires_payment_method')))
        .returning();
      if (paid) return toIntent(paid);
      const settled = await gateway.retrieveIntent(row.id);
      if (settled?.status === 'succeeded') return settled;
      throw new AppError('paymentCanceled');
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
