/**
 * Page paths that no page of the table matches, for the tests that must agree on them: the server
 * answers them 404 (server/http/web-app.test.ts) and the router draws its not-found screen for them
 * (web/src/app/router.test.tsx).
 */
export const UNKNOWN_PAGE_PATHS = [
  '/no/such/page',
  '/index.html',
  '/blogs',
  '/blog/extra',
  '/products',
  '/products/',
  '/products/a/b',
  '/dashboard/payment',
  '/dashboard/payment/a/b',
  '/dashboard/unknown',
  '/auth',
  '/cart/extra',
  '/dashboard/myOrder/a/b',
] as const;
