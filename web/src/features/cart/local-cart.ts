import { useSyncExternalStore } from 'react';

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

const KEY = 'cart';
const NONE: readonly LocalCartLine[] = [];
const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastLines = NONE;
/** Where the cart lives while the browser refuses storage: until the page closes. */
let unstored: string | null = null;

/** A line as Add to cart writes it; anything else (edited by hand, an older shape) is left out. */
const isLine = (value: unknown): value is LocalCartLine => {
  const line = value as Partial<LocalCartLine> | null;
  return typeof line?.productId === 'string' && typeof line.name === 'string' && Number.isInteger(line.quantity);
};

/** The same array while the stored text is the same, as useSyncExternalStore needs. */
export function readLocalCart(): readonly LocalCartLine[] {
  let raw = unstored;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // storage turned off: `unstored` keeps it
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    try {
      const value: unknown = raw === null ? null : JSON.parse(raw);
      lastLines = Array.isArray(value) ? value.filter(isLine) : NONE;
    } catch {
      lastLines = NONE;
    }
  }
  return lastLines;
}

export function writeLocalCart(lines: readonly LocalCartLine[]) {
  unstored = lines.length === 0 ? null : JSON.stringify(lines);
  try {
    if (unstored === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, unstored);
  } catch {
    // storage turned off: `unstored` keeps it
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export const useLocalCart = () => useSyncExternalStore(subscribe, readLocalCart);

/** Units in the cart: the navbar's number. */
export const unitCount = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);
