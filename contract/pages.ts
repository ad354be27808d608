/**
 * The web app's pages, written once. The router draws each path with its route module, links are
 * built with `pagePaths`, and the server answers the paths found here with the page's preloads and
 * 200, any other page path with 404 (the app then draws its not-found screen).
 *
 * Plain TypeScript, no zod: the router puts this table in the first download of every page.
 */

/**
 * Who may open a page. The router draws the guard it names around the page's route module (route
 * modules never guard themselves); the browser tests visit as that user.
 */
export const PAGE_ACCESS = ['anyone', 'signedIn', 'customer', 'admin'] as const;
export type PageAccess = (typeof PAGE_ACCESS)[number];

export interface Page {
  /** The route as React Router writes it, from the root; `:name` stands for any one path segment. */
  readonly path: string;
  /** The route module that draws it (it exports `Component`), named as in Vite's build manifest. */
  readonly module: string;
  /** The layout route drawn around it, if any; the layout's path starts the page's path. */
  readonly layout?: keyof typeof pageLayouts;
  readonly access: PageAccess;
  /** The largest picture the page shows first, worth asking for before its scripts have run. */
  readonly image?: string;
}

/** Layout routes: the guard of a layout's `access` is drawn around it and every page inside. */
export const pageLayouts = {
  dashboard: { path: '/dashboard', module: 'src/routes/dashboard/layout.tsx', access: 'signedIn' },
} as const satisfies Record<string, Pick<Page, 'path' | 'module' | 'access'>>;

/** What the app draws for a path no page has, inside the deepest layout the path is under. */
export const NOT_FOUND_MODULE = 'src/routes/not-found.tsx';

const HOME = 'src/routes/home.tsx';
const FIRST_BANNER = '/images/banners/banner-1.svg';

export const pages = {
  root: { path: '/', module: HOME, access: 'anyone', image: FIRST_BANNER },
  home: { path: '/home', module: HOME, access: 'anyone', image: FIRST_BANNER },
  blog: { path: '/blog', module: 'src/routes/blog.tsx', access: 'anyone' },
  portfolio: { path: '/portfolio', module: 'src/routes/portfolio.tsx', access: 'anyone' },
  login: { path: '/login', module: 'src/routes/login.tsx', access: 'anyone' },
  register: { path: '/register', module: 'src/routes/register.tsx', access: 'anyone' },
  /** Asks for a password-reset link by e-mail; the answer never says whether the e-mail has an account. */
  forgotPassword: { path: '/forgot-password', module: 'src/routes/forgot-password.tsx', access: 'anyone' },
  /** Where the e-mail's link lands (`?token=`): a new password, then /login. */
  resetPassword: { path: '/reset-password', module: 'src/routes/reset-password.tsx', access: 'anyone' },
  /** Where a `Verify your e-mail` message's link lands (`?token=`): the address is verified, signed in or not. */
  verifyEmail: { path: '/verify-email', module: 'src/routes/verify-email.tsx', access: 'anyone' },
  /** Where the Google popup lands; it tells the opener and closes. */
  authPopupDone: { path: '/auth/popup-done', module: 'src/routes/popup-done.tsx', access: 'anyone' },
  /** The whole catalogue: search, facets, a bike, sort and page, all in the address. */
  parts: { path: '/parts', module: 'src/routes/parts.tsx', access: 'anyone' },
  /** A part's public page (crawlers get its head from the server: title, description, JSON-LD). */
  part: { path: '/parts/:partId', module: 'src/routes/part.tsx', access: 'anyone' },
  product: { path: '/products/:productsId', module: 'src/routes/product.tsx', access: 'signedIn' },
  /** The cart: a visitor's kept in the browser, a customer's on the server. */
  cart: { path: '/cart', module: 'src/routes/cart.tsx', access: 'anyone' },
  /** Address, shipping and the sum, then `Place order` and the payment page. */
  checkout: { path: '/checkout', module: 'src/routes/checkout.tsx', access: 'signedIn' },
  dashboard: {
    path: '/dashboard',
    layout: 'dashboard',
    module: 'src/routes/dashboard/profile.tsx',
    access: 'signedIn',
  },
  myOrder: {
    path: '/dashboard/myOrder',
    layout: 'dashboard',
    module: 'src/routes/dashboard/my-order.tsx',
    access: 'customer',
  },
  /** One order: its lines, totals, address and history, and the way to pay while unpaid. */
  orderDetails: {
    path: '/dashboard/myOrder/:id',
    layout: 'dashboard',
    module: 'src/routes/dashboard/order.tsx',
    access: 'signedIn',
  },
  review: {
    path: '/dashboard/review',
    layout: 'dashboard',
    module: 'src/routes/dashboard/review.tsx',
    access: 'customer',
  },
  payment: {
    path: '/dashboard/payment/:id',
    layout: 'dashboard',
    module: 'src/routes/dashboard/payment.tsx',
    access: 'signedIn',
  },
  garage: {
    path: '/dashboard/garage',
    layout: 'dashboard',
    module: 'src/routes/dashboard/garage.tsx',
    access: 'customer',
  },
  makeAdmin: {
    path: '/dashboard/makeadmin',
    layout: 'dashboard',
    module: 'src/routes/dashboard/make-admin.tsx',
    access: 'admin',
  },
  addProduct: {
    path: '/dashboard/addproduct',
    layout: 'dashboard',
    module: 'src/routes/dashboard/add-product.tsx',
    access: 'admin',
  },
  manageProduct: {
    path: '/dashboard/manageproduct',
    layout: 'dashboard',
    module: 'src/routes/dashboard/manage-products.tsx',
    access: 'admin',
  },
  /** Add Product's form with a part's fields, saved with PATCH; linked as `Edit` from Manage Products. */
  editProduct: {
    path: '/dashboard/editproduct/:id',
    layout: 'dashboard',
    module: 'src/routes/dashboard/edit-product.tsx',
    access: 'admin',
  },
  /** Every customer's orders: filter, search, pages. */
  manageOrders: {
    path: '/dashboard/orders',
    layout: 'dashboard',
    module: 'src/routes/dashboard/manage-orders.tsx',
    access: 'admin',
  },
  /** One order as the shop sees it: ship, deliver, cancel or refund. */
  adminOrder: {
    path: '/dashboard/orders/:id',
    layout: 'dashboard',
    module: 'src/routes/dashboard/admin-order.tsx',
    access: 'admin',
  },
  /** The catalogue as CSV: export, and import with progress and every bad line. */
  importCatalogue: {
    path: '/dashboard/import',
    layout: 'dashboard',
    module: 'src/routes/dashboard/import.tsx',
    access: 'admin',
  },
  /** The words catalogue search reads as one (`disk`, `disc`, `rotor`): list, add, remove. */
  searchSynonyms: {
    path: '/dashboard/synonyms',
    layout: 'dashboard',
    module: 'src/routes/dashboard/search-synonyms.tsx',
    access: 'admin',
  },
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof pages;

/** The names of a route's `:name` segments, in order: `/a/:x/b/:y` gives ['x', 'y']. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : Path extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** A string for each parameter name: ['x', 'y'] gives [string, string]. */
type Values<Names extends string[]> = { [Index in keyof Names]: string };

/** A page without parameters is its path; one with parameters, a function of their values. */
type PathTo<Path extends string> = ParamNames<Path> extends [] ? Path : (...values: Values<ParamNames<Path>>) => string;

/** A `:name` segment of a route. */
const PARAM = /:[\w-]+/g;

/** The route with its `:name` segments replaced by the values, in order, each URL-encoded. */
function fillPath(path: string, values: readonly string[]): string {
  let next = 0;
  return path.replace(PARAM, () => encodeURIComponent(values[next++] ?? ''));
}

/** Every link to a page: `pagePaths.blog` is '/blog', `pagePaths.product(id)` is '/products/<id>'. */
export const pagePaths = Object.fromEntries(
  Object.entries(pages).map(([name, page]: [string, Page]) => [
    name,
    page.path.includes(':') ? (...values: string[]) => fillPath(page.path, values) : page.path,
  ]),
  // Object.fromEntries forgets which key holds what; the type says it again.
) as unknown as { readonly [Name in PageName]: PathTo<(typeof pages)[Name]['path']> };

/**
 * A route as React Router matches it: letter case aside, any number of trailing slashes, and each
 * `:name` one segment that is not empty.
 */
const routePattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(PARAM, '[^/]+')}/*$`, 'i');

/** The path's segments decoded, as React Router reads them (an encoded slash stays in its segment). */
const decodeSegments = (urlPath: string) =>
  urlPath
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');

let patterns: (readonly [PageName, RegExp])[] | undefined;

/** The page the app draws at a URL path (no query), or undefined where it draws its not-found screen. */
export function findPage(urlPath: string): PageName | undefined {
  patterns ??= (Object.keys(pages) as PageName[]).map((name) => [name, routePattern(pages[name].path)] as const);
  const path = decodeSegments(urlPath);
  return patterns.find(([, pattern]) => pattern.test(path))?.[0];
}
