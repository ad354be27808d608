import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newestParts } from './support/catalogue';
import { buyAndOpenPayment, expectPaidInMyOrder, expectUnpaidInMyOrder } from './support/orders';

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

test('when a customer buys a part and pays with 4242 4242 4242 4242, then My Order shows it Paid', async ({
  page,
  request,
}) => {
  // Parts no other test orders, so stock checks elsewhere stay exact under parallel workers.
  const [, , part] = await newestParts(request, 4);
  if (!part) throw new Error('no products');
  await buyAndOpenPayment(page, part);
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment Confirm')).toBeVisible();
  const transactionId = (await page.getByText(/^pi_sandbox_/).textContent()) ?? '';
  expect(transactionId).toMatch(/^pi_sandbox_/);
  // Nothing on the page asks to pay any more, then or when it is opened again.
  const paymentUrl = page.url();
  for (const visit of ['just paid', 'opened again']) {
    if (visit === 'opened again') await page.goto(paymentUrl);
    await expect(page.getByRole('heading', { name: `Paid: ${part.name}` }), visit).toBeVisible();
    await expect(page.getByText('Please pay:'), visit).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay' }), visit).toHaveCount(0);
    await expect(page.getByText(transactionId), visit).toBeVisible();
  }
  await expectPaidInMyOrder(page, part, transactionId);
});

test('when the card is declined, then the error shows in red and the order stays unpaid', async ({
  page,
  request,
  consoleErrors,
}) => {
  const [, , , part] = await newestParts(request, 4);
  if (!part) throw new Error('no products');
  await buyAndOpenPayment(page, part);
  await enterCard(page, '4000 0000 0000 0002');
  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-danger/);
  await expectUnpaidInMyOrder(page, part);
  consoleErrors.splice(0, consoleErrors.length); // the 402 of the declined card
});
