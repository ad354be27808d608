import { expect, test } from './fixtures';
import { stopClock, whenDrawn } from './support/clock';

/** Time is Playwright's stopped clock, so these take milliseconds and do not flake on a busy machine. */
test('when 5000 ms pass, then the banner fades to the next slide, but not while hovered', async ({ page }) => {
  await stopClock(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Featured parts' });
  const first = banner.getByRole('img', { name: 'Semi-floating wave brake disc with a gold carrier' });
  const second = banner.getByRole('img', { name: 'Red radial four-piston brake caliper' });
  await whenDrawn(page, first);

  await page.clock.runFor(4_000);
  await expect(first).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(second).toBeVisible();
  await expect(first).toBeHidden();

  await banner.hover();
  await page.clock.runFor(12_000);
  await expect(second).toBeVisible();
});

test('when the banner has focus, then the arrow keys change slides and wrap around', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Featured parts' });
  await banner.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(banner.getByRole('img', { name: 'A pair of sintered brake pads' })).toBeVisible();
});

test('when 2000 ms pass, then the partner strip moves on by one slide', async ({ page }) => {
  await stopClock(page);
  await page.goto('/');
  const partners = page.getByRole('region', { name: 'Our Partners' });
  await whenDrawn(page, partners.getByRole('heading', { name: 'Our Partners' })); // the home page's code may come late
  await partners.scrollIntoViewIfNeeded(); // the slider loads as the visitor comes near it
  const dots = partners.getByRole('button', { name: /Show partner slide/ });
  await whenDrawn(page, dots.first()); // its code comes as it is scrolled to
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await page.clock.runFor(2_500);
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(dots.first()).toHaveAttribute('aria-current', 'false');
});
