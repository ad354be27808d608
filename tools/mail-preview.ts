// `npm run mail:preview`: every e-mail the store sends, rendered by the server's own templates from
// sample orders, as .html and .txt files under dist/mail-preview/ with an index.html to open them
// by. The store's name, address, currency and PUBLIC_URL come from the environment, as the server
// reads them. Nothing is sent.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_SHIPPING_METHODS,
  fromCents,
  lineTotalCents,
  orderName,
  orderTotals,
  totalsInUnits,
  type Order,
  type OrderLine,
} from '../contract/index.js';
import { loadConfig } from '../server/config.js';
import type { MailStore, QueuedMail } from '../server/mail/messages.js';
import { renderMail } from '../server/mail/templates.js';
import { html } from '../server/mail/templates/html.js';

const OUT = fileURLToPath(new URL('../dist/mail-preview/', import.meta.url));
const TAX_RATE_PERCENT = 20;
const PLACED = '2025-03-04T09:41:00.000Z';

const ADDRESS = {
  fullName: 'Ada Lovelace',
  line1: '12 Piston Row',
  line2: 'Unit 4',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
};

const line = (productName: string, unitPrice: number, quantity: number): OrderLine => ({
  productId: null,
  productName,
  unitPrice,
  quantity,
  lineTotal: fromCents(lineTotalCents(unitPrice, quantity)),
});

/** An order as the API answers it, its totals made by the checkout's own sum. */
function sampleOrder(lines: OrderLine[], shippingMethod: string | null, overrides: Partial<Order> = {}): Order {
  const method = DEFAULT_SHIPPING_METHODS.find(({ id }) => id === shippingMethod);
  const totals = totalsInUnits(orderTotals(lines, method, shippingMethod ? TAX_RATE_PERCENT : 0));
  const first = lines[0] ?? line('Brake part', 10, 1);
  return {
    _id: '0f6d3c2a-9b8e-4d71-a5c4-3e2f1b0a9d8c',
    email: 'ada.lovelace@example.com',
    productId: null,
    name: orderName(lines),
    productName: orderName(lines),
    unitPrice: first.unitPrice,
    quantity: lines.reduce((sum, { quantity }) => sum + quantity, 0),
    price: totals.total,
    phoneNumber: '+44 20 7946 0958',
    address: '',
    paid: false,
    transactionId: null,
    createdAt: PLACED,
    status: 'unpaid',
    lines,
    subtotal: totals.subtotal,
    shippingMethod,
    shippingCost: totals.shippingCost,
    tax: totals.tax,
    shippingAddress: shippingMethod ? ADDRESS : null,
    carrier: null,
    trackingNumber: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refundedAt: null,
    invoiceNumber: null,
    history: [{ status: 'placed', at: PLACED }],
    ...overrides,
  };
}

const checkout = sampleOrder(
  [
    line('Sintered brake pads, front (HH)', 42.9, 2),
    line('Braided stainless brake line kit', 89.5, 1),
    line('DOT 4 brake fluid, 500 ml', 11.25, 2),
  ],
  'express',
);
const orderNow = sampleOrder([line('Wave brake disc 320 mm', 159, 1)], null, {
  address: '7 Clutch Lane, Leeds LS1 4AP',
});
const paid = {
  status: 'paid',
  paid: true,
  transactionId: 'pi_3PqR8sLkd92',
  paidAt: PLACED,
  invoiceNumber: 1042,
} as const;
const hostile = sampleOrder([line('<script>alert("pads")</script> & more', 19.99, 3)], 'standard', {
  shippingAddress: { ...ADDRESS, fullName: '<b>&"quotes"</b>', line2: '<img src=x onerror=alert(1)>' },
});

const order = (kind: Exclude<QueuedMail['kind'], 'password-reset' | 'verify-email'>, about: Order): QueuedMail => ({
  kind,
  recipient: kind === 'order-received-store' ? null : about.email,
  data: { order: about },
});

/** Each preview: its file name and the e-mail. */
const PREVIEWS: [string, QueuedMail][] = [
  ['order-received', order('order-received', checkout)],
  ['order-received-order-now', order('order-received', orderNow)],
  ['order-received-store', order('order-received-store', checkout)],
  ['order-received-store-order-now', order('order-received-store', orderNow)],
  ['payment-received', order('payment-received', { ...checkout, ...paid })],
  [
    'order-shipped',
    order('order-shipped', {
      ...checkout,
      ...paid,
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600003828',
    }),
  ],
  ['order-cancelled', order('order-cancelled', { ...orderNow, status: 'cancelled' })],
  ['order-cancelled-refunded', order('order-cancelled', { ...checkout, ...paid, status: 'refunded' })],
  ['escaping-order-received', order('order-received', hostile)],
  [
    'escaping-order-shipped',
    order('order-shipped', {
      ...hostile,
      ...paid,
      status: 'shipped',
      carrier: '<i>Carrier</i>',
      trackingNumber: '"><b>1Z</b>',
    }),
  ],
  [
    'password-reset',
    { kind: 'password-reset', recipient: 'ada@example.com', data: { name: 'Ada Lovelace', token: 'Xy7+/k=9&z' } },
  ],
  [
    'escaping-password-reset',
    { kind: 'password-reset', recipient: 'x@example.com', data: { name: '<b>&"quotes"</b>', token: 't' } },
  ],
  ['verify-email', { kind: 'verify-email', recipient: 'ada@example.com', data: { token: 'eyJhbGciOi.J9+/=' } }],
];

function main() {
  const config = loadConfig();
  const store: MailStore = {
    name: config.store.name,
    publicUrl: config.publicUrl,
    currency: config.store.currency,
    contactEmail: config.store.contactEmail,
    shippingMethods: config.shippingMethods,
  };
  // Only this tool's own folder: a preview of an e-mail that no longer exists must not linger.
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const entries = PREVIEWS.map(([file, mail]) => {
    const { subject, text, html: body } = renderMail(mail, store);
    writeFileSync(path.join(OUT, `${file}.html`), body);
    writeFileSync(path.join(OUT, `${file}.txt`), text);
    return html`<li><a href="${file}.html">${file}</a> (<a href="${file}.txt">text</a>): ${subject}</li>`;
  });
  const index = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${store.name}: e-mail previews</title>
      </head>
      <body style="font-family: sans-serif; max-width: 60rem; margin: 2rem auto; line-height: 1.6;">
        <h1>${store.name}: e-mail previews</h1>
        <p>Rendered by server/mail/templates.ts for ${store.publicUrl}, in ${store.currency}.</p>
        <ul>
          ${entries}
        </ul>
      </body>
    </html> `;
  writeFileSync(path.join(OUT, 'index.html'), index.value);
  for (const [file] of PREVIEWS) console.log(path.join(OUT, `${file}.html`));
  console.log(`\nOpen ${path.join(OUT, 'index.html')}`);
}

main();
