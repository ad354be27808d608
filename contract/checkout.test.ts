import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkoutSchema,
  DEFAULT_SHIPPING_METHODS,
  orderTotals,
  shippingCents,
  taxRateBasisPoints,
  type ShippingMethod,
} from './checkout.js';

const standard = DEFAULT_SHIPPING_METHODS[0] as ShippingMethod;

describe('orderTotals: the one sum of an order', () => {
  it('adds lines, shipping and tax in cents', () => {
    expect(orderTotals([{ unitPrice: 10, quantity: 3 }], standard, 21)).toEqual({
      subtotalCents: 3_000,
      shippingCents: 750,
      // 37.50 x 21 % = 7.875: half a cent rounds up.
      taxCents: 788,
      totalCents: 4_538,
    });
    expect(orderTotals([], undefined, 0)).toEqual({ subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('ships free from the threshold on the goods, not a cent below', () => {
    expect(shippingCents(standard, 14_999)).toBe(750);
    expect(shippingCents(standard, 15_000)).toBe(0);
    const express = DEFAULT_SHIPPING_METHODS[1] as ShippingMethod;
    expect(shippingCents(express, 10_000_000)).toBe(1_900);
  });

  it('never lets a float decide a cent: the same as exact integer arithmetic, for any lines and rate', () => {
    const line = fc.record({
      cents: fc.integer({ min: 100, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 500 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (lines, basisPoints, withShipping) => {
          const rate = basisPoints / 100;
          const totals = orderTotals(
            lines.map(({ cents, quantity }) => ({ unitPrice: cents / 100, quantity })),
            withShipping ? standard : undefined,
            rate,
          );
          const subtotal = lines.reduce((sum, { cents, quantity }) => sum + BigInt(cents) * BigInt(quantity), 0n);
          const shipping = withShipping && subtotal < 15_000n ? 750n : 0n;
          // Half up: (base x bp + 5,000) / 10,000, in integers.
          const tax = ((subtotal + shipping) * BigInt(basisPoints) + 5_000n) / 10_000n;
          expect(taxRateBasisPoints(rate)).toBe(basisPoints);
          expect(totals).toEqual({
            subtotalCents: Number(subtotal),
            shippingCents: Number(shipping),
            taxCents: Number(tax),
            totalCents: Number(subtotal + shipping + tax),
          });
        },
      ),
    );
  });
});

describe('checkoutSchema', () => {
  const valid = {
    shippingMethod: 'standard',
    phoneNumber: '+44 20 7946 0000',
    address: { fullName: ' Ada ', line1: '1 Track Rd', city: 'Leeds', postalCode: 'LS1 1AA', country: 'gb' },
  };

  it('trims the fields, upper-cases the country and fills a missing second line', () => {
    expect(checkoutSchema.parse(valid).address).toEqual({
      fullName: 'Ada',
      line1: '1 Track Rd',
      line2: '',
      city: 'Leeds',
      postalCode: 'LS1 1AA',
      country: 'GB',
    });
  });

  it.each([
    [{ address: { ...valid.address, fullName: '  ' } }, 'Full name is required'],
    [{ address: { ...valid.address, country: 'GBR' } }, 'Country must be a two-letter country code'],
    [{ address: { ...valid.address, postalCode: 'x'.repeat(21) } }, 'Postal code can be at most 20 characters'],
    [{ phoneNumber: '' }, 'Phon Number is Required'],
  ])('refuses %j with its message', (change, message) => {
    const result = checkoutSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
