import { ORDER_STATUS_LABELS, type Order } from '../../../contract/index.js';
import type { MailStore } from '../messages.js';
import type { Email, Fact } from './blocks.js';
import { formatDay, formatMoney } from './format.js';
import {
  addressBlock,
  adminOrderLink,
  greeting,
  linesBlock,
  nameOf,
  orderPageLink,
  paymentLink,
} from './order-parts.js';

/** The facts that are known (a missing invoice number or time leaves its row out). */
const facts = (...rows: (Fact | false)[]) => ({ type: 'facts' as const, facts: rows.filter((row) => row !== false) });
const fact = (label: string, value: string | number | null | undefined): Fact | false =>
  value !== null && value !== undefined && value !== '' && { label, value: String(value) };

/** To the customer, as the order is placed; with the way to pay while it is unpaid. */
export function orderReceived(order: Order, store: MailStore): Email {
  const unpaid = order.status === 'unpaid';
  return {
    subject: `Order received: ${nameOf(order)}`,
    title: 'Thank you for your order',
    blocks: [
      greeting(order),
      {
        type: 'paragraph',
        text: unpaid
          ? `We have your order and keep its parts for you. It ships once it is paid.`
          : `We have your order and its payment.`,
      },
      facts(fact('Order', nameOf(order)), fact('Placed', formatDay(order.createdAt))),
      linesBlock(order, store),
      addressBlock(order),
      unpaid && paymentLink(order, store),
      orderPageLink(order, store),
    ],
  };
}

/** The store's copy of a new order: who ordered, what, and where it goes. */
export const orderReceivedStore = (order: Order, store: MailStore): Email => ({
  subject: `Order received: ${nameOf(order)} (store copy)`,
  title: `New order: ${nameOf(order)}`,
  blocks: [
    { type: 'paragraph', text: `This is the store's copy of an order placed on ${store.name}.` },
    facts(
      fact('Customer e-mail', order.email),
      fact('Phone', order.phoneNumber),
      fact('Status', ORDER_STATUS_LABELS[order.status]),
      fact('Placed', formatDay(order.createdAt)),
    ),
    linesBlock(order, store),
    addressBlock(order),
    adminOrderLink(order, store),
  ],
});

/** The receipt. */
export const paymentReceived = (order: Order, store: MailStore): Email => ({
  subject: `Payment received: ${nameOf(order)}`,
  title: 'Thank you for your payment',
  blocks: [
    greeting(order),
    { type: 'paragraph', text: 'We have received your payment. This e-mail is your receipt; we get the parts ready.' },
    facts(
      fact('Amount paid', formatMoney(order.price, store.currency)),
      fact('Transaction id', order.transactionId),
      fact('Invoice number', order.invoiceNumber),
      fact('Paid', formatDay(order.paidAt)),
    ),
    linesBlock(order, store),
    addressBlock(order),
    { type: 'paragraph', text: "Your invoice is ready to download from your order's page." },
    orderPageLink(order, store),
  ],
});

export const orderShipped = (order: Order, store: MailStore): Email => ({
  subject: `Your order has shipped: ${nameOf(order)}`,
  title: 'Your order has shipped',
  blocks: [
    greeting(order),
    { type: 'paragraph', text: 'Your parts are on their way.' },
    facts(fact('Carrier', order.carrier), fact('Tracking number', order.trackingNumber)),
    addressBlock(order, 'It goes to'),
    linesBlock(order, store),
    orderPageLink(order, store),
  ],
});

/** Cancelled before payment, or refunded in full (a paid order is refunded whole: server/orders/status.ts). */
export function orderCancelled(order: Order, store: MailStore): Email {
  const refunded = order.status === 'refunded';
  const amount = formatMoney(order.price, store.currency);
  return {
    subject: `${refunded ? 'Your order was cancelled and refunded' : 'Your order was cancelled'}: ${nameOf(order)}`,
    title: refunded ? 'Your order was cancelled and refunded' : 'Your order was cancelled',
    blocks: [
      greeting(order),
      {
        type: 'paragraph',
        text: refunded
          ? `Your order was cancelled and your payment of ${amount} was refunded in full to your original payment method.`
          : 'Your order was cancelled before it was paid: you have not been charged.',
      },
      refunded && facts(fact('Refunded', amount), fact('Transaction id', order.transactionId)),
      linesBlock(order, store),
      { type: 'paragraph', text: `If you did not expect this, write to us at ${store.contactEmail}.` },
      orderPageLink(order, store),
    ],
  };
}
