/** API routes, relative to the API prefix; the server registers them and the web app calls them. */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/health',
  products: '/products',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  reviews: '/reviews',
} as const;

/** The same routes as the server declares them, with parameters. */
export const apiRoutes = {
  product: '/products/:id',
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
} as const;
