import type { Locator } from '@playwright/test';
import { pageTexts } from '../contract/page-texts';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';
import { stopClock, whenDrawn } from './support/clock';

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (one: Box, other: Box) =>
  one.x < other.x + other.width &&
  other.x < one.x + one.width &&
  one.y < other.y + other.height &&
  other.y < one.y + one.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not drawn`);
  return box;
}

/**
 * Where a banner's part shows: each banner draws it right of x = 880 of its 1600 x 600, and the page
 * fits the picture into its box as `object-fit: cover` at its `object-position` does.
 */
function artworkOf(picture: Locator): Promise<Box> {
  return picture.evaluate((image) => {
    const box = image.getBoundingClientRect();
    const scale = Math.max(box.width / 1600, box.height / 600);
    const [across = '50%'] = getComputedStyle(image).objectPosition.split(' ');
    const left = box.left + (box.width - 1600 * scale) * (parseFloat(across) / 100) + 880 * scale;
    return { x: left, y: box.top, width: box.right - left, height: box.height };
  });
}

/** The arrows of the carousel in `region`: their boxes, named. */
async function arrowsOf(region: Locator) {
  return {
    Previous: await boxOf(region.getByRole('button', { name: 'Previous' })),
    Next: await boxOf(region.getByRole('button', { name: 'Next' })),
  };
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`when the home page opens on a ${size}, then no arrow covers the banner's text, nor does its text the part`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await stopClock(page); // the first slide stays
    await page.goto('/');
    const slide = page.getByRole('region', { name: 'Featured parts' }).getByRole('group', { name: '1 of 3' });
    const texts = {
      headline: slide.getByRole('heading', { level: 1, name: pageTexts.bannerHeading }),
      'sub-text': slide.getByText(pageTexts.bannerSubtext),
      'call to action': slide.getByRole('link', { name: pageTexts.bannerCallToAction }),
    };
    await whenDrawn(page, texts.headline);
    for (const text of Object.values(texts)) await expect(text).toBeInViewport();
    const picture = slide.getByRole('img');
    await expect(picture).toBeVisible();

    const artwork = await artworkOf(picture);
    const arrows = await arrowsOf(page.getByRole('region', { name: 'Featured parts' }));
    for (const [name, text] of Object.entries(texts)) {
      const box = await boxOf(text);
      for (const [arrow, arrowBox] of Object.entries(arrows)) {
        expect(overlap(box, arrowBox), `the ${name} under the ${arrow} arrow`).toBe(false);
      }
      expect(overlap(box, artwork), `the ${name} over the part`).toBe(false);
    }
  });

  test(`when a visitor on a ${size} follows the banner's call to action, then the bike picker shows`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const picker = page.getByRole('region', { name: 'Find parts for your bike' });
    await page.getByRole('link', { name: pageTexts.bannerCallToAction }).click();
    await expect(page).toHaveURL(/\/#find-parts$/);
    await expect(picker.getByRole('button', { name: 'Select bike' })).toBeInViewport();
  });
}

/** The slide on show: while hovered the carousel stays, and once it has stopped moving one picture shows. */
async function pictureOnShow(carousel: Locator) {
  await carousel.hover();
  const pictures = carousel.getByRole('presentation').filter({ visible: true });
  await expect(pictures).toHaveCount(1);
  return boxOf(pictures);
}

test("when a customer's dashboard shows the newest parts, then the carousel's arrows are beside the picture, not over it", async ({
  page,
}) => {
  await register(page, newPerson());
  await page.goto('/dashboard');
  const carousel = page.getByRole('region', { name: 'New in the catalogue' });
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    const picture = await pictureOnShow(carousel);
    for (const [arrow, arrowBox] of Object.entries(await arrowsOf(carousel))) {
      expect(overlap(picture, arrowBox), `the ${arrow} arrow over the picture on a ${size}`).toBe(false);
    }
  }
});
