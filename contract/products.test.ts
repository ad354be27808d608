import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PICTURE_PATTERN, productFormSchema, SAMPLE_PRODUCT_PICTURE, SHIPPED_PRODUCT_PICTURES } from './products.js';

describe('product pictures', () => {
  it.each(SHIPPED_PRODUCT_PICTURES)(
    'when %s is offered on Add Product, then it ships and passes the rule',
    (picture) => {
      expect(existsSync(path.join('web/public', picture))).toBe(true);
      expect(picture).toMatch(PICTURE_PATTERN);
    },
  );

  it('when Add Product opens, then its sample picture is one of them', () => {
    expect(SHIPPED_PRODUCT_PICTURES).toContain(SAMPLE_PRODUCT_PICTURE);
  });
});

describe('a part nobody could order', () => {
  const part = { name: 'Caliper', picture: SAMPLE_PRODUCT_PICTURE, availableQantity: 1000 };
  const minimumError = (price: number, minimumOderQantity: number) =>
    productFormSchema
      .safeParse({ ...part, price, minimumOderQantity })
      .error?.issues.find((issue) => issue.path[0] === 'minimumOderQantity')?.message;

  it('when its minimum order at its price totals more than one order can, then Add Product refuses it', () => {
    expect(minimumError(100_000, 10)).toBe(
      'At this price the minimum order would total more than one order can (999,999.99)',
    );
  });

  it('when its minimum order totals exactly the most an order can, then it is accepted', () => {
    expect(minimumError(10_101.01, 99)).toBeUndefined();
  });
});
