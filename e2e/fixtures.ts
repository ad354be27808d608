import { test as base, expect } from '@playwright/test';

/**
 * Every page of every test is watched: an error in the console (a CSP violation, a failed request,
 * a React error) fails the test, unless the test expects it. Not the browser's note that the page
 * itself answered 404: the server does so at a path no page has, where the app draws its not-found
 * screen.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (message.text().includes('status of 404') && message.location().url === page.url()) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
