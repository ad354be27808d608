import { fromCents, type PartCategory, type Product } from '../../contract/index.js';
import type { products } from './schema.js';

type ProductRow = typeof products.$inferSelect;

/**
 * A products row as the API's part, for every domain that reads parts (products, the cart, the
 * catalogue and its index, the CSV): below them all. Prices are stored in cents so that totals are
 * exact; the API speaks in currency units.
 */
export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  picture: row.picture,
  price: fromCents(row.priceCents),
  availableQantity: row.availableQuantity,
  minimumOderQantity: row.minimumOrderQuantity,
  description: row.description,
  sku: row.sku,
  brand: row.brand,
  category: row.category as PartCategory,
  specs: row.specs,
  oemNumbers: row.oemNumbers,
  universal: row.universal,
  createdAt: row.createdAt.toISOString(),
});
