import type { Page } from '@playwright/test';

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
