// A customer's orders as the specs that check every screen need them: one left unpaid, one paid,
// placed through the store's own pages and API.

import type { Page } from '@playwright/test';
import type { Order } from '../../contract/orders';
import { pagePaths } from '../../contract/pages';
import type { Product } from '../../contract/products';
import { expect } from '../fixtures';

const orderIdIn = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

/** Pays on the open payment page with the sandbox's good card; answers the order's id. */
export async function payWithGoodCard(page: Page) {
  const orderId = orderIdIn(page.url());
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled(); // the client secret arrived
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your payment Confirm')).toBeVisible();
  return orderId;
}

/** The signed-in customer orders the part with Order Now and leaves it unpaid; answers the order's id. */
export async function orderUnpaid(page: Page, part: Product) {
  await page.goto(pagePaths.product(part._id));
  const form = page.getByRole('form', { name: 'Order Now' });
  await form.getByLabel('Phone Number').fill('+1 555 0199');
  await form.getByRole('button', { name: 'Purchase' }).click();
  const payNow = page.getByRole('status').getByRole('link', { name: /^Pay now/ });
  await expect(payNow).toBeVisible();
  return orderIdIn(new URL((await payNow.getAttribute('href')) ?? '', page.url()).href);
}

/**
 * The signed-in customer, with the part in their cart, checks out (an address in Austin, the first
 * shipping method) and pays; answers the order's id.
 */
export async function checkOutAndPay(page: Page) {
  await page.goto(pagePaths.checkout);
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Address line 1').fill('7 Caliper Court');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Postal code').fill('78701');
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('Phone number').fill('+1 555 0142');
  await form.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  return payWithGoodCard(page);
}

/** The order as its customer's API answers it (the signed-in page's bearer token, as the web app sends it). */
export async function orderOf(page: Page, orderId: string): Promise<Order> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(`/api/myOrder/${encodeURIComponent(orderId)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `order ${orderId} answered ${response.status()}`).toBe(true);
  return (await response.json()) as Order;
}
