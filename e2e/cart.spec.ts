import type { Page } from '@playwright/test';
import { orderTotals, type ShippingMethod } from '../contract/checkout';
import { fromCents } from '../contract/money';
import type { Order } from '../contract/orders';
import { expect, test } from './fixtures';
import { logIn, newPerson, register } from './support/accounts';
import { addToCartFromPartPage, cartLink } from './support/cart';
import { apiJson, samplePart } from './support/catalogue';

// Parts of the sample catalogue no other test orders, so that stock checks elsewhere stay exact under
// parallel workers: a brake line and a master cylinder to join, a banjo bolt to buy, a master
// cylinder of 7 to sell out.
const JOINED_SKU = 'BH-GR-HN-R';
const CARD_SKU = 'BH-PS16';
const BOUGHT_SKU = 'BH-HEL-BLS10125';
const SCARCE_SKU = 'BH-MAG-HC3';

const price = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** The checkout's address and phone, filled in. */
async function fillCheckout(page: Page) {
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Address line 1').fill('7 Caliper Court');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Postal code').fill('78701');
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('Phone number').fill('+1 555 0142');
  return form;
}

/** The bearer token the web app keeps for the signed-in user, to call the API as they do. */
const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
});

test("when a visitor fills a cart and signs in at checkout, then their lines join the customer's cart, a part both held at the larger quantity", async ({
  page,
  browser,
  request,
}) => {
  const joined = await samplePart(request, JOINED_SKU);
  const fromCard = await samplePart(request, CARD_SKU);
  // The customer already holds one of the brake line in their cart, from another browser.
  const person = newPerson();
  const elsewhere = await browser.newPage();
  await register(elsewhere, person);
  await addToCartFromPartPage(elsewhere, joined, 1);
  await elsewhere.close();

  // Signed out here: two of the brake line from its page, the master cylinder from a catalogue card.
  await addToCartFromPartPage(page, joined, 2);
  await page.goto(`/parts?${new URLSearchParams({ q: CARD_SKU })}`);
  await page
    .getByRole('region', { name: 'Results' })
    .getByRole('button', { name: `Add to cart: ${fromCard.name}` })
    .click();
  await expect(page.getByText(`Added to your cart: 1 × ${fromCard.name}`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart 3 units');

  await cartLink(page).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${joined.name}` })).toHaveValue('2');
  await page.getByRole('main').getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/login');
  await logIn(page, person);

  await expect(page).toHaveURL('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  // Never the sum: a join that ran twice would double it (docs/decisions/0036).
  await expect(summary.getByRole('listitem')).toHaveText([
    `2 × ${joined.name}${price(joined.price * 2)}`,
    `1 × ${fromCard.name}${price(fromCard.price)}`,
  ]);
  await expect(
    page.getByText(`${joined.name} was in your cart already: it keeps the larger quantity, 2`),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart 3 units');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
});

test('when a customer checks out their cart and pays with 4242 4242 4242 4242, then the order shows Paid, with its history', async ({
  page,
  request,
}) => {
  const part = await samplePart(request, BOUGHT_SKU);
  const methods = await apiJson<ShippingMethod[]>(request, '/api/shipping-methods');
  const express = methods.find((method) => method.id === 'express');
  if (!express) throw new Error('the store has no express shipping');
  await register(page, newPerson());
  await addToCartFromPartPage(page, part, part.minimumOderQantity + 1);
  await expect(cartLink(page)).toHaveAccessibleName(`Cart ${part.minimumOderQantity + 1} units`);

  await cartLink(page).click();
  await page.getByRole('main').getByRole('link', { name: 'Checkout' }).click();
  const form = await fillCheckout(page);
  await form.getByLabel(/Express delivery/).check();
  // The e2e store charges no tax (STORE_TAX_RATE unset).
  const totals = orderTotals([{ unitPrice: part.price, quantity: part.minimumOderQantity + 1 }], express, 0);
  const total = price(fromCents(totals.totalCents));
  await expect(form.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(total);
  await form.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: `Pay for ${part.name}` })).toBeVisible();
  await expect(page.getByText('Please pay:')).toContainText(total);
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your payment Confirm')).toBeVisible();

  await page.goto('/dashboard/myOrder');
  const row = page.getByRole('row', { name: part.name });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: part.name }).click();
  await expect(page).toHaveURL(`/dashboard/myOrder/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order: ${part.name}` })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('Placed');
  await expect(history.nth(1)).toContainText('Paid');
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('7 Caliper Court');
  await expect(page.getByRole('link', { name: /^Pay / })).toHaveCount(0);
});

test('when a part sells down between the cart and the checkout, then Place order says how many are left and leads back to the cart', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const part = await samplePart(request, SCARCE_SKU);
  const inCart = part.availableQantity - 2;
  const customer = newPerson();
  await register(page, customer);
  await addToCartFromPartPage(page, part, inCart);

  // Another customer buys all but what leaves fewer than the cart holds.
  const other = await browser.newPage();
  await register(other, newPerson());
  const bought = part.availableQantity - (inCart - 1);
  const placed = await other.request.post('/api/myOrder', {
    headers: await bearer(other),
    data: { productId: part._id, quantity: bought, phoneNumber: '+1 555 0143' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const left = part.availableQantity - bought;

  try {
    await page.goto('/checkout');
    const form = await fillCheckout(page);
    await form.getByRole('button', { name: 'Place order' }).click();
    const refusal = form.getByRole('alert');
    await expect(refusal).toContainText(`${part.name}: only ${left} left. Please change the quantity.`);
    consoleErrors.splice(0, consoleErrors.length); // the browser's note of the 409
    await refusal.getByRole('link', { name: 'Change the quantities in your cart' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByText(`${part.name}: only ${left} left. Please change the quantity.`)).toBeVisible();
    const orders = await page.request.get(`/api/myOrder?${new URLSearchParams({ email: customer.email })}`, {
      headers: await bearer(page),
    });
    expect(await orders.json()).toEqual([]); // the refusal placed nothing
  } finally {
    // The stock goes back for the next run of the suite on the same store.
    const { _id } = (await placed.json()) as Order;
    await other.request.delete(`/api/myOrder/${_id}`, { headers: await bearer(other) });
    await other.close();
  }
});
