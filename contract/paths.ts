/**
 * API routes, relative to the API prefix; the server registers them and the web app calls them. The
 * web app's own pages are in pages.ts.
 */
export const API_PREFIX = '/api';

/**
 * The header of a paged list's answer that says how many the whole list holds (`GET /api/myOrder`).
 * Here, beside the paths, because the web app's API client reads it: this module makes no zod schema,
 * and the client is in the first chunks, which run before zod may be told not to probe for eval.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * The `Idempotency-Key` header of `POST /api/checkout` and `POST /api/myOrder`: the same key from the
 * same customer within IDEMPOTENCY_KEY_HOURS (checkout.ts) answers the first order again and creates
 * nothing. Here for the same reason as TOTAL_COUNT_HEADER: My Order and the payment page send it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Stripe's word for an answer given again for a repeated Idempotency-Key: `idempotent-replayed: true`. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const apiPaths = {
  health: '/health',
  products: '/products',
  catalogue: '/catalogue',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  reviews: '/reviews',
  auth: '/auth',
  orders: '/myOrder',
  createPaymentIntent: '/create-payment-intent',
  sandboxConfirm: '/sandbox/confirm',
  stripeWebhook: '/stripe/webhook',
  order: (id: string) => `/myOrder/${encodeURIComponent(id)}`,
  /** A paid order's invoice, as a PDF (its owner or an admin). */
  orderInvoice: (id: string) => `/myOrder/${encodeURIComponent(id)}/invoice.pdf`,
  users: '/user',
  userInfo: '/userinfo',
  userToken: (email: string) => `/user/${encodeURIComponent(email)}`,
  customerStatus: (email: string) => `/user/${encodeURIComponent(email)}`,
  adminStatus: (email: string) => `/admin/${encodeURIComponent(email)}`,
  promote: (email: string) => `/user/admin/${encodeURIComponent(email)}`,
  productFitment: (id: string) => `/products/${encodeURIComponent(id)}/fitment`,
  vehicleMakes: '/vehicles/makes',
  vehicleModels: '/vehicles/models',
  vehicles: '/vehicles',
  vehicle: (id: string) => `/vehicles/${encodeURIComponent(id)}`,
  garage: '/garage',
  garageBike: (id: string) => `/garage/${encodeURIComponent(id)}`,
  cart: '/cart',
  cartLine: (productId: string) => `/cart/${encodeURIComponent(productId)}`,
  shippingMethods: '/shipping-methods',
  checkout: '/checkout',
  /** Photo upload (admin); the files are served under MEDIA_PREFIX, outside the API. */
  media: '/media',
  adminOrders: '/admin/orders',
  /** Manage Products: the catalogue in pages (admin). */
  adminProducts: '/admin/products',
  /** Make Admin: the accounts in pages (admin). */
  adminUsers: '/admin/users',
  adminOrder: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  adminOrderMove: (id: string, move: 'ship' | 'deliver' | 'cancel') =>
    `/admin/orders/${encodeURIComponent(id)}/${move}`,
  catalogueCsv: '/admin/catalogue.csv',
  /** Search Synonyms: the words search reads as one (admin). */
  searchSynonyms: '/admin/search-synonyms',
  searchSynonymGroup: (id: string) => `/admin/search-synonyms/${encodeURIComponent(id)}`,
} as const;

/** The same routes as the server declares them, with parameters. */
export const apiRoutes = {
  product: '/products/:id',
  userByEmail: '/user/:email',
  adminStatus: '/admin/:email',
  promote: '/user/admin/:email',
  auth: '/auth/*',
  order: '/myOrder/:id',
  orderInvoice: '/myOrder/:id/invoice.pdf',
  productFitment: '/products/:id/fitment',
  vehicle: '/vehicles/:id',
  garageBike: '/garage/:id',
  cartLine: '/cart/:productId',
  adminOrder: '/admin/orders/:id',
  adminOrderShip: '/admin/orders/:id/ship',
  adminOrderDeliver: '/admin/orders/:id/deliver',
  adminOrderCancel: '/admin/orders/:id/cancel',
  searchSynonymGroup: '/admin/search-synonyms/:id',
} as const;
