import { emailVerificationTexts as texts } from '../contract/messages';
import { pagePaths } from '../contract/pages';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';
import { E2E_BASE_URL } from './support/constants';
import { linkIn, newestMailTo } from './support/mail';

/** What someone registering a victim's address types as the name, hoping the store will mail it. */
const LURE = 'Your account is locked. Unlock: https://evil.example/unlock';

test('when a customer registers, then the e-mailed link verifies the address, and My Profile says so', async ({
  page,
}) => {
  const person = newPerson({ name: LURE });
  await register(page, person);

  await page.goto(pagePaths.dashboard);
  await expect(page.getByText(texts.statusUnverified)).toBeVisible();
  await page.getByRole('button', { name: texts.resend }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.resent })).toBeVisible();

  const mail = await newestMailTo(person.email, texts.emailSubject);
  // Nothing the registrant typed goes to an address nobody has proved.
  expect(`${mail.text ?? ''}${typeof mail.html === 'string' ? mail.html : ''}`).not.toContain('evil.example');
  const link = linkIn(mail, `${E2E_BASE_URL}${pagePaths.verifyEmail}?token=`);

  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText(texts.verified);
  await page.getByRole('link', { name: texts.toProfile }).click();
  await expect(page).toHaveURL(pagePaths.dashboard);
  await expect(page.getByText(texts.statusVerified)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.resend })).toHaveCount(0);
});

test('when the link is opened in a browser that is not signed in, then the address is verified all the same', async ({
  page,
  browser,
}) => {
  const person = newPerson();
  const registering = await browser.newPage();
  await register(registering, person);
  await registering.close();

  const link = linkIn(
    await newestMailTo(person.email, texts.emailSubject),
    `${E2E_BASE_URL}${pagePaths.verifyEmail}?token=`,
  );
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText(texts.verified);
  await expect(page.getByRole('main').getByRole('link', { name: texts.toLogin })).toBeVisible();
});
