// @vitest-environment jsdom
// jsdom for DOMParser: the HTML part is read as a mail client reads it (its text, its links, its
// elements), not searched as a string.
import { describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../contract/index.js';
import { MAIL_KINDS, type MailKind, type MailStore, type QueuedMail, type RenderedMail } from './messages.js';
import { renderMail } from './templates.js';

const STORE: MailStore = {
  name: 'Brakehouse',
  publicUrl: 'https://shop.brakehouse.example',
  currency: 'USD',
  contactEmail: 'sales@brakehouse.example',
  shippingMethods: [{ id: 'express', label: 'Express (1-2 days)', price: 19, freeFrom: null }],
};
const ORDER_ID = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const ADDRESS = {
  fullName: 'Ada Lovelace',
  line1: '12 Piston Row',
  line2: 'Unit 4',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
};

/** A checkout order of two parts with shipping and tax, unpaid; each test says only what matters to it. */
function buildOrderAnswer(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    _id: ORDER_ID,
    email: 'ada@example.com',
    productId: 'p-1',
    name: 'Sintered brake pads and 1 more',
    productName: 'Sintered brake pads and 1 more',
    unitPrice: 24.5,
    quantity: 3,
    price: 129.48,
    phoneNumber: '+44 20 7946 0958',
    address: '',
    paid: false,
    transactionId: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    status: 'unpaid',
    lines: [
      { productId: 'p-1', productName: 'Sintered brake pads', unitPrice: 24.5, quantity: 2, lineTotal: 49 },
      { productId: 'p-2', productName: 'Braided brake line', unitPrice: 39.9, quantity: 1, lineTotal: 39.9 },
    ],
    subtotal: 88.9,
    shippingMethod: 'express',
    shippingCost: 19,
    tax: 21.58,
    shippingAddress: ADDRESS,
    carrier: null,
    trackingNumber: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refundedAt: null,
    invoiceNumber: null,
    history: [{ status: 'placed', at: '2025-03-04T10:00:00.000Z' }],
    ...overrides,
  });
}

const PAID = { status: 'paid', paid: true, transactionId: 'pi_3Nx9Receipt', invoiceNumber: 1042 } as const;

/** An Order Now order: one part, no shipping, the one-line address its form took. */
const orderNow = (overrides: Partial<Order> = {}) =>
  buildOrderAnswer({
    lines: [{ productId: 'p-3', productName: 'Brake lever', unitPrice: 45, quantity: 1, lineTotal: 45 }],
    subtotal: 45,
    price: 45,
    shippingMethod: null,
    shippingCost: 0,
    tax: 0,
    shippingAddress: null,
    address: '7 Clutch Lane, Leeds',
    ...overrides,
  });

const orderMail = (kind: Exclude<MailKind, 'password-reset' | 'verify-email'>, order: Order): QueuedMail => ({
  kind,
  recipient: kind === 'order-received-store' ? null : order.email,
  data: { order },
});
const render = (mail: QueuedMail, store = STORE) => renderMail(mail, store);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const parse = (mail: RenderedMail) => new DOMParser().parseFromString(mail.html, 'text/html');
/** What a reader of the HTML part sees, its spaces squashed. */
const htmlText = (mail: RenderedMail) => squash(parse(mail).body.textContent ?? '');
/** Whether both parts say `words`. */
function expectBothSay(mail: RenderedMail, ...words: string[]) {
  for (const word of words) {
    expect(squash(mail.text)).toContain(word);
    expect(htmlText(mail)).toContain(word);
  }
}
const hrefs = (mail: RenderedMail) => [...parse(mail).querySelectorAll('a')].map((link) => link.getAttribute('href'));
const textUrls = (mail: RenderedMail) => mail.text.match(/https?:\/\/\S+/g) ?? [];

const payLink = `${STORE.publicUrl}/dashboard/payment/${ORDER_ID}`;
const orderPage = `${STORE.publicUrl}/dashboard/myOrder/${ORDER_ID}`;
const adminPage = `${STORE.publicUrl}/dashboard/orders/${ORDER_ID}`;
const resetMail = (token: string, name = 'Ada'): QueuedMail => ({
  kind: 'password-reset',
  recipient: 'ada@example.com',
  data: { name, token },
});
const verifyMail = (token: string): QueuedMail => ({
  kind: 'verify-email',
  recipient: 'ada@example.com',
  data: { token },
});

/** One e-mail of every kind, for what every e-mail must do. */
const EVERY_KIND: Record<MailKind, QueuedMail> = {
  'order-received': orderMail('order-received', buildOrderAnswer()),
  'order-received-store': orderMail('order-received-store', buildOrderAnswer()),
  'payment-received': orderMail('payment-received', buildOrderAnswer(PAID)),
  'order-shipped': orderMail(
    'order-shipped',
    buildOrderAnswer({ ...PAID, status: 'shipped', carrier: 'DHL', trackingNumber: 'JD014600003828' }),
  ),
  'order-cancelled': orderMail('order-cancelled', buildOrderAnswer({ status: 'cancelled' })),
  'password-reset': resetMail('tok3n'),
  'verify-email': verifyMail('tok3n'),
};

const SUBJECT_WORDS: Record<MailKind, string> = {
  'order-received': 'Order received',
  'order-received-store': 'Order received',
  'payment-received': 'Payment received',
  'order-shipped': 'Your order has shipped',
  'order-cancelled': 'Your order was cancelled',
  'password-reset': 'Reset your password',
  'verify-email': 'Verify your e-mail',
};

describe('the e-mails (server/mail/templates.ts)', () => {
  it.each(MAIL_KINDS)('when the %s e-mail is rendered, then its subject says what it is', (kind) => {
    expect(render(EVERY_KIND[kind]).subject).toContain(SUBJECT_WORDS[kind]);
  });

  it.each(MAIL_KINDS)(
    "when the %s e-mail is rendered, then both parts carry the store's name and contact address",
    (kind) => {
      expectBothSay(render(EVERY_KIND[kind]), STORE.name, `Questions? Write to ${STORE.contactEmail}`);
    },
  );

  it.each(MAIL_KINDS)('when the %s e-mail is rendered, then every link of both parts is on PUBLIC_URL', (kind) => {
    const mail = render(EVERY_KIND[kind]);
    const links = [...hrefs(mail), ...textUrls(mail)];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link ?? '').origin).toBe(STORE.publicUrl);
  });

  it.each(MAIL_KINDS)('when the %s e-mail is rendered, then its HTML loads nothing and runs nothing', (kind) => {
    const document = parse(render(EVERY_KIND[kind]));
    expect(document.querySelectorAll('script, img, link, iframe, object, embed, style, form')).toHaveLength(0);
    expect(document.documentElement.outerHTML).not.toMatch(/url\(|@import|\bsrc=/i);
  });

  it('when an order is received, then both parts give its lines, totals, address and the links to pay and see it', () => {
    const mail = render(orderMail('order-received', buildOrderAnswer()));
    expectBothSay(mail, 'Sintered brake pads', 'Braided brake line', '$24.50', '$49.00', '$39.90', '$88.90');
    expectBothSay(mail, 'Shipping: Express (1-2 days)', '$19.00', 'Tax', '$21.58', 'Total', '$129.48');
    expectBothSay(mail, 'Ada Lovelace', '12 Piston Row', 'N1 9GU London', 'United Kingdom');
    expect(hrefs(mail)).toEqual(expect.arrayContaining([payLink, orderPage]));
    expect(textUrls(mail)).toEqual(expect.arrayContaining([payLink, orderPage]));
  });

  it("when the store no longer offers the order's shipping method, then the e-mail names it by its id", () => {
    const mail = render(orderMail('order-received', buildOrderAnswer()), { ...STORE, shippingMethods: [] });
    expectBothSay(mail, 'Shipping: express', '$19.00');
  });

  it('when the order is already paid as its e-mail is rendered, then no link asks to pay it', () => {
    const mail = render(orderMail('order-received', buildOrderAnswer(PAID)));
    expect([...hrefs(mail), ...textUrls(mail)]).not.toContain(payLink);
    expect(hrefs(mail)).toContain(orderPage);
  });

  it('when an Order Now order is received, then it gives its one-line address and no shipping or tax', () => {
    const mail = render(orderMail('order-received', orderNow()));
    expectBothSay(mail, 'Brake lever', '7 Clutch Lane, Leeds', '$45.00');
    expect(mail.text).not.toMatch(/Shipping \(|Tax/);
    expect(htmlText(mail)).not.toMatch(/Shipping \(|Tax/);
  });

  it("when the store's copy is rendered, then it says so and gives the customer, the lines and the admin page", () => {
    const mail = render(orderMail('order-received-store', buildOrderAnswer()));
    expect(mail.subject).toBe('Order received: Sintered brake pads and 1 more (store copy)');
    expectBothSay(mail, 'ada@example.com', '+44 20 7946 0958', 'Braided brake line', '$129.48', '12 Piston Row');
    expect(hrefs(mail)).toEqual([`${STORE.publicUrl}/`, adminPage, `${STORE.publicUrl}/`]);
  });

  it('when a payment is received, then the receipt gives the amount, transaction id, invoice number and order page', () => {
    const mail = render(orderMail('payment-received', buildOrderAnswer(PAID)));
    expectBothSay(mail, 'Amount paid', '$129.48', 'pi_3Nx9Receipt', 'Invoice number', '1042', 'Sintered brake pads');
    expect(hrefs(mail)).toContain(orderPage);
    expect([...hrefs(mail), ...textUrls(mail)]).not.toContain(payLink);
  });

  it('when an order ships, then both parts give its carrier, tracking number, address and lines', () => {
    const mail = render(EVERY_KIND['order-shipped']);
    expectBothSay(mail, 'DHL', 'JD014600003828', '12 Piston Row', 'Sintered brake pads', 'Braided brake line');
  });

  it('when an unpaid order is cancelled, then it says so and that nothing was charged', () => {
    const mail = render(orderMail('order-cancelled', buildOrderAnswer({ status: 'cancelled' })));
    expect(mail.subject).not.toContain('refunded');
    expectBothSay(mail, 'you have not been charged');
  });

  it('when a paid order is refunded, then it says the payment was refunded in full, with the amount', () => {
    const mail = render(orderMail('order-cancelled', buildOrderAnswer({ ...PAID, status: 'refunded' })));
    expect(mail.subject).toContain('Your order was cancelled and refunded');
    expectBothSay(mail, 'your payment of $129.48 was refunded in full');
  });

  it("when the store's currency is the euro, then money is written in euros", () => {
    expectBothSay(render(EVERY_KIND['order-received'], { ...STORE, currency: 'EUR' }), '€129.48');
  });

  it('when a password reset is asked for, then it greets the user and links to the page with the token URL-encoded', () => {
    const token = 'a+b/c=d&e f';
    const mail = render(resetMail(token));
    const link = `${STORE.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    expect(hrefs(mail)).toContain(link);
    expect(textUrls(mail)).toContain(link);
    expect(new URL(link).searchParams.get('token')).toBe(token);
    expectBothSay(
      mail,
      'Hello Ada,',
      'one hour',
      'If you did not ask, ignore this e-mail: your password stays as it is.',
    );
  });

  it('when an address is to be verified, then the e-mail greets no one by name and links to the page with the token URL-encoded, for 24 hours', () => {
    const token = 'eyJ.a+b/c=d';
    const mail = render(verifyMail(token));
    const link = `${STORE.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    expect(mail.subject).toBe('Verify your e-mail at Brakehouse');
    expect(hrefs(mail)).toContain(link);
    expect(textUrls(mail)).toContain(link);
    expect(new URL(link).searchParams.get('token')).toBe(token);
    expectBothSay(mail, 'Hello,', 'within 24 hours', 'If it was not you, ignore this e-mail');
  });

  it('when a reset link goes to an address not verified yet (no name queued), then it greets no one by name', () => {
    expectBothSay(render(resetMail('t', '')), 'Hello,');
    expect(squash(render(resetMail('t', '')).text)).not.toMatch(/Hello [^,]/);
  });

  describe('with what customers and admins wrote', () => {
    const hostile = {
      part: '<script>alert("part")</script>',
      name: '<img src=x onerror=alert(1)>',
      street: '"><b>&amp; Street</b>',
      carrier: "<a href='https://evil.example'>Carrier</a>",
    };
    const hostileOrder = buildOrderAnswer({
      ...PAID,
      status: 'shipped',
      lines: [{ productId: 'p-1', productName: hostile.part, unitPrice: 10, quantity: 1, lineTotal: 10 }],
      shippingAddress: { ...ADDRESS, fullName: hostile.name, line1: hostile.street },
      carrier: hostile.carrier,
      trackingNumber: '<i>1Z999</i>',
    });
    const kinds = ['order-received', 'order-received-store', 'payment-received', 'order-shipped'] as const;

    it.each(kinds)(
      'when it is in the %s e-mail, then the HTML shows it as text and the text part as written',
      (kind) => {
        const mail = render(orderMail(kind, hostileOrder));
        expect(mail.html).not.toMatch(/<script|<img|<b>|<i>|<a href='/i);
        expect(parse(mail).querySelectorAll('script, img, b, i, [onerror]')).toHaveLength(0);
        for (const link of hrefs(mail)) expect(new URL(link ?? '').origin).toBe(STORE.publicUrl);
        expectBothSay(mail, hostile.part, hostile.name, hostile.street);
        if (kind === 'order-shipped') expectBothSay(mail, hostile.carrier, '<i>1Z999</i>');
      },
    );

    it('when a name is hostile in a password reset, then the HTML shows it as text', () => {
      const mail = render(resetMail('t', hostile.name));
      expect(mail.html).not.toMatch(/<img/i);
      expect(parse(mail).querySelectorAll('img, [onerror]')).toHaveLength(0);
      expectBothSay(mail, `Hello ${hostile.name},`);
    });

    it('when a part name carries line breaks, then no subject does', () => {
      const part = 'Pads\r\nBcc: victim@example.com\nX-Spam: 1\u2028';
      const order = buildOrderAnswer({
        lines: [{ productId: 'p-1', productName: part, unitPrice: 10, quantity: 1, lineTotal: 10 }],
      });
      for (const kind of kinds) {
        const { subject } = render(orderMail(kind, order));
        expect(subject).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(subject).toContain('Pads Bcc: victim@example.com X-Spam: 1');
      }
    });
  });
});
