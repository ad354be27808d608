// What makes a screen look the same on every run, for the screenshot tests: the store's shared data
// as a fresh store has it, carousels held on their first slide, and what differs by nature (times,
// ids) drawn the same and masked.

import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import type { CatalogueResponse, Product } from '../../contract/products';
import type { Review } from '../../contract/reviews';
import { seedProducts } from '../../server/db/sample-catalogue';
import { seedReviews } from '../../server/db/seed-data';
import { expect } from '../fixtures';

/** What the screenshots mask: each element marked so (a time, an id) is drawn as a box of one colour. */
export const VOLATILE = '[data-volatile]';

const seedBySku = new Map(seedProducts.map((seed) => [seed.sku.toLowerCase(), seed]));
const seedReviewers = new Set(seedReviews.map((review) => review.name));

/** The part as the sample catalogue has it, with the stock it starts with; nothing for another part. */
function asSeeded(product: Product): Product | undefined {
  const seed = seedBySku.get(product.sku.toLowerCase());
  return (
    seed && { ...product, availableQantity: seed.availableQuantity, minimumOderQantity: seed.minimumOrderQuantity }
  );
}

/**
 * Answers a list read with the longest list the store gives (no `limit`) as `keep` leaves it, cut to
 * the `limit` newest the page asked for, so a page gets what a fresh store gives. Reviews come newest
 * first, parts oldest first (`newestLast`).
 */
async function answerList<T>(route: Route, keep: (items: T[]) => T[], newestLast = false) {
  if (route.request().method() !== 'GET') return route.fallback();
  const url = new URL(route.request().url());
  const limit = url.searchParams.get('limit');
  url.searchParams.delete('limit');
  const response = await route.fetch({ url: url.href });
  const kept = keep((await response.json()) as T[]);
  const cut = limit === null ? kept : newestLast ? kept.slice(-Number(limit)) : kept.slice(0, Number(limit));
  await route.fulfill({ status: response.status(), json: cut });
}

/**
 * Manage Products' pages as a fresh store answers them: the sample catalogue's parts alone (the
 * newest 100 hold them all), newest first, searched and counted as the server does.
 */
async function answerAdminProducts(route: Route) {
  if (route.request().method() !== 'GET') return route.fallback();
  const url = new URL(route.request().url());
  const newest = await route.fetch({ url: `${url.origin}/api/products?limit=100` });
  const parts = ((await newest.json()) as Product[]).flatMap((part) => asSeeded(part) ?? []).reverse();
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const matching = parts.filter((part) =>
    [part.name, part.sku, part.brand].some((text) => text.toLowerCase().includes(q)),
  );
  const below = matching.filter((part) => part.availableQantity < part.minimumOderQantity);
  const listed = url.searchParams.get('belowMinimum') === 'true' ? below : matching;
  const page = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  const items = listed.slice((page - 1) * pageSize, page * pageSize);
  await route.fulfill({ json: { items, total: listed.length, page, pageSize, belowMinimumCount: below.length } });
}

/**
 * The other specs of a run add parts, reviews and orders while the screenshots are taken: the
 * browser's reads of parts and reviews are answered as a fresh store answers them. The parts of the
 * sample catalogue alone, each with the stock it starts with (others' orders take from it, one sells
 * a part out), and the sample reviews alone (the home page shows the newest). The catalogue's
 * search keeps its parts and counts: the screens narrow it to a bike no added part fits.
 */
export async function answerAsFreshStore(context: BrowserContext) {
  await context.route(/\/api\/products(\?.*)?$/, (route) =>
    answerList<Product>(route, (parts) => parts.flatMap((part) => asSeeded(part) ?? []), true),
  );
  await context.route(/\/api\/admin\/products(\?.*)?$/, answerAdminProducts);
  await context.route(/\/api\/products\/[^/?]+$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const part = (await response.json()) as Product;
    await route.fulfill({ status: response.status(), json: asSeeded(part) ?? part });
  });
  await context.route(/\/api\/catalogue(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const found = (await response.json()) as CatalogueResponse;
    const items = found.items.map((item) => ({ ...item, ...asSeeded(item) }));
    await route.fulfill({ status: response.status(), json: { ...found, items } });
  });
  await context.route(/\/api\/reviews(\?.*)?$/, (route) =>
    answerList<Review>(route, (reviews) => reviews.filter((review) => seedReviewers.has(review.name))),
  );
}

/**
 * Puts the carousels on their first slide, under the stopped clock: the banner, the home page's
 * partner strip and the dashboard's newest parts. The strip moves by itself every 2000 ms: a press
 * on it starts that wait again, from now, and a little time then lets it glide to its first slide.
 */
async function firstSlides(page: Page) {
  const banner = page.getByRole('region', { name: 'Featured parts' });
  if ((await banner.count()) > 0) {
    const first = banner.getByRole('button', { name: 'Slide 1', exact: true });
    await first.dispatchEvent('click');
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(banner.locator('.carousel-item.leaving')).toHaveCount(0);
  }

  const firstPartner = page.getByRole('button', { name: 'Show partner slide 1', exact: true });
  if ((await firstPartner.count()) > 0) {
    const track = page.locator('.partners-track');
    await track.dispatchEvent('mousedown', { button: 0, buttons: 1 });
    await track.dispatchEvent('mouseup', { button: 0 });
    await firstPartner.dispatchEvent('click');
    await page.clock.runFor(1_500);
    await expect(firstPartner).toHaveAttribute('aria-current', 'true');
    await expect(track).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)'); // at rest at the start
  }

  const newest = page.locator('.dashboard-carousel');
  if ((await newest.count()) > 0) {
    const first = newest.locator('.carousel-indicators > button').first();
    await first.dispatchEvent('click');
    await expect(newest.locator('.carousel-item').first()).toHaveClass(/(^|\s)active(\s|$)/);
    await expect(newest.locator('.carousel-item-next, .carousel-item-prev')).toHaveCount(0);
  }
}

/** What differs by nature on a screen: ids and numbers the store gives out, and times it wrote (ISO). */
export interface Volatile {
  words: string[];
  times: string[];
}

/**
 * What differs by nature from run to run drawn the same way and marked to be masked: every <time>,
 * and each of the `times` where a text shows it (medium date, with or without the time of day), as
 * if it were 1 June 2026, 9:00 UTC; each of the `words` (ids) wherever a text shows it, as as many
 * zeros, in a span of its own.
 */
function steadyTexts(page: Page, { words, times }: Volatile) {
  return page.evaluate(
    ({ words, times, at }) => {
      const formats: Intl.DateTimeFormatOptions[] = [
        { dateStyle: 'medium', timeStyle: 'short' },
        { dateStyle: 'medium' },
      ];
      const write = (iso: number | string, format: Intl.DateTimeFormatOptions, timeZone?: string) =>
        new Intl.DateTimeFormat('en-US', { ...format, timeZone }).format(new Date(iso));
      for (const time of document.querySelectorAll('time')) {
        const format = formats[/\d:\d\d/.test(time.textContent ?? '') ? 0 : 1];
        time.textContent = write(at, format ?? {}, 'UTC');
        time.setAttribute('data-volatile', '');
      }
      const standIns = [
        ...formats.flatMap((format) => times.map((time) => [write(time, format), write(at, format, 'UTC')] as const)),
        ...words.filter((word) => word !== '').map((word) => [word, word.replace(/[A-Za-z0-9]/g, '0')] as const),
      ];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
      // A text with a word in it is split in three: the word's own span, and before and after it to look in again.
      for (let text = texts.pop(); text; text = texts.pop()) {
        if (text.parentElement?.closest('[data-volatile]')) continue;
        const [word, standIn] = standIns.find(([word]) => text?.data.includes(word)) ?? [];
        if (word === undefined || standIn === undefined) continue;
        const middle = text.splitText(text.data.indexOf(word));
        texts.push(text, middle.splitText(word.length));
        const span = document.createElement('span');
        span.setAttribute('data-volatile', '');
        span.textContent = standIn;
        middle.replaceWith(span);
      }
    },
    { words, times, at: Date.UTC(2026, 5, 1, 9) },
  );
}

/** Every picture loaded (those that wait for the reader to come near too) and decoded, and the fonts ready. */
function picturesLoaded(page: Page) {
  return page.evaluate(async () => {
    for (const image of document.images) image.loading = 'eager';
    await document.fonts.ready;
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
}

const requestsOf = new WeakMap<Page, Set<Request>>();

/** Keeps count of the page's requests in flight, for `holdStill` to wait until there are none. */
export function countRequests(page: Page) {
  const inFlight = new Set<Request>();
  requestsOf.set(page, inFlight);
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
}

/** No request in flight, and none a fifth of a second later: what a drawn screen still loads has come in. */
async function networkQuiet(page: Page) {
  const inFlight = requestsOf.get(page);
  if (!inFlight) throw new Error('countRequests(page) first');
  const inFlightNow = () => [...inFlight].map((request) => request.url());
  await expect(async () => {
    expect(inFlightNow(), 'requests in flight').toEqual([]);
    await page.waitForTimeout(200);
    expect(inFlightNow(), 'requests in flight a moment later').toEqual([]);
  }).toPass({ intervals: [50] });
}

/**
 * Stops the installed clock half a second from the page's now: on a busy machine that now may have
 * passed before the clock is told, and it is asked again.
 */
async function stopClock(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    } catch (error) {
      if (attempt === 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * Makes the drawn screen hold still for its screenshot: what it loads in, the clock stopped (no
 * carousel, timer or refetch moves anything), the carousels on their first slide, times and other
 * volatile texts steady and masked, every picture in, nothing hovered or focused, the page at its
 * top. The clock must be installed, and resumed before the next page is opened (a page loads its
 * data on timers); the page's requests counted (countRequests).
 */
export async function holdStill(page: Page, volatile: Volatile = { words: [], times: [] }) {
  await networkQuiet(page);
  await stopClock(page);
  await firstSlides(page);
  await steadyTexts(page, volatile);
  await picturesLoaded(page);
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' }); // not smoothly: the shot would catch it on the way
  });
}
