import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

const START = new Date('2026-06-01T09:00:00Z');

/**
 * Playwright's clock, stopped: after `install` alone time still flows at real speed, so a slow
 * machine would move a carousel on by itself. Stopped, only `page.clock.runFor` moves time.
 */
export async function stopClock(page: Page) {
  await page.clock.install({ time: START });
  // Time flows from `install` on: stop it a minute later (no page has loaded, no timer is waiting),
  // so the stop is never in the fake past however slow the machine is.
  await page.clock.pauseAt(new Date(START.getTime() + 60_000));
}

/**
 * Lets time move on until `shown` is drawn. React shows content that suspended while its code came
 * (a lazy route or component) on a timer of its own (at most 300 ms after its fallback), stopped like
 * the rest: without this a page whose code came a moment late stays on "Loading..." (CI saw it on the
 * home page). Time moves in small steps, so a carousel's timer, which starts once it is drawn, has
 * moved at most one step when this returns.
 */
export async function whenDrawn(page: Page, shown: Locator) {
  await expect(async () => {
    await page.clock.runFor(100);
    await expect(shown).toBeVisible({ timeout: 250 });
  }).toPass();
}
