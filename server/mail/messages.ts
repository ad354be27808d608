import type { Order, ShippingMethod } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

/**
 * The e-mails the store sends, and what each is made from. An e-mail is queued (`queueMail`) in the
 * transaction of the change that causes it, with what it will say taken at that moment, and sent
 * later by the outbox (outbox.ts): so none is lost when the mail server is away, and none is sent
 * for a change that rolled back.
 */
export interface MailData {
  /** To the customer: the order's lines and totals, and a link to pay it. */
  'order-received': { order: Order };
  /** The store's copy of a new order, to STORE_CONTACT_EMAIL. */
  'order-received-store': { order: Order };
  /** The receipt, with the payment's transaction id. */
  'payment-received': { order: Order };
  /** With the carrier and tracking number. */
  'order-shipped': { order: Order };
  /** Cancelled, or refunded when it had been paid (its status says which). */
  'order-cancelled': { order: Order };
  /**
   * The link to /reset-password with the identity library's one-hour token, and the name to greet
   * (empty for an address not verified yet: nothing anyone typed goes to it).
   */
  'password-reset': { name: string; token: string };
  /** The link to /verify-email with the identity library's token; nothing else, no name. */
  'verify-email': { token: string };
}

export type MailKind = keyof MailData;

export const MAIL_KINDS = [
  'order-received',
  'order-received-store',
  'payment-received',
  'order-shipped',
  'order-cancelled',
  'password-reset',
  'verify-email',
] as const satisfies readonly MailKind[];

/**
 * The e-mails that go to an address whether or not it is verified: each carries a link that only
 * its mailbox receives (so it proves the address) and no text anyone typed. Every other e-mail to
 * the address of an account waits until that account verifies it (outbox.ts).
 */
export const SENT_BEFORE_VERIFICATION = ['verify-email', 'password-reset'] as const satisfies readonly MailKind[];

/** One e-mail to send: its kind, to whom (null: the store's own address) and what it says. */
export type QueuedMail = {
  [Kind in MailKind]: { kind: Kind; recipient: string | null; data: MailData[Kind] };
}[MailKind];

/** Writes e-mails to the outbox, in the caller's transaction: they go out once it commits. */
export async function queueMail(tx: Database, mails: readonly QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(mails.map(({ kind, recipient, data }) => ({ kind, recipient, data })));
}

/** What an e-mail says, in plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What every e-mail says of the store: its name, its address on the web, its currency, how to reach it. */
export interface MailStore {
  name: string;
  /** PUBLIC_URL: every link in an e-mail starts with it. */
  publicUrl: string;
  currency: string;
  contactEmail: string;
  /** The checkout's methods, for their labels (a method no longer offered is named by its id). */
  shippingMethods: readonly ShippingMethod[];
}
