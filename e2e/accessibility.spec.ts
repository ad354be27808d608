import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { addToCartFromPartPage } from './support/cart';
import { buyAndOpenPayment } from './support/orders';
import { knownPart, screensOf, type CheckedScreen, type Known } from './support/screens';

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
