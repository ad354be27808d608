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

describe("a part's picture", () => {
  const part = { name: 'Lever', price: 20, minimumOderQantity: 1, availableQantity: 5 };
  const parse = (picture: unknown) => productFormSchema.safeParse({ ...part, picture });
  const pictureError = (picture: unknown) =>
    parse(picture).error?.issues.find((issue) => issue.path[0] === 'picture')?.message;

  it.each([
    '/images/products/wave-disc.svg',
    '/images/parts/2024/caliper_front-left.webp',
    'https://cdn.example.com/parts/caliper.jpg',
    'https://cdn.example.com/p?id=42&size=600#top',
    'HTTPS://CDN.EXAMPLE.COM/caliper.png',
    'https://[2001:db8::1]/caliper.png',
  ])('when it is %s, then it is kept as given', (picture) => {
    expect(parse(picture).data?.picture).toBe(picture);
  });

  it('when it has spaces around it, then they are trimmed', () => {
    expect(parse('  https://cdn.example.com/a.png ').data?.picture).toBe('https://cdn.example.com/a.png');
  });

  it.each([
    'http://cdn.example.com/caliper.jpg',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:image/png;base64,iVBORw0KGgo=',
    'ftp://files.example.com/caliper.jpg',
    'https:cdn.example.com/caliper.jpg',
    'https:/cdn.example.com/caliper.jpg',
    'https:\\\\cdn.example.com\\caliper.jpg',
    '//cdn.example.com/caliper.jpg',
    'https://user:secret@cdn.example.com/caliper.jpg',
    'https://',
    'caliper.jpg',
    '/images/../../etc/passwd.svg',
    '/uploads/caliper.jpg',
    'blob:https://shop.example/1234',
  ])('when it is %s, then it is refused with the spec message', (picture) => {
    expect(pictureError(picture)).toBe('Picture must be an https:// address or an uploaded photo');
  });

  it('when it is an https address longer than 2,048 characters, then it is refused for its length', () => {
    const picture = `https://cdn.example.com/${'a'.repeat(2048)}.jpg`;
    expect(pictureError(picture)).toBe('A picture address can be at most 2,048 characters');
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
