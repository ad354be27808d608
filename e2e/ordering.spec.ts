import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { newPerson, register, signInAsAdmin } from './support/accounts';
import { newestParts } from './support/catalogue';

test('when a customer orders a part, then the form checks quantity and phone, confirms, and stock goes down', async ({
  page,
  request,
}) => {
  const products = await newestParts(request);
  const part = products.find((product) => product.minimumOderQantity > 1 && product.availableQantity > 100);
  if (!part) throw new Error('no suitable seeded part');
  const person = newPerson();
  await register(page, person);
  await page.goto(`/products/${part._id}`);

  const form = page.getByRole('form', { name: 'Order Now' });
  // Who orders what is text, in a description list: nothing there to fill in.
  await expect(form.getByRole('term')).toHaveText(['Name', 'Email', 'Product Name', 'Price']);
  const unitPrice = part.price.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  await expect(form.getByRole('definition')).toHaveText([
    person.name,
    person.email,
    part.name,
    new RegExp(`${unitPrice}$`),
  ]);
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
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

test('when a customer opens My Order, then their order shows with Pay, and Delete asks first and returns the stock', async ({
  page,
  request,
}) => {
  const products = await newestParts(request);
  const part = products.find((product) => product.name.includes('Fluid')) ?? products[products.length - 1];
  if (!part) throw new Error('no seeded part');
  await register(page, newPerson());
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const placed = await page.request.post('/api/myOrder', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId: part._id, quantity: part.minimumOderQantity, phoneNumber: '+1 555 0101' },
  });
  expect(placed.ok()).toBe(true);
  const stockAfterOrder = part.availableQantity - part.minimumOderQantity;

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Order' }).click();
  await expect(page).toHaveURL('/dashboard/myOrder');
  const row = page.getByRole('row', { name: part.name });
  await expect(row).toContainText(String(part.minimumOderQantity));
  const order = (await placed.json()) as { _id: string };
  await expect(row.getByRole('link', { name: `Pay for ${part.name}` })).toHaveAttribute(
    'href',
    `/dashboard/payment/${order._id}`,
  );

  // Declining the question keeps the order.
  const question = page.getByRole('dialog', { name: `Delete the order for ${part.name}?` });
  await row.getByRole('button', { name: `Delete the order for ${part.name}` }).click();
  await expect(question).toContainText('Do you want to Delete?');
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(row.getByRole('button', { name: `Delete the order for ${part.name}` })).toBeFocused();
  await expect(row).toBeVisible();
  expect(((await (await request.get(`/api/products/${part._id}`)).json()) as Product).availableQantity).toBe(
    stockAfterOrder,
  );

  await row.getByRole('button', { name: `Delete the order for ${part.name}` }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete', { exact: true }).and(page.getByRole('alert'))).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(((await (await request.get(`/api/products/${part._id}`)).json()) as Product).availableQantity).toBe(
    part.availableQantity,
  );
});

test('when an admin opens My Order, then the customer guard sends them to /', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard/myOrder');
  await expect(page).toHaveURL('/');
});

test('when the stock sells out between loading the page and pressing Purchase, then the refusal shows under Order Quantity', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const adminPage = await browser.newPage();
  await signInAsAdmin(adminPage);
  const tokenOf = async (someone: typeof page) => {
    await expect.poll(() => someone.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    return someone.evaluate(() => localStorage.getItem('accessToken'));
  };
  const adminToken = await tokenOf(adminPage);
  const created = await adminPage.request.post('/api/products', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      name: `Last Ten Levers ${Date.now()}`,
      price: 40,
      minimumOderQantity: 1,
      availableQantity: 10,
      picture: '/images/products/brake-lever.svg',
    },
  });
  const part = (await created.json()) as Product;
  await adminPage.close();

  await register(page, newPerson());
  await page.goto(`/products/${part._id}`);
  const form = page.getByRole('form', { name: 'Order Now' });
  await form.getByLabel('Order Quantity').fill('8');
  await form.getByLabel('Phone Number').fill('+1 555 0100');

  // Meanwhile another customer buys six: four are left.
  const rival = await browser.newPage();
  await register(rival, newPerson());
  const rivalToken = await tokenOf(rival);
  const bought = await rival.request.post('/api/myOrder', {
    headers: { authorization: `Bearer ${rivalToken}` },
    data: { productId: part._id, quantity: 6, phoneNumber: '+1 555 0111' },
  });
  expect(bought.ok()).toBe(true);
  await rival.close();

  await form.getByRole('button', { name: 'Purchase' }).click();
  const quantity = form.getByLabel('Order Quantity');
  await expect(quantity).toHaveAccessibleDescription('You cannot order more than our stock');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Your Order Confirmed')).toHaveCount(0);
  const after = (await (await page.request.get(`/api/products/${part._id}`)).json()) as Product;
  expect(after.availableQantity).toBe(4);
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  consoleErrors.splice(0, consoleErrors.length); // the provoked refusal
});
