import type { Page } from '@playwright/test';
import { pagePaths } from '../contract/pages';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { knownPart } from './support/screens';

/** How many times Tab is pressed on each screen: past the navbar, into the page's own controls. */
const TAB_STOPS = 24;

/**
 * What the element that has the keyboard's focus shows of it: its outline (the store's ring,
 * _components.scss) when that is at least 2 px and not transparent, or its card's; else nothing.
 */
async function focusRing(page: Page): Promise<{ element: string; ring: string | null } | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const ringOf = (shown: Element) => {
      const style = getComputedStyle(shown);
      const ringed =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 2 &&
        style.outlineColor !== 'rgba(0, 0, 0, 0)';
      return ringed ? `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}` : null;
    };
    // A card that is one link rings as a whole, around the link that has the focus.
    const card = element.closest('.part-card, .product-card');
    const ring = ringOf(element) ?? (card ? ringOf(card) : null);
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
    return {
      element: `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${name}"`,
      ring,
    };
  });
}

/** Tabs through the screen and names every stop whose focus cannot be seen. */
async function unseenStops(page: Page, where: string): Promise<string[]> {
  const unseen: string[] = [];
  // Focus starts before the page's first control.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let stop = 0; stop < TAB_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusRing(page);
    if (focused && !focused.ring) unseen.push(`${where}: ${focused.element}`);
  }
  return unseen;
}

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`when a keyboard user tabs through the shop's screens on a ${size}, then every control that takes the focus shows a ring`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const part = await knownPart(page);
    const screens = [
      pagePaths.root,
      pagePaths.parts,
      pagePaths.part(part._id),
      pagePaths.cart,
      pagePaths.login,
      pagePaths.register,
    ];
    const unseen: string[] = [];
    for (const url of screens) {
      await page.goto(url);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      unseen.push(...(await unseenStops(page, url)));
    }
    // Signing in looks for the admin's name in the navbar, which a phone folds away.
    await page.setViewportSize(SIZES.desktop);
    await signInAsAdmin(page);
    await page.setViewportSize(viewport);
    for (const url of [pagePaths.manageProduct, pagePaths.manageOrders]) {
      await page.goto(url);
      await expect(page.getByRole('main').getByRole('table')).toBeVisible();
      unseen.push(...(await unseenStops(page, url)));
    }
    expect(unseen).toEqual([]);
  });
}
