import type { Cart, CartLine } from '@contract/checkout';
import { fromCents, lineTotalCents } from '@contract/money';
import type { Product } from '@contract/products';
import { testProduct } from './products';
import { readLocalCart, type LocalCartLine } from '../features/cart/local-cart';

/** A visitor's line of the part, as Add to cart keeps it. */
export const localLine = (part: Product, quantity = part.minimumOderQantity): LocalCartLine => ({
  productId: part._id,
  quantity,
  name: part.name,
  sku: part.sku,
  picture: part.picture,
  unitPrice: part.price,
  minimumOderQantity: part.minimumOderQantity,
  availableQantity: part.availableQantity,
});

/** A line of the server's cart of the part. */
export const serverLine = (part: Product, quantity = part.minimumOderQantity): CartLine => ({
  ...localLine(part, quantity),
  lineTotal: fromCents(lineTotalCents(part.price, quantity)),
});

/** An answer of `GET /api/cart`: the lines, their units and subtotal. */
export const cartAnswer = (lines: CartLine[]): Cart => ({
  lines,
  count: lines.reduce((sum, line) => sum + line.quantity, 0),
  subtotal: fromCents(lines.reduce((sum, line) => sum + lineTotalCents(line.unitPrice, line.quantity), 0)),
});

/** A part of the catalogue with round numbers: `price`, `minimumOderQantity` and `availableQantity` as given. */
export const cartPart = (n: number, overrides: Partial<Product> = {}) =>
  testProduct(n, { name: `Brake Part ${n}`, price: 10, minimumOderQantity: 2, availableQantity: 20, ...overrides });

/** The visitor's cart, as the browser keeps it. */
export const storedCart = () => readLocalCart();
