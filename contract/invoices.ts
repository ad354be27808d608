/**
 * Invoices as people read them. The number itself is given when an order is paid (sequential, never
 * reused: server/orders/status.ts); this is how the PDF, its file name and the web app write it.
 * Plain TypeScript (no zod), so the order pages that show it carry nothing more.
 */
const INVOICE_NUMBER_DIGITS = 6;

/** `INV-000042`: zero-padded so numbers sort as text too; past 999,999 it simply grows. */
export const formatInvoiceNumber = (invoiceNumber: number): string =>
  `INV-${String(invoiceNumber).padStart(INVOICE_NUMBER_DIGITS, '0')}`;

/** The PDF's file name, `invoice-INV-000042.pdf`. */
export const invoiceFileName = (invoiceNumber: number): string => `invoice-${formatInvoiceNumber(invoiceNumber)}.pdf`;
