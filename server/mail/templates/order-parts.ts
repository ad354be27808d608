import { orderName, pagePaths, shippingLineLabel, type Order } from '../../../contract/index.js';
import type { MailStore } from '../messages.js';
import { storeLink, type Block, type Fact } from './blocks.js';
import { countryName, formatMoney } from './format.js';

/** The order as its customer knows it: `<first part> and N more`. */
export const nameOf = (order: Order): string => orderName(order.lines) || order.name;

/** The lines and what they came to; the shipping method by its label when the store still offers it. */
export function linesBlock(order: Order, store: MailStore): Block {
  const money = (amount: number) => formatMoney(amount, store.currency);
  const totals: Fact[] = [{ label: 'Subtotal', value: money(order.subtotal) }];
  // An Order Now order has no shipping at all: nothing to say of it.
  if (order.shippingMethod !== null) {
    totals.push({
      label: shippingLineLabel(order.shippingMethod, store.shippingMethods),
      value: money(order.shippingCost),
    });
  }
  if (order.tax !== 0) totals.push({ label: 'Tax', value: money(order.tax) });
  totals.push({ label: 'Total', value: money(order.price), strong: true });
  return {
    type: 'lines',
    lines: order.lines.map((line) => ({
      name: line.productName,
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      total: money(line.lineTotal),
    })),
    totals,
  };
}

/** Where the order goes: the checkout's address, or the one line an Order Now order was given. */
export function addressBlock(order: Order, title = 'Shipping address'): Block {
  const address = order.shippingAddress;
  const lines = address
    ? [
        address.fullName,
        address.line1,
        address.line2,
        `${address.postalCode} ${address.city}`,
        countryName(address.country),
      ]
    : [order.address || 'No address given.'];
  if (order.phoneNumber) lines.push(`Phone: ${order.phoneNumber}`);
  return { type: 'address', title, lines: lines.filter((line) => line.trim() !== '') };
}

/** The customer's own page of the order: its lines, history and invoice. */
export const orderPageLink = (order: Order, store: MailStore): Block => ({
  type: 'link',
  label: 'See your order',
  href: storeLink(store, pagePaths.orderDetails(order._id)),
});

/** Where the customer pays an unpaid order. */
export const paymentLink = (order: Order, store: MailStore): Block => ({
  type: 'button',
  label: `Pay ${formatMoney(order.price, store.currency)} now`,
  href: storeLink(store, pagePaths.payment(order._id)),
});

/** The order page the store works from: ship, cancel, refund. */
export const adminOrderLink = (order: Order, store: MailStore): Block => ({
  type: 'link',
  label: 'Open the order in the dashboard',
  href: storeLink(store, pagePaths.adminOrder(order._id)),
});

/** "Hello Ada," when the order names its customer (a checkout address does); none otherwise. */
export const greeting = (order: Order): Block | undefined =>
  order.shippingAddress?.fullName ? { type: 'paragraph', text: `Hello ${order.shippingAddress.fullName},` } : undefined;
