import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoiceFileName } from './invoices.js';

describe("an invoice's number as people read it", () => {
  it('when it is small, then it is padded to six digits after INV-', () => {
    expect(formatInvoiceNumber(1)).toBe('INV-000001');
    expect(formatInvoiceNumber(42)).toBe('INV-000042');
    expect(formatInvoiceNumber(999_999)).toBe('INV-999999');
  });

  it('when it outgrows six digits, then it grows rather than wrapping', () => {
    expect(formatInvoiceNumber(1_234_567)).toBe('INV-1234567');
  });

  it('when the PDF is named, then its file name carries the number as it is written', () => {
    expect(invoiceFileName(42)).toBe('invoice-INV-000042.pdf');
  });
});
