import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/index.js';
import { formatInvoiceNumber } from '../../contract/invoices.js';
import { adminMove, checkout, orderNow } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { pdfText } from '../test/pdf-text.js';
import { payInSandbox } from '../test/requests.js';

const ADMIN = 'invoices-admin@discandpad.example';
const STORE = {
  STORE_NAME: 'Disc & Pad Co',
  STORE_CONTACT_EMAIL: 'billing@discandpad.example',
  // The browser's origin of the test accounts' sign-ups, which the identity library checks.
  PUBLIC_URL: TEST_ORIGIN,
  STORE_TAX_RATE: '20',
};

/** A date as the invoice writes it. */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

describe("a paid order's invoice (GET /api/myOrder/{id}/invoice.pdf)", () => {
  let t: TestApp;
  let rider: Awaited<ReturnType<typeof signUpWithToken>>;
  let otherRider: Awaited<ReturnType<typeof signUpWithToken>>;
  let admin: Awaited<ReturnType<typeof adminWithToken>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, ...STORE } });
    [rider, otherRider, admin] = await Promise.all([
      signUpWithToken(t.app),
      signUpWithToken(t.app),
      adminWithToken(t.app, ADMIN),
    ]);
  });
  afterAll(() => t.close());

  const invoiceOf = (id: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/myOrder/${id}/invoice.pdf`, ...(token && { headers: bearer(token) }) });
  const part = (overrides: Parameters<typeof buildProduct>[1] = {}) =>
    buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: 50, ...overrides });
  const seenByRider = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/myOrder/${id}`, headers: bearer(rider.token) })).json<Order>();

  /** Two parts through the cart and checkout (to Rider One in Leeds, standard shipping), paid. */
  async function paidCheckoutOrder(names = ['Sintered front pads', 'Wave disc 320 mm']) {
    const [pads, disc] = await Promise.all([
      part({ name: names[0], priceCents: 3410 }),
      part({ name: names[1], priceCents: 12_950 }),
    ]);
    const placed = await checkout(t.app, rider.token, [
      { productId: pads._id, quantity: 2 },
      { productId: disc._id, quantity: 1 },
    ]);
    await payInSandbox(t.app, rider.token, placed._id);
    return seenByRider(placed._id);
  }

  it("when the owner asks for a paid order's invoice, then it is a PDF with its number, dates, seller, buyer, lines, tax and total", async () => {
    const order = await paidCheckoutOrder();
    expect(order.invoiceNumber).toEqual(expect.any(Number));
    if (order.invoiceNumber === null || order.paidAt === null) throw new Error('the order was not paid');

    const response = await invoiceOf(order._id, rider.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="invoice-${formatInvoiceNumber(order.invoiceNumber)}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    const lines = text.split('\n');
    expect(lines).toContain('Invoice');
    expect(lines).toContain(`Invoice number ${formatInvoiceNumber(order.invoiceNumber)}`);
    expect(lines).toContain(`Invoice date ${longDate(order.paidAt)}`);
    expect(lines).toContain(`Order ${order._id}`);
    expect(lines).toContain(`Order date ${longDate(order.createdAt)}`);
    expect(lines).toContain(`Transaction ${order.transactionId}`);
    // The seller: the store's settings.
    expect(lines.slice(0, 3)).toEqual(['Disc & Pad Co', 'billing@discandpad.example', TEST_ORIGIN]);
    // The buyer: the checkout's address, e-mail and phone.
    const billTo = lines.indexOf('Bill to');
    expect(lines.slice(billTo + 1, billTo + 7)).toEqual([
      'Rider One',
      '12 Apex Road',
      'LS1 4AP Leeds',
      'United Kingdom',
      rider.email,
      '555 0100',
    ]);
    // Each line: part, quantity, unit price, amount.
    expect(lines).toContain('Part Quantity Unit price Amount');
    expect(lines).toContain('Sintered front pads 2 $34.10 $68.20');
    expect(lines).toContain('Wave disc 320 mm 1 $129.50 $129.50');
    // 197.70 of goods: standard shipping is free from 150; 20 % tax.
    expect(order).toMatchObject({ subtotal: 197.7, shippingCost: 0, tax: 39.54, price: 237.24 });
    expect(lines).toContain('Subtotal $197.70');
    expect(lines).toContain('Shipping: Standard delivery (3-5 working days) $0.00');
    expect(lines).toContain('Tax (20%) $39.54');
    expect(lines).toContain('Total $237.24');
    expect(text).toContain(`All amounts in USD. Paid on ${longDate(order.paidAt)}.`);
    expect(text).toContain(`Disc & Pad Co · Invoice ${formatInvoiceNumber(order.invoiceNumber)} · Page 1 of 1`);
  });

  it("when an admin asks for a customer's invoice, then it is the same document, to the byte", async () => {
    const order = await paidCheckoutOrder();
    const [owners, admins] = [await invoiceOf(order._id, rider.token), await invoiceOf(order._id, admin.token)];
    expect(admins.statusCode).toBe(200);
    expect(admins.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(admins.rawPayload, owners.rawPayload)).toBe(0);
  });

  it('when another customer asks for it, then 403 and no PDF', async () => {
    const order = await paidCheckoutOrder();
    const response = await invoiceOf(order._id, otherRider.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'NOT_YOUR_ORDER' });
  });

  it('when nobody is signed in, then 401', async () => {
    const order = await paidCheckoutOrder();
    const response = await invoiceOf(order._id);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
  });

  it('when the order is not paid, then 409 and no number was given', async () => {
    const { _id: productId } = await part();
    const order = await orderNow(t.app, rider.token, productId, 1);
    for (const token of [rider.token, admin.token]) {
      const response = await invoiceOf(order._id, token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'INVOICE_NOT_ISSUED',
        message: 'This order has no invoice until it is paid',
      });
    }
    expect((await seenByRider(order._id)).invoiceNumber).toBeNull();
  });

  it('when the order does not exist, then 404; when the id is not one, then 400', async () => {
    const unknown = await invoiceOf(randomUUID(), rider.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const malformed = await invoiceOf('not-an-id', rider.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('when a part is named like PDF syntax or markup, then the invoice shows the name as text', async () => {
    // Short enough to stay on one line of the table.
    const hostile = 'Pads) Tj (pwned) Tj <b onload=x> \\ %%EOF';
    const order = await paidCheckoutOrder([hostile, 'Wave disc 320 mm']);
    const response = await invoiceOf(order._id, rider.token);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text.split('\n')).toContain(`${hostile} 2 $34.10 $68.20`);
    expect(text).not.toMatch(/^pwned$/m);
  });

  it('when an Order Now order with an address in Chinese is paid, then its invoice is made, the letters it cannot draw read as ?, and its tax is 0%', async () => {
    const { _id: productId } = await part({ name: 'Brake lever Ø 8 – Ducati', priceCents: 2500 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/myOrder',
      headers: bearer(rider.token),
      payload: { productId, quantity: 2, phoneNumber: '555 0199', address: '上海市 5 Brake Lane, Łódź' },
    });
    expect(placed.statusCode).toBe(200);
    const { _id: id } = placed.json<Order>();
    await payInSandbox(t.app, rider.token, id);

    const response = await invoiceOf(id, rider.token);
    expect(response.statusCode).toBe(200);
    const lines = (await pdfText(response.rawPayload)).split('\n');
    const billTo = lines.indexOf('Bill to');
    expect(lines.slice(billTo + 1, billTo + 4)).toEqual(['??? 5 Brake Lane, Lódz', rider.email, '555 0199']);
    expect(lines).toContain('Brake lever Ø 8 – Ducati 2 $25.00 $50.00');
    expect(lines).toContain('Shipping $0.00');
    expect(lines).toContain('Tax (0%) $0.00');
    expect(lines).toContain('Total $50.00');
  });

  it('when a paid order is refunded, then it keeps its invoice and its number', async () => {
    const order = await paidCheckoutOrder();
    const before = await invoiceOf(order._id, rider.token);
    expect((await adminMove(t.app, admin.token, order._id, 'cancel')).statusCode).toBe(200);

    const refunded = await seenByRider(order._id);
    expect(refunded).toMatchObject({ status: 'refunded', invoiceNumber: order.invoiceNumber });
    const after = await invoiceOf(order._id, rider.token);
    expect(after.statusCode).toBe(200);
    expect(Buffer.compare(after.rawPayload, before.rawPayload)).toBe(0);
  });
});
