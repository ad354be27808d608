/**
 * The query keys a write of one feature must mark stale in another (an order takes stock and empties
 * the cart): kept here, below the features, so that none imports another for a key.
 */

/** The catalogue's parts as the products feature reads them. */
export const productKeys = {
  all: ['products'] as const,
  newest: (limit: number) => ['products', 'newest', limit] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

/** A customer's cart on the server. Under `me`, which signing out forgets. */
export const cartKey = ['me', 'cart'] as const;

/** A customer's orders. */
export const orderKeys = {
  all: ['me', 'orders'] as const,
  list: (email: string, page: number) => ['me', 'orders', 'list', email, page] as const,
  detail: (id: string) => ['me', 'orders', 'detail', id] as const,
};
