import type { Page } from '@playwright/test';
import { formatInvoiceNumber } from '../contract/invoices';
import type { Order } from '../contract/orders';
import { expect, test } from './fixtures';
import { newPerson, register, signInAsAdmin, type Person } from './support/accounts';
import { addToCartFromPartPage } from './support/cart';
import { samplePart } from './support/catalogue';
import { E2E_ADMIN_EMAIL } from './support/constants';
import { checkOutAndPay, orderOf, orderUnpaid } from './support/customer-orders';
import { knownBike, screensOf, type Known, type ScreenName, type Visitor } from './support/screens';
import { answerAsFreshStore, countRequests, holdStill, VOLATILE, type Volatile } from './support/steady';

// Every screen at a phone's, a tablet's and a desktop's width, against the pictures in
// screenshots.spec.ts-snapshots/ (made again with --update-snapshots=all: docs/testing.md). The
// tolerance and the settings of every shot are in playwright.config.ts (expect.toHaveScreenshot).

// Each test makes its own people and orders: they run side by side.
test.describe.configure({ mode: 'parallel' });

const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;
type Size = keyof typeof SIZES;

/** The part the screens show and the spec's customers order: one of the sample catalogue no other spec orders. */
const PART_SKU = 'BH-78B40870';

/** The screens of the shared list not shot, and why. */
const notShot: Partial<Record<ScreenName, string>> = {
  home: "the home page again: it is the root's",
  parts: 'the newest parts first, which other specs add during the run; partsForBike shows the same page',
  searchSynonyms:
    "its list, which search-synonyms.spec.ts changes during the run; every admin screen's sidebar links to it",
};

/**
 * The spec's own customers, one for each size and visitor (the tests run in parallel): the same
 * name everywhere, an e-mail no one else uses. `buyer` orders for the customer's screens, `shopper`
 * for the admin's.
 */
const customerOf = (size: Size, role: 'buyer' | 'shopper'): Person =>
  newPerson({ name: 'Sam Shutter', email: `screens-${role}-${size}@brakehouse.test` });

/** What each test knows beyond the screens' Known: what to mask, and the admin's lists' customer. */
interface Shoot {
  visitor: Visitor;
  size: Size;
  known: Known;
  volatile: Volatile;
  shopper?: Person;
}

/** What the store gave the orders that differs from run to run: ids, invoice numbers, times. */
const volatileOf = (...orders: Order[]): Volatile => ({
  words: orders.flatMap((order) => [
    order._id,
    ...(order.transactionId ? [order.transactionId] : []),
    ...(order.invoiceNumber === null ? [] : [formatInvoiceNumber(order.invoiceNumber)]),
  ]),
  times: orders.flatMap((order) => [order.createdAt, ...(order.paidAt ? [order.paidAt] : [])]),
});

/** What a screen needs once drawn, before it holds still: the admin's lists narrowed to the spec's own people. */
const narrow: Partial<Record<ScreenName, (page: Page, shoot: Shoot) => Promise<void>>> = {
  // Through the search box, as the admin would: the spec's shopper's orders alone.
  manageOrders: async (page, { shopper }) => {
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(shopper?.email ?? '');
    await page.getByRole('search', { name: 'Orders' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('1 order');
  },
  // Through the search box, the store's own domain (the admin and the screens' people); then the rows
  // but the admin's and the shopper's are hidden, the numbers masked.
  makeAdmin: async (page, { shopper }) => {
    await page.getByRole('searchbox', { name: 'Search users' }).fill('@brakehouse.test');
    await page.getByRole('search', { name: 'Users' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('main').getByText(E2E_ADMIN_EMAIL)).toBeVisible();
    await page.getByRole('main').evaluate(
      (main, emails) => {
        for (const row of main.querySelectorAll('tbody tr')) {
          if (!emails.some((email) => row.textContent?.includes(email))) (row as HTMLElement).style.display = 'none';
          else {
            const number = row.querySelector('td');
            number?.replaceChildren('0');
            number?.setAttribute('data-volatile', '');
          }
        }
      },
      [E2E_ADMIN_EMAIL, ...(shopper ? [shopper.email] : [])],
    );
  },
};

/** Opens each screen the visitor checks, waits until it has drawn and holds still, and compares it with its picture. */
async function shootScreens(page: Page, shoot: Shoot) {
  await page.setViewportSize(SIZES[shoot.size]);
  await page.mouse.move(0, 0); // nothing hovered
  for (const screen of screensOf(shoot.visitor).filter((screen) => !notShot[screen.name])) {
    await page.clock.resume();
    await page.goto(screen.url(shoot.known));
    await screen.drawn(page);
    await narrow[screen.name]?.(page, shoot);
    await holdStill(page, shoot.volatile);
    await expect
      .soft(page, `${screen.name} at ${shoot.size} size`)
      .toHaveScreenshot(`${screen.name}-${shoot.size}.png`, { fullPage: true, mask: [page.locator(VOLATILE)] });
  }
}

for (const size of Object.keys(SIZES) as Size[]) {
  test.describe(`at ${size} size`, () => {
    // The accounts and orders are made at the desktop size (the navbar shows the signed-in name).
    test.beforeEach(async ({ page }) => {
      await answerAsFreshStore(page.context());
      countRequests(page);
      await page.clock.install();
    });

    test(`when a visitor opens each screen anyone may open on a ${size}, then each looks as its picture`, async ({
      page,
    }) => {
      const part = await samplePart(page.request, PART_SKU);
      await addToCartFromPartPage(page, part);
      const known = { part, bike: await knownBike(page), orderId: 'none' };
      await shootScreens(page, { visitor: 'signed out', size, known, volatile: volatileOf() });
    });

    test(`when a customer with a paid and an unpaid order opens each of their screens on a ${size}, then each looks as its picture`, async ({
      page,
    }) => {
      test.slow();
      const part = await samplePart(page.request, PART_SKU);
      await register(page, customerOf(size, 'buyer'));
      const orderId = await orderUnpaid(page, part);
      await addToCartFromPartPage(page, part);
      const paidOrderId = await checkOutAndPay(page);
      const volatile = volatileOf(await orderOf(page, orderId), await orderOf(page, paidOrderId));
      await addToCartFromPartPage(page, part); // for the cart and the checkout
      const known = { part, bike: await knownBike(page), orderId, paidOrderId };
      await shootScreens(page, { visitor: 'customer', size, known, volatile });
    });

    test(`when the admin opens each admin screen on a ${size}, then each looks as its picture`, async ({
      page,
      browser,
    }) => {
      test.slow();
      const part = await samplePart(page.request, PART_SKU);
      // The spec's shopper's paid order, in a browser of their own, for Manage Orders and the admin's order page.
      const shopperPage = await browser.newPage();
      const shopper = customerOf(size, 'shopper');
      await register(shopperPage, shopper);
      await addToCartFromPartPage(shopperPage, part);
      const orderId = await checkOutAndPay(shopperPage);
      const volatile = volatileOf(await orderOf(shopperPage, orderId));
      await shopperPage.close();
      await signInAsAdmin(page);
      const known = { part, bike: await knownBike(page), orderId };
      await shootScreens(page, { visitor: 'admin', size, known, volatile, shopper });
    });
  });
}
