import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';

test('when an admin edits a part from Manage Products, then its page shows the new name and price', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard/addproduct');
  const name = `Edit-me caliper ${randomUUID().slice(0, 6)}`;
  const added = page.getByRole('form', { name: 'Add Product' });
  await added.getByLabel('Name').fill(name);
  await added.getByLabel('Price').fill('120');
  await added.getByLabel('Minimum Quantity').fill('2');
  await added.getByLabel('Available Quantity').fill('10');
  await added.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product Added' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Products' }).click();
  await page
    .getByRole('row', { name })
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/editproduct\//);
  const form = page.getByRole('form', { name: 'Edit Product' });
  await expect(form.getByLabel('Name')).toHaveValue(name);
  const renamed = `${name} (rebuilt)`;
  await form.getByLabel('Name').fill(renamed);
  await form.getByLabel('Price').fill('99.50');
  // A stock below the minimum order is refused on the page, as Add Product refuses it.
  await form.getByLabel('Available Quantity').fill('1');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The minimum order cannot be more than the available quantity')).toBeVisible();
  await form.getByLabel('Minimum Quantity').fill('1');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Changes saved' })).toBeVisible();

  await page.getByRole('link', { name: 'See its page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('$99.50');

  await page.goto('/dashboard/manageproduct');
  const row = page.getByRole('row', { name: renamed });
  await expect(row).toContainText('$99.50');
  await expect(row).toContainText('1');
  await expect(row.getByText('Below minimum')).toHaveCount(0);
});
