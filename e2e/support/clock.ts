import type { Page } from '@playwright/test';

const START = new Date('2026-06-01T09:00:00Z');

/**
 * Playwright's clock, stopped: after `install` alone time still flows at real speed, so a slow
 * machine would move a carousel on by itself. Stopped, only `page.clock.runFor` moves time.
 */
export async function stopClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START);
}
