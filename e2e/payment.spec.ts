import type { Page } from '@playwright/test';
import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';

async function buyAndOpenPayment(page: Page, part: Product) {
  await register(page, newPerson());
  await page.goto(`/products/${part._id}`);
  const form = page.getByRole('form', { name: 'Order Now' });
  await form.getByLabel('Phone Number').fill('+1 555 0199');
  await form.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Your Order Confirmed')).toBeVisible();

  await page.goto('/dashboard/myOrder');
  const row = page.getByRole('row', { name: part.name });
  await row.getByRole('link', { name: `Pay for ${part.name}` }).click();
  await expect(page.getByRole('heading', { name: `Pay for ${part.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled(); // once the client secret arrived
  return row;
}

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

test('when a customer buys a part and pays with 4242 4242 4242 4242, then My Order shows it Paid', async ({
  page,
  request,
}) => {
  // Parts no other test orders, so stock checks elsewhere stay exact under parallel workers.
  const [, , part] = (await (await request.get('/api/products?limit=4')).json()) as Product[];
  if (!part) throw new Error('no products');
  await buyAndOpenPayment(page, part);
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment Confirm')).toBeVisible();
  const transactionId = (await page.getByText(/^pi_sandbox_/).textContent()) ?? '';
  expect(transactionId).toMatch(/^pi_sandbox_/);

  await page.goto('/dashboard/myOrder');
  const row = page.getByRole('row', { name: part.name });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row).toContainText(transactionId);
  await expect(row.getByRole('button', { name: /Delete/ })).toHaveCount(0);
});

test('when the card is declined, then the error shows in red and the order stays unpaid', async ({
  page,
  request,
  consoleErrors,
}) => {
  const [, , , part] = (await (await request.get('/api/products?limit=4')).json()) as Product[];
  if (!part) throw new Error('no products');
  await buyAndOpenPayment(page, part);
  await enterCard(page, '4000 0000 0000 0002');
  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-danger/);

  await page.goto('/dashboard/myOrder');
  const row = page.getByRole('row', { name: part.name });
  await expect(row.getByRole('link', { name: `Pay for ${part.name}` })).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toHaveCount(0);
  consoleErrors.splice(0, consoleErrors.length); // the 402 of the declined card
});
