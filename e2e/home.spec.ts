import type { Review } from '../contract/reviews';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';
import { newestParts } from './support/catalogue';

test('when the home page opens, then it shows the 6 newest parts and the 6 newest testimonials', async ({
  page,
  request,
}) => {
  const products = await newestParts(request, 6);
  const reviews = (await (await request.get('/api/reviews')).json()) as Review[];

  await page.goto('/');
  await expect(page).toHaveTitle(/Brakehouse/);
  await expect(
    page.getByRole('heading', { name: 'Your One-Stop Motorcycle Aftermarket Parts Supplier' }).first(),
  ).toBeVisible();

  const parts = page.getByRole('region', { name: 'Our Parts' });
  await expect(parts.getByRole('article')).toHaveCount(6);
  await expect(parts.getByRole('heading', { level: 3 })).toHaveText(products.slice(0, 6).map((p) => p.name));

  const testimonials = page.getByRole('region', { name: 'TESTIMONIALS' });
  await expect(testimonials.getByRole('article')).toHaveCount(6);
  await expect(testimonials.getByRole('heading', { level: 3 })).toHaveText(reviews.slice(0, 6).map((r) => r.name));
  const newest = reviews[0];
  if (!newest) throw new Error('the store has no reviews');
  // Reviews are public, reviewers' addresses are not: the API and the cards show them masked.
  for (const review of reviews) expect(review.email).toMatch(/^[^@]?\*\*\*@[^@]+$/);
  const firstCard = testimonials.getByRole('article').first();
  await expect(firstCard.getByText(newest.email, { exact: true })).toBeVisible();
  await expect(firstCard).toContainText(newest.fidback);
  await expect(firstCard.getByRole('img', { name: `Rated ${newest.ratting} out of 5` })).toBeVisible();
});

test('when a signed-in customer clicks Buy Now, then the right product page opens, and reloads as a deep link', async ({
  page,
  request,
}) => {
  const [, second] = await newestParts(request, 6);
  if (!second) throw new Error('the store has fewer than 2 products');
  await register(page, newPerson()); // the purchase page is behind the login guard
  await page.goto('/');
  await page.getByRole('link', { name: `Buy Now: ${second.name}` }).click();
  await expect(page).toHaveURL(`/products/${second._id}`);
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  await expect(page.getByText(second.description)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
});

test('when the banner and partner strip show, then they have 3 slides and 6 partner slides with dots', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Your One-Stop Motorcycle Aftermarket Parts Supplier', includeHidden: true }),
  ).toHaveCount(3);
  const partners = page.getByRole('region', { name: 'Our Partners' });
  // The strip ends the page: its slider (and Embla) load only as the visitor scrolls towards it.
  await expect(page.getByRole('region', { name: 'Our Parts' }).getByRole('article')).toHaveCount(6);
  await expect(partners.getByRole('group')).toHaveCount(0);
  await partners.scrollIntoViewIfNeeded();
  await expect(partners.getByRole('group')).toHaveCount(6);
  await expect(partners.getByRole('button', { name: /Show partner slide/ }).first()).toBeVisible();
});

test('when the parts fail to load, then a short message and Retry bring them back', async ({ page, consoleErrors }) => {
  let serverDown = true;
  await page.route('**/api/products?limit=6', async (route) => {
    if (!serverDown) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Down for a moment' }),
    });
  });
  await page.goto('/');
  await page.bringToFront();
  const parts = page.getByRole('region', { name: 'Our Parts' });
  await expect(parts.getByText('We could not load the parts. Down for a moment')).toBeVisible();
  await expect(parts.getByRole('article')).toHaveCount(0);

  serverDown = false;
  await parts.getByRole('button', { name: 'Retry' }).click();
  await expect(parts.getByRole('article')).toHaveCount(6);
  await expect(parts.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // The browser logs the failed requests; that is the point of this test.
  consoleErrors.splice(0, consoleErrors.length);
});
