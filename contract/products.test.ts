import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PICTURE_PATTERN, SAMPLE_PRODUCT_PICTURE, SHIPPED_PRODUCT_PICTURES } from './products.js';

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
