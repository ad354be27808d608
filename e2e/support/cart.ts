import type { Page } from '@playwright/test';
import type { Product } from '../../contract/products';
import { expect } from '../fixtures';

/** Puts the part in the cart from its page (its minimum order, unless `quantity` says), and waits for the toast. */
export async function addToCartFromPartPage(page: Page, part: Pick<Product, '_id' | 'name'>, quantity?: number) {
  await page.goto(`/parts/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  if (quantity !== undefined) await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`Added to your cart: `).filter({ hasText: part.name })).toBeVisible();
}

/** The navbar's `Cart` link, whose name carries the units in the cart. */
export const cartLink = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /^Cart/ });
