import { orderSchema } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { queueMail, type MailKind } from '../mail/messages.js';
import { readOrder } from './order-rows.js';

/** The e-mails about an order, each sent to its customer but the store's copy (to the store). */
export type OrderMailKind = Extract<
  MailKind,
  'order-received' | 'order-received-store' | 'payment-received' | 'order-shipped' | 'order-cancelled'
>;

/**
 * Queues e-mails about an order, in the caller's transaction, with the order as it stands in that
 * transaction (its lines, totals, status, carrier): what the e-mail says is what was just decided.
 */
export async function queueOrderMail(tx: Database, orderId: string, kinds: readonly OrderMailKind[]): Promise<void> {
  const order = await readOrder(tx, orderId);
  if (!order) throw new Error(`no order ${orderId} to write an e-mail about`);
  // The order as its customer sees it (the schema leaves out the owner's id and the payment's).
  const answer = orderSchema.parse(order);
  await queueMail(
    tx,
    kinds.map((kind) => ({
      kind,
      recipient: kind === 'order-received-store' ? null : order.email,
      data: { order: answer },
    })),
  );
}
