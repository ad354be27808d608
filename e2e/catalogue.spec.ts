import { randomUUID } from 'node:crypto';
import { maskEmail } from '../contract/privacy';
import { expect, test } from './fixtures';
import { newPerson, register, signInAsAdmin } from './support/accounts';

// These tests change what the home page shows first, so they run after every other browser test
// (the "catalogue" project in playwright.config.ts) and one at a time.
test.describe.configure({ mode: 'serial' });

test('when a customer adds a review with HTML in it, then it shows first on the home page, as plain text, their e-mail masked', async ({
  page,
}) => {
  const person = newPerson();
  await register(page, person);
  await page.goto('/dashboard/review');
  const form = page.getByRole('form', { name: 'Add Review' });
  const feedback = `<b>Bold</b> pads <img src=x onerror="document.title='pwned'"> ${randomUUID().slice(0, 6)}`;
  await form.getByLabel('Feedback').fill(feedback);
  await form.getByLabel('Rating').fill('4');
  await form.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Thank For The Feedback' })).toBeVisible();
  await expect(form.getByLabel('Feedback')).toHaveValue('');

  await page.goto('/');
  const testimonials = page.getByRole('region', { name: 'TESTIMONIALS' });
  const first = testimonials.getByRole('article').first();
  await expect(first.getByRole('heading', { name: person.name })).toBeVisible();
  await expect(first.getByText(maskEmail(person.email), { exact: true })).toBeVisible();
  await expect(testimonials.getByText(person.email)).toHaveCount(0);
  await expect(first).toContainText(feedback);
  await expect(first.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(first.locator('b')).toHaveCount(0);
  await expect(page).not.toHaveTitle('pwned');
});

test('when an admin adds a part, then it shows first on the home page; deleted on Manage Products, it is gone', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add Product' }).click();
  // HTML in the name must show as the text it is, on every page that shows the part.
  const name = `Billet Lever <b>x</b><img src=x onerror="document.title='pwned'"> ${randomUUID().slice(0, 6)}`;
  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Price').fill('64.90');
  await form.getByLabel('Minimum Quantity').fill('2');
  await form.getByLabel('Available Quantity').fill('30');
  await form.getByLabel('Picture').fill('/images/products/brake-lever.svg');
  await form.getByLabel('Description').fill('CNC-machined, six-way adjustable.');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product Added' })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Price')).toHaveValue('');
  await expect(form.getByLabel('Picture')).toHaveValue('/images/products/sample-part-1280.webp');

  await page.goto('/');
  const parts = page.getByRole('region', { name: 'Our Parts' });
  await expect(parts.getByRole('article').first().getByRole('heading', { name })).toBeVisible();
  await expect(parts.getByRole('article').first()).toContainText('$64.90');
  await expect(parts.getByRole('article').first().locator('b, img[src="x"]')).toHaveCount(0);
  await expect(page).not.toHaveTitle('pwned');

  await page.goto('/dashboard/manageproduct');
  const row = page.getByRole('row', { name });
  const question = page.getByRole('dialog', { name: `Delete ${name} from the catalogue?` });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(question).toContainText('Do you want to Delete?');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(row).toBeVisible(); // declining keeps it
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'DELETE' })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto('/');
  await expect(parts.getByRole('heading', { name })).toHaveCount(0);
});
