import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';

test('when a page injects an inline script or handler, then the CSP stops it from running', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  const result = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.__handlerRan = true');
    document.body.append(button);
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const flags = window as unknown as { __inlineRan?: boolean; __handlerRan?: boolean };
    return { inline: flags.__inlineRan ?? false, handler: flags.__handlerRan ?? false, violations };
  });
  expect(result.inline).toBe(false);
  expect(result.handler).toBe(false);
  expect(result.violations.some((directive) => directive.startsWith('script-src'))).toBe(true);
  consoleErrors.splice(0, consoleErrors.length); // the browser reports the two refusals
});

/** Watches the page from its first byte: records any dashboard content that ever reached the DOM. */
async function watchForDashboardContent(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll('h1, h2, nav[aria-label="Dashboard"]')) {
        const text = heading.getAttribute('aria-label') ?? heading.textContent ?? '';
        if (/Dashboard|My Order|Make Admin|Manage Products|Add Product/.test(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test('when a signed-out visitor opens guarded pages, then they reach /login without the content ever showing', async ({
  page,
}) => {
  await watchForDashboardContent(page);
  for (const path of ['/dashboard', '/dashboard/myOrder', '/dashboard/makeadmin', '/dashboard/manageproduct']) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([]);
  }
});

test('when a customer opens an admin page, then the admin content never shows before the redirect', async ({
  page,
}) => {
  await register(page, newPerson());
  await watchForDashboardContent(page);
  for (const path of ['/dashboard/makeadmin', '/dashboard/addproduct', '/dashboard/manageproduct']) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.filter((text) => /Make Admin|Manage Products|Add Product/.test(text))).toEqual([]);
  }
});

test('when a customer signs up and uses the forms, then no page ever runs into the CSP (no eval, no inline code)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const violationsOn = async (where: string) => {
    const seen = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    expect(seen, where).toEqual([]);
  };
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Our Parts' }).getByRole('article')).toHaveCount(6);
  await page.getByRole('region', { name: 'Our Partners' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: /Show partner slide/ }).first()).toBeVisible();
  await violationsOn('/');

  // The forms validate with zod: typing and submitting runs its parsers.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await violationsOn('/login');

  await register(page, newPerson()); // the register form, then the dashboard
  await page.goto('/dashboard/review');
  await page
    .getByRole('button', { name: /submit|send|add/i })
    .first()
    .click();
  await violationsOn('/dashboard/review');
});
