import { orderTotals, shippingLineLabel, toCents, type Order, type ShippingMethod } from '../../contract/index.js';
import { formatInvoiceNumber } from '../../contract/invoices.js';
import { drawableText } from './drawable-text.js';

/** What the invoice says of the seller and how it counts: the store's settings. */
export interface InvoiceStore {
  name: string;
  contactEmail: string;
  /** PUBLIC_URL. */
  publicUrl: string;
  currency: string;
  /** STORE_TAX_RATE: percent on goods and shipping. */
  taxRate: number;
  /** To name the order's shipping method. */
  shippingMethods: readonly ShippingMethod[];
}

/** An order with an invoice: a paid one (its number is given with the payment, never before). */
export type InvoicedOrder = Order & { invoiceNumber: number; paidAt: string };

export const isInvoiced = (order: Order): order is InvoicedOrder =>
  order.invoiceNumber !== null && order.paidAt !== null;

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';

interface TextStyle {
  width: number;
  align?: Align;
  bold?: boolean;
  size?: number;
  color?: string;
}

// A4 in points, and where things go on it.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
/** Content stops here; the footer (store, number, page) sits below. */
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 16;
const FOOTER_Y = PAGE_HEIGHT - MARGIN + 8;
const TEXT_SIZE = 9.5;
const ROW_GAP = 7;

const INK = '#1a1a1a';
const MUTED = '#5c5c5c';
const RULE = '#c8c8c8';

const COLUMNS = [
  { heading: 'Part', x: MARGIN, width: 245, align: 'left' },
  { heading: 'Quantity', x: 300, width: 55, align: 'right' },
  { heading: 'Unit price', x: 360, width: 85, align: 'right' },
  { heading: 'Amount', x: 450, width: RIGHT - 450, align: 'right' },
] as const satisfies readonly { heading: string; x: number; width: number; align: Align }[];

/** The invoice's dates are the day in UTC, so the same order reads the same wherever the server runs. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dateOf = (iso: string) => DATE_FORMAT.format(new Date(iso));

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return REGION_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Amounts as the web app shows them ($1,234.50); a currency whose symbol the built-in fonts cannot
 * draw (₹, ₩) is written by its code instead (INR 1,234.50).
 */
function moneyFormat(currency: string): (amount: number) => string {
  const bySymbol = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const sample = bySymbol.format(1234.5);
  const format =
    drawableText(sample) === sample
      ? bySymbol
      : new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' });
  return (amount) => format.format(amount);
}

/**
 * "Tax (20%)" when the store's rate gives the tax this order was charged (the contract's one sum);
 * an order charged none (an Order Now order) says 0%, and one charged at a rate that has changed
 * since names no rate rather than a wrong one.
 */
function taxLabel(order: Order, taxRate: number): string {
  const asCharged: ShippingMethod = { id: 'as-charged', label: '', price: order.shippingCost, freeFrom: null };
  if (orderTotals(order.lines, asCharged, taxRate).taxCents === toCents(order.tax)) return `Tax (${taxRate}%)`;
  return order.tax === 0 ? 'Tax (0%)' : 'Tax';
}

/** Who the invoice is made out to: the checkout's address, or the one line an Order Now order took. */
function buyerLines(order: Order): string[] {
  const address = order.shippingAddress;
  const where = address
    ? [
        address.fullName,
        address.line1,
        address.line2,
        `${address.postalCode} ${address.city}`,
        countryName(address.country),
      ]
    : [order.address || 'No address given'];
  return [...where, order.email, order.phoneNumber].filter((line) => line.trim() !== '');
}

/** Every text goes through here: only characters the standard fonts can draw (drawable-text.ts). */
function write(doc: Doc, text: string, x: number, y: number, style: TextStyle): void {
  doc
    .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(style.size ?? TEXT_SIZE)
    .fillColor(style.color ?? INK)
    .text(drawableText(text), x, y, { width: style.width, align: style.align ?? 'left' });
}

function heightOf(doc: Doc, text: string, style: TextStyle): number {
  doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size ?? TEXT_SIZE);
  return doc.heightOfString(drawableText(text), { width: style.width });
}

/** Writes `text` and answers where the next line may start. */
function writeLine(doc: Doc, text: string, x: number, y: number, style: TextStyle): number {
  write(doc, text, x, y, style);
  return y + heightOf(doc, text, style) + 2;
}

function rule(doc: Doc, y: number, color = RULE): void {
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(color).stroke();
}

/** The seller, the heading, the invoice's facts and the buyer; answers where they end. */
function drawHeading(doc: Doc, order: InvoicedOrder, store: InvoiceStore): number {
  let seller = writeLine(doc, store.name, MARGIN, MARGIN, { width: 290, bold: true, size: 16 });
  for (const line of [store.contactEmail, store.publicUrl])
    seller = writeLine(doc, line, MARGIN, seller + 1, { width: 290, color: MUTED, size: 9 });
  write(doc, 'Invoice', RIGHT - 200, MARGIN - 4, { width: 200, align: 'right', bold: true, size: 26 });

  const top = Math.max(seller, MARGIN + 34) + 26;
  const facts: [string, string][] = [
    ['Invoice number', formatInvoiceNumber(order.invoiceNumber)],
    ['Invoice date', dateOf(order.paidAt)],
    ['Order', order._id],
    ['Order date', dateOf(order.createdAt)],
    ...(order.transactionId ? [['Transaction', order.transactionId] as [string, string]] : []),
  ];
  let left = top;
  for (const [label, value] of facts) {
    write(doc, label, MARGIN, left, { width: 80, color: MUTED, size: 9 });
    left = writeLine(doc, value, MARGIN + 82, left, { width: 200 }) + 2;
  }

  let right = writeLine(doc, 'Bill to', 350, top, { width: RIGHT - 350, bold: true, color: MUTED, size: 9 });
  for (const line of buyerLines(order)) right = writeLine(doc, line, 350, right, { width: RIGHT - 350 });
  return Math.max(left, right);
}

function drawTableHeading(doc: Doc, top: number): number {
  for (const column of COLUMNS)
    write(doc, column.heading, column.x, top, {
      width: column.width,
      align: column.align,
      bold: true,
      color: MUTED,
      size: 9,
    });
  rule(doc, top + 14, MUTED);
  return top + 22;
}

/** The order's lines, one row each, on as many pages as they take (the heading again on each). */
function drawLines(doc: Doc, order: Order, money: (amount: number) => string, top: number): number {
  let y = drawTableHeading(doc, top);
  for (const line of order.lines) {
    const texts = [
      line.productName,
      line.quantity.toLocaleString('en-US'),
      money(line.unitPrice),
      money(line.lineTotal),
    ];
    const cells = COLUMNS.map((column, index) => ({ column, text: texts[index] ?? '' }));
    const height = Math.max(...cells.map(({ column, text }) => heightOf(doc, text, column)));
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      y = drawTableHeading(doc, MARGIN);
    }
    for (const { column, text } of cells) write(doc, text, column.x, y, { width: column.width, align: column.align });
    y += height + ROW_GAP;
    rule(doc, y - ROW_GAP / 2);
  }
  return y;
}

/** Subtotal, shipping, tax and total, kept together on one page, and the currency. */
function drawTotals(
  doc: Doc,
  order: InvoicedOrder,
  store: InvoiceStore,
  money: (amount: number) => string,
  top: number,
): void {
  const labels = { x: MARGIN, width: 440 - MARGIN, align: 'right' } as const;
  const amounts = { x: 450, width: RIGHT - 450, align: 'right' } as const;
  const rows: [string, number][] = [
    ['Subtotal', order.subtotal],
    [shippingLineLabel(order.shippingMethod, store.shippingMethods), order.shippingCost],
    [taxLabel(order, store.taxRate), order.tax],
  ];
  const note = `All amounts in ${store.currency}. Paid on ${dateOf(order.paidAt)}.`;
  const needed = rows.length * 16 + 24 + 40;
  let y = top;
  if (y + needed > CONTENT_BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  for (const [label, amount] of rows) {
    write(doc, label, labels.x, y, labels);
    y = writeLine(doc, money(amount), amounts.x, y, amounts) + 4;
  }
  doc
    .moveTo(amounts.x - 120, y)
    .lineTo(RIGHT, y)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();
  y += 6;
  write(doc, 'Total', labels.x, y, { ...labels, bold: true, size: 11 });
  y = writeLine(doc, money(order.price), amounts.x, y, { ...amounts, bold: true, size: 11 }) + 18;
  write(doc, note, MARGIN, y, { width: CONTENT_WIDTH, color: MUTED, size: 9 });
}

/** Each page's footer: the store, the number, the page; written below the bottom margin on purpose. */
function drawFooters(doc: Doc, store: InvoiceStore, number: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const { bottom } = doc.page.margins;
    // pdfkit starts a new page for text below the margin: lift it while the footer is written.
    doc.page.margins.bottom = 0;
    write(doc, `${store.name} · Invoice ${number} · Page ${index - start + 1} of ${count}`, MARGIN, FOOTER_Y, {
      width: CONTENT_WIDTH,
      align: 'center',
      color: MUTED,
      size: 8,
    });
    doc.page.margins.bottom = bottom;
  }
}

function bytesOf(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * A paid order's invoice as an A4 PDF, in pdfkit's built-in Helvetica (the store ships no font
 * files): the seller, the invoice's number and date, the order, the buyer, a row per line (more
 * pages when they do not fit one), and the totals. Its creation date is the payment's time, so one
 * order gives the same bytes every time (while the store's settings stay the same).
 */
export async function renderInvoice(order: InvoicedOrder, store: InvoiceStore): Promise<Buffer> {
  // Loaded with the first invoice: some 190 ms of the store's start otherwise, on a slow machine.
  const { default: PDFDocument } = await import('pdfkit');
  const number = formatInvoiceNumber(order.invoiceNumber);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Invoice ${number}`,
      Author: store.name,
      Subject: `Order ${order._id}`,
      Creator: store.name,
      CreationDate: new Date(order.paidAt),
    },
  });
  const bytes = bytesOf(doc);
  const money = moneyFormat(store.currency);
  const headingEnd = drawHeading(doc, order, store);
  const linesEnd = drawLines(doc, order, money, headingEnd + 24);
  drawTotals(doc, order, store, money, linesEnd + 8);
  drawFooters(doc, store, number);
  doc.end();
  return bytes;
}
