import type { CataloguePart } from '../catalogue-csv/format.js';

/** A catalogue file's part for a test: brake pads with sensible values; each test says what matters to it. */
export const cataloguePart = (sku: string, changes: Partial<CataloguePart> = {}): CataloguePart => ({
  sku,
  name: 'Test pads',
  brand: 'Brakehouse',
  category: 'brake-pads',
  price: 24.5,
  availableQantity: 40,
  minimumOderQantity: 1,
  description: '',
  picture: '/images/products/sintered-pads.svg',
  oemNumbers: [],
  specs: {},
  universal: false,
  bikes: [],
  ...changes,
});
