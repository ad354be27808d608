import { productSchema, type Product } from '@contract/products';
import { testUuid } from './render';

/** A valid part (checked against the contract), numbered n, with any field overridden. */
export const testProduct = (n: number, overrides: Partial<Product> = {}): Product =>
  productSchema.parse({
    _id: testUuid(n),
    name: `Brake Part ${n}`,
    picture: `/images/products/sample-part.svg`,
    price: 10 * n + 0.5,
    availableQantity: 100 + n,
    minimumOderQantity: 5 + n,
    description: `Description of part ${n}.`,
    sku: `BH-TEST${n}`,
    brand: 'Brakehouse',
    category: 'brake-pads',
    specs: { compound: 'sintered', position: 'front' },
    oemNumbers: [],
    universal: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    ...overrides,
  });
