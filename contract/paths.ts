/** API routes, relative to the API prefix; the server registers them and the web app calls them. */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/health',
  products: '/products',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  reviews: '/reviews',
  auth: '/auth',
  orders: '/myOrder',
  createPaymentIntent: '/create-payment-intent',
  sandboxConfirm: '/sandbox/confirm',
  stripeWebhook: '/stripe/webhook',
  order: (id: string) => `/myOrder/${encodeURIComponent(id)}`,
  users: '/user',
  userInfo: '/userinfo',
  userToken: (email: string) => `/user/${encodeURIComponent(email)}`,
  customerStatus: (email: string) => `/user/${encodeURIComponent(email)}`,
  adminStatus: (email: string) => `/admin/${encodeURIComponent(email)}`,
  promote: (email: string) => `/user/admin/${encodeURIComponent(email)}`,
} as const;

/** The same routes as the server declares them, with parameters. */
export const apiRoutes = {
  product: '/products/:id',
  userByEmail: '/user/:email',
  adminStatus: '/admin/:email',
  promote: '/user/admin/:email',
  auth: '/auth/*',
  order: '/myOrder/:id',
} as const;

/** Page routes the web app owns; the server answers them with the app. */
export const pagePaths = {
  root: '/',
  home: '/home',
  login: '/login',
  register: '/register',
  blog: '/blog',
  portfolio: '/portfolio',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  dashboard: '/dashboard',
  makeAdmin: '/dashboard/makeadmin',
  myOrder: '/dashboard/myOrder',
  review: '/dashboard/review',
  addProduct: '/dashboard/addproduct',
  manageProduct: '/dashboard/manageproduct',
  /** Where the Google popup lands; it tells the opener and closes. */
  authPopupDone: '/auth/popup-done',
} as const;
