import { expect, test } from './fixtures';

test('when the Blog opens, then it shows five question-and-answer cards', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('article')).toHaveCount(5);
  for (const topic of [
    /performance of a React application/,
    /manage state in a React/,
    /prototypical inheritance/,
    /unit tests/,
    /find products by name/,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }
});

test('when the Portfolio opens, then it shows the skill levels of the spec and three project links', async ({
  page,
}) => {
  await page.goto('/portfolio');
  const levels = {
    HTML: 90,
    CSS: 85,
    Bootstrap: 75,
    Tailwind: 50,
    JavaScript: 70,
    React: 64,
    Node: 20,
    Express: 30,
    MongoDB: 40,
  };
  for (const [skill, level] of Object.entries(levels)) {
    await expect(page.getByRole('progressbar', { name: skill, exact: true })).toHaveAttribute(
      'aria-valuenow',
      String(level),
    );
  }
  await expect(page.getByRole('link', { name: /^Visit /, includeHidden: true })).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Contact', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About me' })).toBeVisible();
});

test('when a page does not exist, then the 404 screen offers Go Back to /home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(
    page.getByText("Sorry, we can't find that page! Don't worry though, everything is STILL AWESOME!"),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('region', { name: 'Our Parts' })).toBeVisible();
});

test('when the footer shows, then it has the brand, the shop description and the contact e-mail', async ({ page }) => {
  await page.goto('/blog');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'Brakehouse' })).toBeVisible();
  await expect(footer).toContainText('We sell brake pads, disks and accessories');
  await expect(footer.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'sales@brakehouse.example' })).toHaveAttribute(
    'href',
    'mailto:sales@brakehouse.example',
  );
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('when the page opens, then the navbar is collapsed until the toggle opens it', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation');
    const toggle = nav.getByRole('button', { name: 'Toggle navigation' });
    await expect(toggle).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
    await toggle.click();
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
  });
});

test('when the desktop navbar shows, then its links lead to the spec routes', async ({ page }) => {
  await page.goto('/blog');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Brakehouse' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  await expect(nav.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blog');
  await expect(nav.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});
