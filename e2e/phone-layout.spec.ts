import type { Locator, Page } from '@playwright/test';
import { pagePaths } from '../contract/pages';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { addToCartFromPartPage } from './support/cart';
import { samplePart } from './support/catalogue';
import { orderUnpaid, payWithGoodCard } from './support/customer-orders';
import { buyAndOpenPayment } from './support/orders';
import { knownBike, knownPart, screensOf, type CheckedScreen, type Known, type ScreenName } from './support/screens';

// Each test makes its own people and orders: they run side by side.
test.describe.configure({ mode: 'parallel' });

/** A small phone's window, in CSS pixels: the narrowest the store is laid out for. */
const PHONE = { width: 360, height: 740 };
/** The part of the customer's paid order: another than the known part, with a long name. */
const PAID_PART_SKU = 'BH-78B40890';
/** The smallest touch target the store gives its table's actions on a phone (WCAG 2.5.5's 44 px). */
const TOUCH_TARGET = 44;

/**
 * The rows each page with data must show when it is measured: a table drawn without them would fit
 * a phone whatever its rows do.
 */
const rowsOf: Partial<Record<ScreenName, (main: Locator, known: Known) => Locator[]>> = {
  cart: (main, { part }) => [main.getByRole('row', { name: part.name })],
  myOrder: (main, { part }) => [
    main.getByRole('row', { name: part.name }),
    main.getByRole('row').filter({ has: main.page().getByText('Paid', { exact: true }) }),
  ],
  orderDetails: (main, { part }) => [main.getByRole('row', { name: part.name })],
  // Another part's order (the first data row): its page shows the transaction id, a long word.
  paidOrder: (main) => [main.getByRole('row').nth(1)],
  makeAdmin: (main) => [main.getByRole('row').nth(1)],
  // Manage Products reads the newest parts a page at a time: its first part's row (the known part may be on a later page).
  manageProduct: (main) => [main.getByRole('row').nth(1)],
  manageOrders: (main, { part }) => [main.getByRole('row', { name: part.name }).first()],
  adminOrder: (main, { part }) => [main.getByRole('row', { name: part.name })],
  searchSynonyms: (main) => [main.getByRole('row').nth(1)],
};

/**
 * What scrolls sideways on the page: the page itself, when it reaches past the window's right edge
 * (with the widest of the elements that reach out: those no scrolling, clipping or fixed box around
 * them holds in), and any box of its own that scrolls sideways, as a table in a `.table-responsive`
 * wider than the screen does. Nothing when everything fits.
 */
function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const elements = [...document.body.querySelectorAll('*')];
    const named = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">` +
      ` "${(element.textContent ?? '').trim().slice(0, 60)}"`;
    const found: string[] = [];

    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      // Held in by a box that clips or scrolls it, or by a fixed one: for an absolutely positioned
      // element (a visually hidden header) only from its containing block up.
      const heldIn = (element: Element) => {
        if (getComputedStyle(element).position === 'fixed') return true;
        let outOfFlow = getComputedStyle(element).position === 'absolute';
        for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.position === 'fixed') return true;
          if (outOfFlow && style.position === 'static') continue;
          outOfFlow = false;
          if (style.overflowX !== 'visible') return true;
        }
        return false;
      };
      const reachingOut = elements
        .map((element) => ({ element, right: element.getBoundingClientRect().right }))
        .filter(({ element, right }) => right > width && !heldIn(element));
      // The outermost of those reaching furthest: the first in document order, as the sort is stable.
      const widest = reachingOut.sort((one, other) => other.right - one.right)[0];
      found.push(
        `the page is ${scrollWidth} px wide in a ${width} px window; ${reachingOut.length} elements reach past it, ` +
          (widest
            ? `the widest ${named(widest.element)}, its right edge at ${Math.round(widest.right)} px`
            : 'none found'),
      );
    }
    for (const box of elements) {
      const overflow = getComputedStyle(box).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth) {
        found.push(`${named(box)} scrolls sideways: ${box.scrollWidth} px of content in ${box.clientWidth} px`);
      }
    }
    return found;
  });
}

/** Opens each screen at phone size, waits until it has drawn with its rows, and measures it; every overflow is reported at once. */
async function checkScreens(page: Page, list: CheckedScreen[], known: Known) {
  await page.setViewportSize(PHONE);
  const found: string[] = [];
  for (const screen of list) {
    const url = screen.url(known);
    await page.goto(url);
    await screen.drawn(page);
    for (const row of rowsOf[screen.name]?.(page.getByRole('main'), known) ?? []) {
      await expect(row, `${screen.name}: a row of its data`).toBeVisible();
    }
    found.push(...(await sidewaysScroll(page)).map((what) => `${screen.name} (${url}): ${what}`));
  }
  return found;
}

test('when a signed-out visitor opens each screen anyone may open on a 360 px phone, the not-found screen included, then none scrolls sideways', async ({
  page,
}) => {
  test.slow();
  const known = { part: await knownPart(page), bike: await knownBike(page), orderId: 'none' };
  await addToCartFromPartPage(page, known.part);
  expect(await checkScreens(page, screensOf('signed out'), known)).toEqual([]);
});

test("when a customer with a paid and an unpaid order opens each of their screens on a 360 px phone, then none scrolls sideways and the unpaid order's Pay and Delete are on screen", async ({
  page,
}) => {
  test.slow();
  const part = await knownPart(page);
  const paidPart = await samplePart(page.request, PAID_PART_SKU);
  await buyAndOpenPayment(page, paidPart);
  const paidOrderId = await payWithGoodCard(page);
  const orderId = await orderUnpaid(page, part);
  await addToCartFromPartPage(page, part);

  const known = { part, bike: await knownBike(page), orderId, paidOrderId };
  expect(await checkScreens(page, screensOf('customer'), known)).toEqual([]);

  await page.goto(pagePaths.myOrder);
  const unpaid = page.getByRole('main').getByRole('row', { name: part.name });
  for (const control of [
    unpaid.getByRole('link', { name: `Pay for ${part.name}` }),
    unpaid.getByRole('button', { name: `Delete the order for ${part.name}` }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
    expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
  }
});

test('when the admin opens each admin screen on a 360 px phone, then none scrolls sideways', async ({
  page,
  browser,
}) => {
  test.slow();
  const part = await knownPart(page);
  // A paid order of a customer's, in a browser of their own, for Manage Orders and the admin's order page.
  const customer = await browser.newPage();
  await buyAndOpenPayment(customer, part);
  const orderId = await payWithGoodCard(customer);
  await customer.close();
  await signInAsAdmin(page);
  expect(await checkScreens(page, screensOf('admin'), { part, bike: await knownBike(page), orderId })).toEqual([]);
});
