import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';

/** A camera's 1600 x 1200 JPEG: a blue field with a red corner, written where the test can pick it. */
async function photoFile(path: string) {
  const corner = { create: { width: 400, height: 400, channels: 3, background: '#e01010' } } as const;
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1f4e9c' } })
    .composite([{ input: corner, top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  await writeFile(path, jpeg);
  return path;
}

/** The width of the picture the browser drew, 0 while it has not loaded (or could not). */
const drawnWidth = (img: Locator) => img.evaluate((element: HTMLImageElement) => element.naturalWidth);

test('when an admin uploads a photo on Add Product, then it previews, and the new part shows it on the home page from /media/ at a card-sized width', async ({
  page,
}, testInfo) => {
  const photo = await photoFile(testInfo.outputPath('caliper.jpg'));
  await signInAsAdmin(page);
  await page.goto('/dashboard/addproduct');
  const form = page.getByRole('form', { name: 'Add Product' });
  const name = `Uploaded-photo caliper ${randomUUID().slice(0, 6)}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Price').fill('149.00');
  await form.getByLabel('Minimum Quantity').fill('1');
  await form.getByLabel('Available Quantity').fill('8');

  await form.getByLabel('Upload photo').setInputFiles(photo);
  const preview = form.getByRole('img', { name: 'Preview of the uploaded photo' });
  await expect(preview).toBeVisible();
  await expect.poll(() => drawnWidth(preview)).toBeGreaterThan(0);
  await expect(form.getByLabel('Picture')).toHaveValue(/^\/media\/[a-f0-9]{32}-1280\.webp$/);
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product Added' })).toBeVisible();

  await page.goto('/');
  const card = page.getByRole('region', { name: 'Our Parts' }).getByRole('article').first();
  await expect(card.getByRole('heading', { name })).toBeVisible();
  const picture = card.getByRole('img', { name });
  await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/media\/[a-f0-9]{32}-320\.avif 320w/,
  );
  await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /\/media\/[a-f0-9]{32}-1280\.webp 1280w/,
  );
  await expect.poll(() => drawnWidth(picture)).toBeGreaterThan(0);
  // A card about 400 px wide on this screen: the browser took an AVIF narrower than the largest file.
  const drawn = await picture.evaluate((element: HTMLImageElement) => element.currentSrc);
  expect(drawn).toMatch(/\/media\/[a-f0-9]{32}-(320|640|960)\.avif$/);
  const file = await page.request.get(drawn);
  expect(file.headers()['content-type']).toBe('image/avif');
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
