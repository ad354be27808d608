import { storedValue } from '../../lib/stored-value';

/**
 * A visitor's cart, kept in the browser (localStorage) until they sign in, when it joins their cart
 * on the server (cart-join.ts). Each line keeps what the cart page needs to draw it, as the part was
 * when it was added; the server's cart has the part's current name, price and stock. Kept as the
 * chosen bike is (catalogue/chosen-bike.ts).
 *
 * Plain TypeScript: the navbar counts these lines on every page.
 */
export interface LocalCartLine {
  productId: string;
  quantity: number;
  name: string;
  sku: string;
  picture: string;
  unitPrice: number;
  minimumOderQantity: number;
  availableQantity: number;
}

const NONE: readonly LocalCartLine[] = [];

/** A line as Add to cart writes it; anything else (edited by hand, an older shape) is left out. */
const isLine = (value: unknown): value is LocalCartLine => {
  const line = value as Partial<LocalCartLine> | null;
  return typeof line?.productId === 'string' && typeof line.name === 'string' && Number.isInteger(line.quantity);
};

const cart = storedValue<readonly LocalCartLine[]>(
  'cart',
  (value) => (Array.isArray(value) ? value.filter(isLine) : NONE),
  NONE,
);

export const readLocalCart = cart.read;
export const writeLocalCart = (lines: readonly LocalCartLine[]) => cart.write(lines.length === 0 ? null : lines);
export const useLocalCart = cart.use;

/** Units in the cart: the navbar's number. */
export const unitCount = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);
