import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { pagePaths, pages, type PageAccess, type PageName } from '../contract/pages';
import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { addToCartFromPartPage } from './support/cart';
import { buyAndOpenPayment } from './support/orders';

/** What the screens need to know to be opened: a part, and an order of it not yet paid. */
interface Known {
  part: Product;
  orderId: string;
}

/** How a screen is opened, and how to wait until it has drawn everything (its data loaded). */
interface Screen {
  url: (known: Known) => string;
  drawn: (page: Page) => Promise<void>;
}

const at = (path: string) => () => path;
const shows = (what: (page: Page) => Locator) => (page: Page) => expect(what(page)).toBeVisible();
const form = (name: string) => shows((page) => page.getByRole('form', { name }));
const table = shows((page) => page.getByRole('main').getByRole('table'));

/** The home page with its parts, its testimonials and its partner strip, which loads as it comes near. */
async function homeDrawn(page: Page) {
  await expect(page.getByRole('region', { name: 'Our Parts' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'TESTIMONIALS' }).getByRole('article').first()).toBeVisible();
  await page.getByRole('region', { name: 'Our Partners' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Show partner slide 1' })).toBeVisible();
}

/** /parts with its cards, their fit badges, the facet counts and the pager. */
const partsDrawn = shows((page) => page.getByRole('region', { name: 'Results' }).getByRole('article').first());

/** A part's page once the bikes it fits have loaded (its last section). */
async function partDrawn(page: Page) {
  await expect(page.getByRole('link', { name: 'Buy Now' })).toBeVisible();
  const bikes = page.getByRole('region', { name: 'Bikes it fits' });
  await expect(bikes.getByRole('listitem').first().or(bikes.getByText('Universal: it fits any bike.'))).toBeVisible();
}

/**
 * Every page of the contract's page table: a page added there fails the type check until it is
 * added here, so it cannot go unchecked.
 */
const screens: Record<PageName, Screen | { notChecked: string }> = {
  root: { url: at(pagePaths.root), drawn: homeDrawn },
  home: { url: at(pagePaths.home), drawn: homeDrawn },
  blog: { url: at(pagePaths.blog), drawn: shows((page) => page.getByRole('article').last()) },
  portfolio: { url: at(pagePaths.portfolio), drawn: shows((page) => page.getByRole('progressbar').last()) },
  login: { url: at(pagePaths.login), drawn: shows((page) => page.getByRole('heading', { name: 'LogIn' })) },
  register: { url: at(pagePaths.register), drawn: shows((page) => page.getByRole('heading', { name: 'Register' })) },
  forgotPassword: {
    url: at(pagePaths.forgotPassword),
    drawn: shows((page) => page.getByRole('button', { name: 'Send reset link' })),
  },
  // With a token, as the e-mail's link opens it: the form (a wrong token shows only on submit).
  resetPassword: {
    url: at(`${pagePaths.resetPassword}?token=not-checked-until-submitted`),
    drawn: shows((page) => page.getByRole('button', { name: 'Reset password' })),
  },
  authPopupDone: { notChecked: 'the Google popup lands there and closes itself at once' },
  parts: { url: at(pagePaths.parts), drawn: partsDrawn },
  part: { url: ({ part }) => pagePaths.part(part._id), drawn: partDrawn },
  product: { url: ({ part }) => pagePaths.product(part._id), drawn: form('Order Now') },
  // Each visitor's cart holds the known part (put there before the pages are checked).
  cart: {
    url: at(pagePaths.cart),
    drawn: shows((page) => page.getByRole('main').getByRole('link', { name: 'Checkout' })),
  },
  checkout: { url: at(pagePaths.checkout), drawn: form('Checkout') },
  dashboard: { url: at(pagePaths.dashboard), drawn: form('Profile info') },
  myOrder: { url: at(pagePaths.myOrder), drawn: table },
  orderDetails: {
    url: ({ orderId }) => pagePaths.orderDetails(orderId),
    drawn: shows((page) => page.getByRole('region', { name: 'History' }).getByRole('listitem').first()),
  },
  review: { url: at(pagePaths.review), drawn: form('Add Review') },
  payment: {
    url: ({ orderId }) => pagePaths.payment(orderId),
    // Pay is ready once the payment intent's client secret has arrived.
    drawn: (page) => expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled(),
  },
  garage: { url: at(pagePaths.garage), drawn: form('Add to garage') },
  makeAdmin: { url: at(pagePaths.makeAdmin), drawn: table },
  addProduct: { url: at(pagePaths.addProduct), drawn: form('Add Product') },
  manageProduct: { url: at(pagePaths.manageProduct), drawn: table },
  editProduct: { url: ({ part }) => pagePaths.editProduct(part._id), drawn: form('Edit Product') },
  manageOrders: { url: at(pagePaths.manageOrders), drawn: table },
  adminOrder: {
    url: ({ orderId }) => pagePaths.adminOrder(orderId),
    drawn: shows((page) => page.getByRole('region', { name: 'History' }).getByRole('listitem').first()),
  },
  importCatalogue: { url: at(pagePaths.importCatalogue), drawn: form('Import catalogue') },
};

/** Who opens the pages of each access level: a signed-in page is checked as a customer sees it. */
const visitorFor: Record<PageAccess, 'signed out' | 'customer' | 'admin'> = {
  anyone: 'signed out',
  signedIn: 'customer',
  customer: 'customer',
  admin: 'admin',
};

const screensOf = (visitor: (typeof visitorFor)[PageAccess]) =>
  (Object.keys(pages) as PageName[]).flatMap((name) => {
    const screen = screens[name];
    return 'url' in screen && visitorFor[pages[name].access] === visitor ? [{ name, ...screen }] : [];
  });

/**
 * The serious and critical violations axe finds on the page as it is, each with the elements at
 * fault. Target size (WCAG 2.2: 24 x 24 px, or enough space around) is off in axe by default;
 * Lighthouse checks it, so it is on here. A name on an element whose role takes none (aria-label
 * on a plain div) axe leaves for a person to review: here it fails, as an HTML validator fails it.
 * And the head has one <title>.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  const failing = [
    ...results.violations,
    ...results.incomplete.filter((result) => result.id === 'aria-prohibited-attr'),
  ].filter((result) => result.impact === 'serious' || result.impact === 'critical');
  // HTML allows one <title>; axe checks that there is one, not that there is only one.
  const titles = await page.locator('head > title').count();
  return [
    ...(titles === 1 ? [] : [`${where}: ${titles} <title> elements in the head`]),
    ...failing.map(
      (result) =>
        `${where}: ${result.id} (${result.impact}): ${result.help} at ${result.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    ),
  ];
}

/** Opens each screen, waits until it has drawn, and checks it; all the violations are reported at once. */
async function checkScreens(page: Page, list: ReturnType<typeof screensOf>, known: Known) {
  const found: string[] = [];
  for (const screen of list) {
    const url = screen.url(known);
    await page.goto(url);
    await screen.drawn(page);
    found.push(...(await violations(page, `${screen.name} (${url})`)));
  }
  return found;
}

async function knownPart(page: Page): Promise<Product> {
  const [part] = (await (await page.request.get('/api/products?limit=1')).json()) as Product[];
  if (!part) throw new Error('the store has no products');
  return part;
}

test('when a signed-out visitor opens each page anyone may open, and the not-found screen, then axe finds nothing serious', async ({
  page,
}) => {
  test.slow(); // axe takes seconds a page
  const known = { part: await knownPart(page), orderId: 'none' };
  await addToCartFromPartPage(page, known.part);
  const found = await checkScreens(page, screensOf('signed out'), known);
  const notFound = await page.goto('/no/such/page');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  found.push(...(await violations(page, 'the not-found screen')));
  expect(found).toEqual([]);
});

test('when a customer opens the purchase page, the checkout, the dashboard, My Order, an order, Add Review, My Garage and the payment page, then axe finds nothing serious', async ({
  page,
}) => {
  test.slow();
  const part = await knownPart(page);
  await buyAndOpenPayment(page, part);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await addToCartFromPartPage(page, part);
  const found = await checkScreens(page, screensOf('customer'), { part, orderId });
  expect(found).toEqual([]);
});

test('when the admin opens Make Admin, Add Product and Manage Products, then axe finds nothing serious', async ({
  page,
  browser,
}) => {
  test.slow();
  const part = await knownPart(page);
  // An order of a customer's, in a browser of their own, for the admin's order page.
  const customer = await browser.newPage();
  await buyAndOpenPayment(customer, part);
  const orderId = new URL(customer.url()).pathname.split('/').pop() ?? '';
  await customer.close();
  const known = { part, orderId };
  await signInAsAdmin(page);
  const found = await checkScreens(page, screensOf('admin'), known);
  expect(found).toEqual([]);
});
