import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { addToCartFromPartPage } from './support/cart';
import { orderUnpaid, payWithGoodCard } from './support/customer-orders';
import { buyAndOpenPayment } from './support/orders';
import { knownBike, knownPart, screensOf, type CheckedScreen, type Known } from './support/screens';

// Each test makes its own people and orders: they run side by side.
test.describe.configure({ mode: 'parallel' });

/** Each screen is checked as a phone and as a desktop draw it: a phone's layout has controls of its own. */
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

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
async function checkScreens(page: Page, list: CheckedScreen[], known: Known) {
  const found: string[] = [];
  for (const screen of list) {
    const url = screen.url(known);
    await page.goto(url);
    await screen.drawn(page);
    found.push(...(await violations(page, `${screen.name} (${url})`)));
  }
  return found;
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`on a ${size}`, () => {
    test(`when a signed-out visitor opens each screen anyone may open on a ${size}, the not-found screen included, then axe finds nothing serious`, async ({
      page,
    }) => {
      test.slow(); // axe takes seconds a page
      const known = { part: await knownPart(page), bike: await knownBike(page), orderId: 'none' };
      await addToCartFromPartPage(page, known.part);
      await page.setViewportSize(viewport);
      expect(await checkScreens(page, screensOf('signed out'), known)).toEqual([]);
    });

    test(`when a customer with a paid and an unpaid order opens each of their screens on a ${size}, then axe finds nothing serious`, async ({
      page,
    }) => {
      test.slow();
      const part = await knownPart(page);
      await buyAndOpenPayment(page, part);
      const paidOrderId = await payWithGoodCard(page);
      const orderId = await orderUnpaid(page, part);
      await addToCartFromPartPage(page, part);
      await page.setViewportSize(viewport);
      const known = { part, bike: await knownBike(page), orderId, paidOrderId };
      expect(await checkScreens(page, screensOf('customer'), known)).toEqual([]);
    });

    test(`when the admin opens each admin screen on a ${size}, then axe finds nothing serious`, async ({
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
      await signInAsAdmin(page);
      await page.setViewportSize(viewport);
      expect(await checkScreens(page, screensOf('admin'), { part, bike: await knownBike(page), orderId })).toEqual([]);
    });
  });
}
