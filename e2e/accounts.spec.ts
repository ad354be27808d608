import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { logIn, logOut, newPerson, register, registerElsewhere, signInAsAdmin } from './support/accounts';
import { E2E_ADMIN_EMAIL, E2E_BASE_URL } from './support/constants';

test('when someone registers, then they land on / signed in, stay signed in after a reload, and log out', async ({
  page,
}) => {
  const person = newPerson();
  await register(page, person);
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);

  await page.reload();
  await expect(nav.getByText(person.name)).toBeVisible();

  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('when a signed-out visitor opens a part, then login brings them back to that part', async ({ page, request }) => {
  const person = newPerson();
  await register(page, person);
  await logOut(page);

  const [product] = (await (await request.get('/api/products?limit=1')).json()) as Product[];
  if (!product) throw new Error('no products');
  await page.goto(`/products/${product._id}`);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'LogIn' })).toBeVisible();
  await logIn(page, person);
  await expect(page).toHaveURL(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('when a signed-out visitor opens the dashboard or an admin page, then they are sent to /login', async ({
  page,
}) => {
  for (const path of ['/dashboard', '/dashboard/makeadmin']) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
  }
});

test('when a customer opens an admin page, then the admin guard sends them to /login, and back after login', async ({
  page,
}) => {
  const person = newPerson();
  await register(page, person);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'My Order' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Add Review' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: person.name })).toBeVisible();

  await page.goto('/dashboard/makeadmin');
  await expect(page).toHaveURL('/login');
});

test('when the login and register forms are sent empty or wrong, then every spec message shows under its field', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
  await page.getByLabel('Email').fill('abc');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Please Provide A Valid Email')).toBeVisible();
  await expect(page.getByText('Of course, you have to give a password greater than 6 digits')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('link', { name: 'Please Register' }).click();
  await expect(page).toHaveURL('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  for (const message of ['Name is Required', 'Phot Url is Required', 'Email is Required', 'Password is Required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Please Login' }).click();
  await expect(page).toHaveURL('/login');
});

test('when the server refuses, then the reason shows in plain words, red and bold', async ({ page, consoleErrors }) => {
  const person = newPerson();
  await register(page, person);
  await logOut(page);

  await page.goto('/login');
  await logIn(page, { ...person, password: 'not-the-password' });
  const wrong = page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' });
  await expect(wrong).toBeVisible();
  await expect(wrong).toHaveClass(/text-danger/);
  await expect(wrong).toHaveClass(/fw-bold/);

  await page.goto('/register');
  await page.getByLabel('Name').fill('Twin');
  await page.getByLabel('Photo URL').fill('/images/reviewers/ben.svg');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('another-pass');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That e-mail is already registered' })).toBeVisible();
  // The browser logs the refused requests (401, 422); they are what this test provokes.
  consoleErrors.splice(0, consoleErrors.length);
});

test('when an admin promotes a customer on Make Admin, then the toast confirms and the button goes', async ({
  page,
  browser,
}) => {
  const customer = await registerElsewhere(browser);

  await signInAsAdmin(page);
  // The admin registered without a photo: the navbar shows the default image.
  await expect(page.getByRole('navigation').locator('img')).toHaveAttribute(
    'src',
    '/images/reviewers/default-user.svg',
  );
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'My Order' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Make Admin' }).click();

  const promote = page.getByRole('button', { name: `Make ${customer.email} an admin` });
  await promote.click();
  await expect(page.getByText('Successfully Add Admin')).toBeVisible();
  await expect(promote).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(customer.email) }).getByText('Admin')).toBeVisible();
  await expect(page.getByRole('button', { name: `Make ${E2E_ADMIN_EMAIL} an admin` })).toHaveCount(0);
});

test('when promoting fails with 403, then the Fail To Make An Admin toast shows', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const customer = await registerElsewhere(browser);

  await signInAsAdmin(page);
  await page.route('**/api/user/admin/**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: '{"statusCode":403,"error":"Forbidden","message":"Only an admin can do that"}',
    }),
  );
  await page.goto('/dashboard/makeadmin');
  await page.getByRole('button', { name: `Make ${customer.email} an admin` }).click();
  await expect(page.getByText('Fail To Make An Admin')).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length);
});

test('when someone signs in with Google, then the popup completes and they are signed in', async ({ page }) => {
  const email = `gina-${Date.now()}@gmail.test`;
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByRole('textbox', { name: /login/i }).fill(email);
  await popup.locator('input[name="password"]').fill('anything');
  await popup.getByRole('button', { name: /sign-in/i }).click();
  await popup.getByRole('button', { name: /continue/i }).click();
  await expect(page.getByRole('navigation').getByText('Gina Google')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
});

test('when the API answers 401 and the session is over, then the user is signed out and sent to /login, and comes back after login', async ({
  page,
  consoleErrors,
}) => {
  const person = newPerson();
  await register(page, person);
  // The session ends while the page is open (signed out elsewhere, revoked): its token with it.
  const signOut = await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: E2E_BASE_URL } });
  expect(signOut.ok()).toBe(true);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await logIn(page, person);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length); // the provoked 401
});

test('when the API answers 401 while the session lives (the token expired or was replaced), then a new token is fetched and the customer stays', async ({
  page,
  consoleErrors,
}) => {
  const person = newPerson();
  await register(page, person);
  await page.evaluate(() => localStorage.setItem('accessToken', 'eyJhbGciOiJIUzI1NiJ9.e30.invalid'));
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Order', exact: true })
    .click();
  await expect(page).toHaveURL('/dashboard/myOrder');
  await expect(page.getByText('You have no orders yet.')).toBeVisible(); // the refused read, gone again
  await expect(page.getByRole('navigation').getByText(person.name)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey[^.]+\.ey/);
  consoleErrors.splice(0, consoleErrors.length); // the provoked 401
});
