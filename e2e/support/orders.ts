import type { Page } from '@playwright/test';
import type { Product } from '../../contract/products';
import { expect } from '../fixtures';
import { newPerson, register } from './accounts';

/** A new customer orders the part, then opens its payment page from My Order; Pay is ready. */
export async function buyAndOpenPayment(page: Page, part: Product) {
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
}

/** My Order's row for the part, as a customer sees it after paying. */
export async function expectPaidInMyOrder(page: Page, part: Product, transactionId: string) {
  await page.goto('/dashboard/myOrder');
  const row = page.getByRole('row', { name: part.name });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row).toContainText(transactionId);
  await expect(row.getByRole('button', { name: /Delete/ })).toHaveCount(0);
}

export async function expectUnpaidInMyOrder(page: Page, part: Product) {
  await page.goto('/dashboard/myOrder');
  const row = page.getByRole('row', { name: part.name });
  await expect(row.getByRole('link', { name: `Pay for ${part.name}` })).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toHaveCount(0);
}
