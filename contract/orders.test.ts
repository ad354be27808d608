import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationMessages } from './messages.js';
import { MAX_ORDER_TOTAL_CENTS, orderTotalTooLarge } from './money.js';
import { orderFormSchema } from './orders.js';
import { MAX_PRODUCT_PRICE, MAX_PRODUCT_QUANTITY } from './products.js';

const quantityErrors = (product: { price: number; availableQantity: number }, quantity: number) => {
  const result = orderFormSchema({ minimumOderQantity: 1, ...product }).safeParse({
    quantity,
    phoneNumber: '1',
    address: '',
  });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('Order Now form: the total', () => {
  it('when the quantity keeps the total at most 999,999.99, then it passes; one more is refused with the message', () => {
    const atBound = { price: 10_101.01, availableQantity: 1000 }; // x 99 = 999,999.99
    expect(quantityErrors(atBound, 99)).toEqual([]);
    expect(quantityErrors(atBound, 100)).toEqual([orderTotalTooLarge]);
    expect(orderTotalTooLarge).toBe('An order can total at most 999,999.99. Please order fewer or contact us.');
  });

  it('when the quantity is also past the stock, then the stock message comes first', () => {
    expect(quantityErrors({ price: MAX_PRODUCT_PRICE, availableQantity: 20 }, 21)[0]).toBe(
      validationMessages.orderQuantityAboveStock,
    );
  });

  it('when any price and quantity the catalogue allows are tried, then the form refuses exactly the totals past the bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: MAX_PRODUCT_PRICE * 100 }),
        fc.integer({ min: 1, max: MAX_PRODUCT_QUANTITY }),
        (priceCents, quantity) => {
          const errors = quantityErrors({ price: priceCents / 100, availableQantity: MAX_PRODUCT_QUANTITY }, quantity);
          expect(errors).toEqual(priceCents * quantity > MAX_ORDER_TOTAL_CENTS ? [orderTotalTooLarge] : []);
        },
      ),
      {
        examples: [
          [1_010_101, 99],
          [1_010_101, 100],
          // 4.11 x 100 is 411.00000000000006 in floating point; 411 cents x 243,309 is exactly the bound.
          [411, 243_309],
          [MAX_PRODUCT_PRICE * 100, 10],
        ],
      },
    );
  });
});
