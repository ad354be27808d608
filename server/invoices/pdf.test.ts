import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_METHODS, type OrderLine } from '../../contract/index.js';
import { readPdf } from '../test/pdf-text.js';
import { renderInvoice, type InvoicedOrder, type InvoiceStore } from './pdf.js';

const STORE: InvoiceStore = {
  name: 'Brakehouse',
  contactEmail: 'sales@brakehouse.example',
  publicUrl: 'https://brakehouse.example',
  currency: 'USD',
  taxRate: 20,
  shippingMethods: DEFAULT_SHIPPING_METHODS,
};

const line = (n: number, overrides: Partial<OrderLine> = {}): OrderLine => ({
  productId: null,
  productName: `Part ${n}`,
  unitPrice: 10,
  quantity: 1,
  lineTotal: 10,
  ...overrides,
});

/** A paid checkout order of these lines, by express shipping (19.00), taxed at 20 %, invoice 42. */
function paidOrder(lines: OrderLine[], overrides: Partial<InvoicedOrder> = {}): InvoicedOrder {
  const subtotal = lines.reduce((sum, { lineTotal }) => sum + lineTotal, 0);
  const tax = Math.round((subtotal + 19) * 20) / 100;
  return {
    _id: '7f3c2a9e-1b2c-4d5e-8f90-1234567890ab',
    email: 'rider@example.com',
    productId: null,
    name: 'Part 1',
    productName: 'Part 1',
    unitPrice: 10,
    quantity: lines.length,
    price: subtotal + 19 + tax,
    phoneNumber: '+44 113 496 0000',
    address: '',
    paid: true,
    transactionId: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
    createdAt: '2026-11-22T10:00:00.000Z',
    status: 'paid',
    lines,
    subtotal,
    shippingMethod: 'express',
    shippingCost: 19,
    tax,
    shippingAddress: {
      fullName: 'Rider One',
      line1: '12 Apex Road',
      line2: '',
      city: 'Leeds',
      postalCode: 'LS1 4AP',
      country: 'GB',
    },
    carrier: null,
    trackingNumber: null,
    paidAt: '2026-11-22T23:59:59.000Z',
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refundedAt: null,
    invoiceNumber: 42,
    history: [],
    ...overrides,
  };
}

const linesOf = async (pdf: Buffer) => (await readPdf(pdf)).pages.map((page) => page.split('\n'));

describe('the invoice PDF', () => {
  it('when an order has more lines than a page holds, then they run on over pages, each with the table heading and its footer, the totals once at the end', async () => {
    const lines = Array.from({ length: 70 }, (_, index) => line(index + 1));
    const pages = await linesOf(await renderInvoice(paidOrder(lines), STORE));

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('Part Quantity Unit price Amount');
      expect(page).toContain(`Brakehouse · Invoice INV-000042 · Page ${index + 1} of ${pages.length}`);
    });
    const rows = pages.flat().filter((text) => / 1 \$10\.00 \$10\.00$/.test(text));
    expect(rows).toEqual(lines.map(({ productName }) => `${productName} 1 $10.00 $10.00`));
    expect(pages.flat().filter((text) => text.startsWith('Total '))).toEqual(['Total $862.80']);
    expect(pages.at(-1)).toContain('Total $862.80');
  });

  it('when the same order is rendered twice, then the bytes are the same, and its metadata names it, the store and the payment time', async () => {
    const order = paidOrder([line(1)]);
    const [first, second] = [await renderInvoice(order, STORE), await renderInvoice(order, STORE)];
    expect(Buffer.compare(first, second)).toBe(0);

    const { info } = await readPdf(first);
    expect(info).toMatchObject({
      Title: 'Invoice INV-000042',
      Author: 'Brakehouse',
      Subject: `Order ${order._id}`,
      CreationDate: 'D:20261122235959Z',
    });
  });

  it('when the payment was late in the day in UTC, then the invoice date is that UTC day', async () => {
    const [page] = await linesOf(await renderInvoice(paidOrder([line(1)]), STORE));
    expect(page).toContain('Invoice date November 22, 2026');
  });

  it('when text has characters the built-in fonts lack, then the PDF is still made: accents they lack are dropped, the rest reads as ?', async () => {
    const order = paidOrder([line(1, { productName: '刹车片 Brzdové destičky 🏍️ Łożysko\tfront' })], {
      shippingAddress: {
        fullName: 'Jiří Dvořák',
        line1: 'Náměstí Míru 1',
        line2: '',
        city: 'Brno',
        postalCode: '602 00',
        country: 'CZ',
      },
    });
    const [page = []] = await linesOf(await renderInvoice(order, STORE));
    expect(page).toContain('??? Brzdové desticky ? Lozysko front 1 $10.00 $10.00');
    expect(page).toContain('Jirí Dvorák');
    expect(page).toContain('Námestí Míru 1');
    expect(page).toContain('Czechia');
  });

  it.each([
    ['the store rate gives the tax charged', 20, 'Tax (20%) $5.80'],
    ['the rate changed since the order was paid', 21, 'Tax $5.80'],
  ])('when %s, then the tax line says so', async (_case, taxRate, taxLine) => {
    const [page] = await linesOf(await renderInvoice(paidOrder([line(1)]), { ...STORE, taxRate }));
    expect(page).toContain(taxLine);
  });

  it('when the currency has a symbol the fonts lack, then amounts carry its code', async () => {
    const [page] = await linesOf(await renderInvoice(paidOrder([line(1)]), { ...STORE, currency: 'INR' }));
    expect(page).toContain('Part 1 1 INR 10.00 INR 10.00');
    expect(page).toContain('All amounts in INR. Paid on November 22, 2026.');
  });

  it('when the currency is the euro, then amounts carry its sign, which the fonts have', async () => {
    const [page] = await linesOf(await renderInvoice(paidOrder([line(1)]), { ...STORE, currency: 'EUR' }));
    expect(page).toContain('Total €34.80');
  });
});
