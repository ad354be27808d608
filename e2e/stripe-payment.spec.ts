import type { Page, Request } from '@playwright/test';
import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { newestParts } from './support/catalogue';
import { E2E_STRIPE_STAND_IN_URL, E2E_STRIPE_STORE_URL } from './support/constants';
import { buyAndOpenPayment, expectPaidInMyOrder, expectUnpaidInMyOrder } from './support/orders';

/**
 * The store with STRIPE_* set. Stripe is not reachable here, so the browser gets a stand-in for
 * Stripe.js (e2e/support/fake-stripe.js) and its calls to api.stripe.com go to the local stand-in
 * that the store's SDK also talks to; the store's CSP is the real one and any violation fails.
 */
test.use({ baseURL: E2E_STRIPE_STORE_URL });

/** Stripe.js and api.stripe.com, answered locally; answers the card confirmations the page sent. */
async function routeStripe(page: Page) {
  const confirmations: Request[] = [];
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: 'e2e/support/fake-stripe.js', contentType: 'application/javascript' }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/confirm')) confirmations.push(route.request());
    const response = await route.fetch({ url: `${E2E_STRIPE_STAND_IN_URL}${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
  return confirmations;
}

async function partNumber(page: Page, index: number): Promise<Product> {
  const parts = await newestParts(page.request, 6);
  const part = parts[index];
  if (!part) throw new Error('no products');
  return part;
}

async function payByCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByRole('button', { name: 'Pay' }).click();
}

test("when a customer pays through Stripe's card element, then the billing name is the part's and My Order shows Paid", async ({
  page,
}) => {
  const confirmations = await routeStripe(page);
  const part = await partNumber(page, 0);
  await buyAndOpenPayment(page, part);
  await payByCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment Confirm')).toBeVisible();
  const transactionId = (await page.getByText(/^pi_/).textContent()) ?? '';
  expect(transactionId).toMatch(/^pi_[0-9a-f]+$/);
  expect(confirmations).toHaveLength(1);
  const sent = new URLSearchParams(confirmations[0]?.postData() ?? '');
  expect(sent.get('payment_method_data[billing_details][name]')).toBe(part.name);
  expect(sent.get('key')).toBe('pk_test_brakehouse_e2e');
  await expectPaidInMyOrder(page, part, transactionId);
});

test("when Stripe declines the card, then Stripe's message shows in red and the order stays unpaid", async ({
  page,
  consoleErrors,
}) => {
  await routeStripe(page);
  const part = await partNumber(page, 1);
  await buyAndOpenPayment(page, part);
  await payByCard(page, '4000 0000 0000 9995');
  const error = page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-danger/);
  await expectUnpaidInMyOrder(page, part);
  consoleErrors.splice(0, consoleErrors.length); // Stripe's 402 for the declined card
});

test('when the page never tells the store about the payment, then the webhook still marks the order Paid', async ({
  page,
  consoleErrors,
}) => {
  await routeStripe(page);
  const part = await partNumber(page, 2);
  await buyAndOpenPayment(page, part);
  // The customer's connection drops right after Stripe took the money: the PATCH never arrives.
  await page.route('**/api/myOrder/*', (route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await payByCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('alert')).toBeVisible();
  await page.unroute('**/api/myOrder/*');
  consoleErrors.splice(0, consoleErrors.length); // the aborted PATCH

  // Only the webhook the stand-in signed and sent can have recorded it. Each look reloads My Order
  // and gives the page time to draw it (a loaded CI machine took over a second: every look of 1 s
  // failed while the order was already Paid).
  await expect(async () => {
    await page.goto('/dashboard/myOrder');
    await expect(page.getByRole('row', { name: part.name }).getByText('Paid', { exact: true })).toBeVisible({
      timeout: 4_000,
    });
  }).toPass({ timeout: 30_000 });
});

test('when a visitor browses the Stripe store, then no Stripe code loads outside the payment page', async ({
  page,
}) => {
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('stripe.com')) stripeRequests.push(request.url());
  });
  await routeStripe(page);
  for (const path of ['/', '/blog', '/login', '/register']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(stripeRequests).toEqual([]);
});
