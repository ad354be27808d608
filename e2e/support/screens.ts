// How to open each page of the contract's page table and wait until it has drawn, for the specs that
// check every page: axe (accessibility.spec.ts) and the phone layout (phone-layout.spec.ts).

import type { Locator, Page } from '@playwright/test';
import { pagePaths, pages, type PageAccess, type PageName } from '../../contract/pages';
import type { Product } from '../../contract/products';
import { expect } from '../fixtures';

/** What the screens need to know to be opened: a part, and an order of it not yet paid. */
export interface Known {
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
const visitorFor: Record<PageAccess, Visitor> = {
  anyone: 'signed out',
  signedIn: 'customer',
  customer: 'customer',
  admin: 'admin',
};

export type Visitor = 'signed out' | 'customer' | 'admin';

/** The screens the visitor is the one to check, each with its page's name. */
export const screensOf = (visitor: Visitor) =>
  (Object.keys(pages) as PageName[]).flatMap((name) => {
    const screen = screens[name];
    return 'url' in screen && visitorFor[pages[name].access] === visitor ? [{ name, ...screen }] : [];
  });

export type CheckedScreen = ReturnType<typeof screensOf>[number];

/** The first part the store lists: the one the screens show and order. */
export async function knownPart(page: Page): Promise<Product> {
  const [part] = (await (await page.request.get('/api/products?limit=1')).json()) as Product[];
  if (!part) throw new Error('the store has no products');
  return part;
}
