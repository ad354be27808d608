// How to open each screen of the app and wait until it has drawn, for the specs that check every
// screen: axe (accessibility.spec.ts), the phone layout (phone-layout.spec.ts) and the screenshots
// (screenshots.spec.ts). Each page of the contract's page table, and the screens no page of its own
// has: the not-found screen, the catalogue narrowed to a bike, a paid order's page.

import type { Locator, Page } from '@playwright/test';
import type { Vehicle } from '../../contract/catalogue';
import { pagePaths, pages, type PageAccess, type PageName } from '../../contract/pages';
import type { Product } from '../../contract/products';
import { expect } from '../fixtures';
import { sampleBike, samplePart } from './catalogue';

/**
 * What the screens need to know to be opened: a part, a bike, an order of the part not yet paid and,
 * for a customer's screens, a paid one.
 */
export interface Known {
  part: Product;
  bike: Vehicle;
  orderId: string;
  paidOrderId?: string;
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

/**
 * The home page with its parts, its bike picker, its testimonials and its partner strip; the picker
 * and the strip load as the reader comes near them.
 */
async function homeDrawn(page: Page) {
  await expect(page.getByRole('region', { name: 'Our Parts' }).getByRole('article').first()).toBeVisible();
  await page.locator('#find-parts').scrollIntoViewIfNeeded();
  const picker = page.getByRole('region', { name: 'Find parts for your bike' });
  await expect(picker.getByLabel('Make', { exact: true })).toBeVisible();
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

/** An order's page, once its history has loaded. */
const orderDrawn = shows((page) => page.getByRole('region', { name: 'History' }).getByRole('listitem').first());

/**
 * Every page of the contract's page table: a page added there fails the type check until it is
 * added here, so it cannot go unchecked.
 */
const pageScreens: Record<PageName, Screen | { notChecked: string }> = {
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
  // Without a token, so that no request is refused: the message a stale or broken link shows.
  verifyEmail: {
    url: at(pagePaths.verifyEmail),
    drawn: shows((page) => page.getByRole('alert').filter({ hasText: 'This link is no longer valid' })),
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
  // The profile, and the newest parts' carousel under it.
  dashboard: {
    url: at(pagePaths.dashboard),
    drawn: async (page) => {
      await expect(page.getByRole('form', { name: 'Profile info' })).toBeVisible();
      const newest = page.getByRole('region', { name: 'New in the catalogue' });
      await expect(newest.getByRole('link', { name: /^Buy Now/ }).first()).toBeVisible();
    },
  },
  myOrder: { url: at(pagePaths.myOrder), drawn: table },
  orderDetails: { url: ({ orderId }) => pagePaths.orderDetails(orderId), drawn: orderDrawn },
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
  adminOrder: { url: ({ orderId }) => pagePaths.adminOrder(orderId), drawn: orderDrawn },
  importCatalogue: { url: at(pagePaths.importCatalogue), drawn: form('Import catalogue') },
  searchSynonyms: { url: at(pagePaths.searchSynonyms), drawn: table },
};

/**
 * The screens no page of the table has to itself, each with who may open it: the one the app draws
 * at a path no page has, /parts with a bike chosen (its results marked as fitting it), and the page
 * of a paid order (its transaction id, its invoice, no Pay).
 */
const moreScreens = {
  notFound: {
    access: 'anyone',
    url: at('/no/such/page'),
    drawn: shows((page) => page.getByRole('heading', { name: '404' })),
  },
  partsForBike: {
    access: 'anyone',
    url: ({ bike }) => `${pagePaths.parts}?${new URLSearchParams({ vehicle: bike._id })}`,
    drawn: async (page) => {
      await partsDrawn(page);
      await expect(
        page
          .getByRole('region', { name: 'Results' })
          .getByText(/^Fits your /)
          .first(),
      ).toBeVisible();
    },
  },
  paidOrder: {
    access: 'customer',
    url: ({ paidOrderId }) => {
      if (!paidOrderId) throw new Error('a paid order is needed for its page');
      return pagePaths.orderDetails(paidOrderId);
    },
    drawn: orderDrawn,
  },
} satisfies Record<string, Screen & { access: PageAccess }>;

export type ScreenName = PageName | keyof typeof moreScreens;

/** Who opens the pages of each access level: a signed-in page is checked as a customer sees it. */
const visitorFor: Record<PageAccess, Visitor> = {
  anyone: 'signed out',
  signedIn: 'customer',
  customer: 'customer',
  admin: 'admin',
};

export type Visitor = 'signed out' | 'customer' | 'admin';

/** Every screen to check, with who opens it, in the page table's order and then the others'. */
const allScreens: (Screen & { name: ScreenName; access: PageAccess })[] = [
  ...(Object.keys(pages) as PageName[]).flatMap((name) => {
    const screen = pageScreens[name];
    return 'url' in screen ? [{ name, access: pages[name].access, ...screen }] : [];
  }),
  ...(Object.keys(moreScreens) as (keyof typeof moreScreens)[]).map((name) => ({ name, ...moreScreens[name] })),
];

/** The screens the visitor is the one to check, each with its name. */
export const screensOf = (visitor: Visitor) =>
  allScreens
    .filter((screen) => visitorFor[screen.access] === visitor)
    .map(({ name, url, drawn }) => ({ name, url, drawn }));

export type CheckedScreen = ReturnType<typeof screensOf>[number];

/**
 * The part the screens show and order: one of the sample catalogue that fits bikes (its page lists
 * them) and no other spec orders. Not the newest part: other specs add parts while these run.
 */
export const knownPart = (page: Page): Promise<Product> => samplePart(page.request, 'BH-MD1133');

/** The bike /parts is narrowed to: a model year of the sample catalogue that many parts fit. */
export const knownBike = (page: Page) => sampleBike(page.request, 'Honda', 'CBR600RR', 2019);
