import type { Browser, Page } from '@playwright/test';
import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { apiJson, samplePart } from './support/catalogue';
import { buyAndOpenPayment } from './support/orders';

// Parts of the sample catalogue no other test orders, so that their stock is this file's to check.
const SHIPPED_SKU = 'BH-FA174HH';
const REFUNDED_SKU = 'BH-706HF';

/** A new customer orders the part's minimum and pays with the sandbox's good card; answers the order's id. */
async function buyAndPay(page: Page, part: Product) {
  await buyAndOpenPayment(page, part);
  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your payment Confirm')).toBeVisible();
  return orderId;
}

/** The customer's e-mail, as the navbar's account knows it. */
const emailOf = (page: Page) =>
  page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { email: string } };
    return session.user.email;
  });

/** The admin, in a browser of their own, finds the customer's order in Manage Orders by e-mail and opens it. */
async function adminOpensOrder(browser: Browser, email: string, part: Product) {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/dashboard');
  await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Orders' }).click();
  const search = admin.getByRole('search', { name: 'Orders' });
  await search.getByRole('searchbox', { name: 'Search orders' }).fill(email);
  await search.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('main').getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  // A reload keeps the search: it lives in the address.
  await admin.reload();
  await expect(admin.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(email);
  await row.getByRole('link', { name: part.name }).click();
  await expect(admin.getByRole('heading', { name: `Order: ${part.name}` })).toBeVisible();
  return admin;
}

test('when the admin ships a paid order with a tracking number, then the customer sees it shipped, with that number', async ({
  page,
  browser,
  request,
}) => {
  const part = await samplePart(request, SHIPPED_SKU);
  const orderId = await buyAndPay(page, part);
  const email = await emailOf(page);

  const admin = await adminOpensOrder(browser, email, part);
  const ship = admin.getByRole('form', { name: 'Ship order' });
  await ship.getByLabel('Carrier').fill('DHL Express');
  await ship.getByLabel('Tracking number').fill('JD014600006281230470');
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(admin.getByText('Order shipped')).toBeVisible();
  const history = admin.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveText([
    /^Placed/,
    /^Paid/,
    /^Shipped with DHL Express, tracking number JD014600006281230470/,
  ]);
  await expect(admin.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await admin.close();

  await page.goto(`/dashboard/myOrder/${orderId}`);
  await expect(page.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'Shipped with DHL Express, tracking number JD014600006281230470',
  );
});

test("when the admin refunds a paid order that has not shipped, then it is refunded and the part's stock is back", async ({
  page,
  browser,
  request,
}) => {
  const part = await samplePart(request, REFUNDED_SKU);
  const stock = () => apiJson<Product>(request, `/api/products/${part._id}`).then((now) => now.availableQantity);
  const before = await stock();
  await buyAndPay(page, part);
  await expect.poll(stock).toBe(before - part.minimumOderQantity);

  const admin = await adminOpensOrder(browser, await emailOf(page), part);
  await admin.getByRole('button', { name: 'Refund' }).click();
  const question = admin.getByRole('group', { name: `for the order ${part.name}?` });
  await question.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(admin.getByText('Order refunded')).toBeVisible();
  await expect(admin.getByText('Nothing more to do: this order is refunded.')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'History' }).getByRole('listitem').last()).toHaveText(/^Refunded/);
  await admin.close();

  await expect.poll(stock).toBe(before);
});
