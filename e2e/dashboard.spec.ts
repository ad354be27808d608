import { expect, test } from './fixtures';
import { newPerson, register, signInAsAdmin } from './support/accounts';
import { newestParts } from './support/catalogue';

test('when a customer saves their profile info, then the toast confirms and it is still there after a reload', async ({
  page,
}) => {
  const person = newPerson();
  await register(page, person);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();

  const form = page.getByRole('form', { name: 'Profile info' });
  await form.getByRole('button', { name: 'Update Profile' }).click();
  for (const message of [
    'Education is Required',
    'Location is Required',
    'Phon Number is Required',
    'LinkedIn is Required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  const info = {
    Education: 'Diploma in Motorcycle Mechanics',
    Location: 'Porto',
    'Phone Number': '+351 555 0123',
    LinkedIn: 'https://www.linkedin.com/in/rider-porto',
  };
  for (const [label, value] of Object.entries(info)) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Update Your Profile' })).toBeVisible();

  await page.reload();
  for (const [label, value] of Object.entries(info)) {
    await expect(page.getByRole('form', { name: 'Profile info' }).getByLabel(label)).toHaveValue(value);
  }
});

test('when the dashboard opens, then the newest parts turn every 5000 ms, and a swipe over 40 px turns them too', async ({
  page,
  request,
}) => {
  const newest = await newestParts(request, 3);
  const [first = '', second = '', third = ''] = newest.map((part) => part.name);
  await register(page, newPerson());
  await page.clock.install(); // the page loads with time flowing (the data layer needs its timers)
  await page.goto('/dashboard');
  const carousel = page.getByRole('region', { name: 'New in the catalogue' });
  const active = carousel.locator('.carousel-item.active');
  await expect(carousel.locator('.carousel-item')).toHaveCount(3);
  await expect(active).toContainText(first);

  // Then time stops (a second ahead: time flows until the call lands, and the past is refused), and
  // Next restarts the 5000 ms countdown at a known moment, from whichever slide shows by then.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const names = [first, second, third];
  const shown = await active.textContent();
  const start = names.findIndex((name) => shown?.includes(name));
  expect(start).toBeGreaterThanOrEqual(0);
  const after = (turns: number) => names[(start + turns) % names.length] ?? '';
  await carousel.getByRole('button', { name: 'Next' }).click();
  await page.mouse.move(0, 0); // hovering pauses it
  await expect(active).toContainText(after(1));
  await page.clock.runFor(4_000);
  await expect(active).toContainText(after(1));
  await page.clock.runFor(1_500);
  await expect(active).toContainText(after(2));

  const swipe = async (dx: number) => {
    const box = await carousel.locator('.carousel').boundingBox();
    const x = (box?.x ?? 0) + 200;
    const y = (box?.y ?? 0) + 40;
    const touch = (clientX: number) => [{ identifier: 1, clientX, clientY: y }];
    const inner = carousel.locator('.carousel');
    await inner.dispatchEvent('touchstart', { touches: touch(x), changedTouches: touch(x) });
    await inner.dispatchEvent('touchmove', { touches: touch(x + dx), changedTouches: touch(x + dx) });
    await inner.dispatchEvent('touchend', { touches: [], changedTouches: touch(x + dx) });
    await page.clock.runFor(1_000); // the slide transition
  };
  await swipe(-30);
  await expect(active).toContainText(after(2)); // under the 40 px threshold: no change
  await swipe(-50);
  await expect(active).toContainText(after(3)); // and round again
});

test('when a customer sends an empty or out-of-range review, then the spec messages show and nothing is sent', async ({
  page,
}) => {
  const person = newPerson();
  await register(page, person);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add Review' }).click();
  const form = page.getByRole('form', { name: 'Add Review' });
  await expect(form.getByLabel('Name')).toHaveValue(person.name);
  await expect(form.getByLabel('Email')).toHaveValue(person.email);
  await expect(form.getByLabel('Photo URL')).toHaveValue(person.photoURL);
  await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');

  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/reviews')) posted = true;
  });
  const send = () => form.getByRole('button', { name: 'Add Review' }).click();
  await send();
  await expect(form.getByText('Feedback is Required')).toBeVisible();
  await expect(form.getByText('Ratting is Required')).toBeVisible();
  await form.getByLabel('Rating').fill('0');
  await send();
  await expect(form.getByText('Rattings cannot be less than 1')).toBeVisible();
  await form.getByLabel('Rating').fill('6');
  await send();
  await expect(form.getByText('Ratings cannot be larger than 5')).toBeVisible();
  expect(posted).toBe(false);
});

test('when an admin fills Add Product wrongly, then the spec messages show; the picture starts as the sample', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard/addproduct');
  const form = page.getByRole('form', { name: 'Add Product' });
  await expect(form.getByLabel('Picture')).toHaveValue('/images/products/sample-part-1280.webp');
  await form.getByLabel('Picture').fill('');
  await form.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'Name is Required',
    'Price is Required',
    'Minimum Quantity is Required',
    'Available Qantity is Required',
    'picture is Required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.getByLabel('Price').fill('0.5');
  await form.getByLabel('Minimum Quantity').fill('0');
  await form.getByLabel('Available Quantity').fill('0');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(form.getByText('The price of the product cannot be less than 1 ray')).toBeVisible();
  await expect(form.getByText('You Must add a Minimum products')).toHaveCount(2);
});

test('when the sidebar shows, then customers get My Order, Add Review and My Garage, admins the screens that run the shop', async ({
  page,
  browser,
}) => {
  await register(page, newPerson());
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link')).toHaveText(['My Profile', 'My Order', 'Add Review', 'My Garage']);
  await page.goto('/dashboard/addproduct'); // the admin guard
  await expect(page).toHaveURL('/login');

  const adminPage = await browser.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/dashboard');
  await expect(adminPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'My Profile',
    'Make Admin',
    'Add Product',
    'Manage Products',
    'Manage Orders',
    'Import Catalogue',
    'Search Synonyms',
  ]);
  await adminPage.goto('/dashboard/review'); // the customer guard
  await expect(adminPage).toHaveURL('/');
  await adminPage.close();
});
