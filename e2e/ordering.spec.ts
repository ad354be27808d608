import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';

test('when a customer orders a part, then the form checks quantity and phone, confirms, and stock goes down', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const part = products.find((product) => product.minimumOderQantity > 1 && product.availableQantity > 100);
  if (!part) throw new Error('no suitable seeded part');
  const person = newPerson();
  await register(page, person);
  await page.goto(`/products/${part._id}`);

  const form = page.getByRole('form', { name: 'Order Now' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(person.name);
  await expect(form.getByLabel('Email')).toHaveValue(person.email);
  await expect(form.getByLabel('Product Name')).toHaveValue(part.name);
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  const quantity = form.getByLabel('Order Quantity');
  await expect(quantity).toHaveValue(String(part.minimumOderQantity));

  await quantity.fill(String(part.minimumOderQantity - 1));
  await form.getByRole('button', { name: 'Purchase' }).click();
  await expect(form.getByText(`You Must Order a Minimum of ${part.minimumOderQantity} products`)).toBeVisible();
  await expect(form.getByText('Phon Number is Required')).toBeVisible();

  await quantity.fill(String(part.availableQantity + 1));
  await expect(form.getByText('You cannot order more than our stock')).toBeVisible();
  await quantity.fill('');
  await expect(form.getByText('Order Quantity is Required')).toBeVisible();

  const ordered = part.minimumOderQantity + 1;
  await quantity.fill(String(ordered));
  await expect(form.getByLabel('Total')).toContainText(
    (part.price * ordered).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  );
  await form.getByLabel('Phone Number').fill('+1 555 0100');
  await form.getByLabel('Address').fill('7 Caliper Court, Austin');
  await form.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Your Order Confirmed')).toBeVisible();
  await expect(form.getByLabel('Phone Number')).toHaveValue('');
  await expect(quantity).toHaveValue(String(part.minimumOderQantity));

  const after = (await (await request.get(`/api/products/${part._id}`)).json()) as Product;
  expect(after.availableQantity).toBe(part.availableQantity - ordered);
});
