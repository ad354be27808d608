import { passwordResetTexts as texts } from '../contract/messages';
import { pagePaths } from '../contract/pages';
import { expect, test } from './fixtures';
import { logIn, logOut, newPerson, register } from './support/accounts';
import { E2E_BASE_URL } from './support/constants';
import { linkIn, newestMailTo } from './support/mail';

test('when a customer forgets the password, then the e-mailed link sets a new one, once', async ({
  page,
  consoleErrors,
}) => {
  const person = newPerson();
  await register(page, person);
  await logOut(page);

  await page.goto(pagePaths.login);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(pagePaths.forgotPassword);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(texts.linkSent);

  const mail = await newestMailTo(person.email, 'Reset your password');
  const link = linkIn(mail, `${E2E_BASE_URL}${pagePaths.resetPassword}?token=`);

  await page.goto(link);
  await page.getByLabel('New password').fill('new-brake-pads-7');
  await page.getByLabel('Confirm password').fill('new-brake-pads-7');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(pagePaths.login);
  await expect(page.getByRole('status')).toHaveText('Your password was changed. Sign in with the new one.');

  await logIn(page, { ...person, password: 'new-brake-pads-7' });
  await expect(page.getByRole('navigation').getByText(person.name)).toBeVisible();
  await logOut(page);

  await page.goto(pagePaths.login);
  await logIn(page, person);
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' })).toBeVisible();

  // The same link again: its token went with the first reset.
  await page.goto(link);
  await page.getByLabel('New password').fill('another-password-8');
  await page.getByLabel('Confirm password').fill('another-password-8');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(texts.linkInvalid);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(pagePaths.forgotPassword);
  // The browser logs the refused requests (401, 400); they are what this test provokes.
  consoleErrors.splice(0, consoleErrors.length);
});

test('when a visitor asks for a link for an e-mail with no account, then the answer is the same', async ({ page }) => {
  await page.goto(pagePaths.forgotPassword);
  await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(texts.linkSent);
});

test('when the reset page is opened without a token, then it says the link is not valid and where to ask again', async ({
  page,
}) => {
  await page.goto(pagePaths.resetPassword);
  await expect(page.getByRole('alert')).toHaveText(texts.linkInvalid);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    pagePaths.forgotPassword,
  );
});
