import type { APIRequestContext } from '@playwright/test';
import type { Fitment } from '../contract/catalogue';
import type { Product } from '../contract/products';
import { expect, test } from './fixtures';
import { E2E_BASE_URL } from './support/constants';

/** The e2e store's PUBLIC_URL (playwright.config.ts): where canonical links and sitemaps point. */
const PUBLIC_URL = E2E_BASE_URL;

/** A sample part that fits at least two bikes, and those bikes. */
async function fittedPart(request: APIRequestContext) {
  const parts = (await (await request.get('/api/products')).json()) as Product[];
  for (const part of parts) {
    const fitment = (await (await request.get(`/api/products/${part._id}/fitment`)).json()) as Fitment;
    if (fitment.vehicles.length >= 2) return { part, fitment };
  }
  throw new Error('no sample part fits two bikes');
}

test.describe('the store as a search engine crawls it, without running JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('when a part page is loaded, then its head names the part: title, description, canonical link and Product JSON-LD with its offer and bikes', async ({
    page,
    request,
  }) => {
    const { part, fitment } = await fittedPart(request);
    const response = await page.goto(`/parts/${part._id}`);
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(`${part.name} | Brakehouse`);
    const description = await page.locator('head meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    expect(part.description.replace(/\s+/g, ' ')).toContain(description?.replace(/…$/, ''));
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${PUBLIC_URL}/parts/${part._id}`);

    const scripts = page.locator('head script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? '') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: part.name,
      sku: part.sku,
      image: `${PUBLIC_URL}${part.picture}`,
      offers: {
        '@type': 'Offer',
        price: part.price.toFixed(2),
        priceCurrency: 'USD',
        availability: `https://schema.org/${part.availableQantity >= part.minimumOderQantity ? 'InStock' : 'OutOfStock'}`,
      },
    });
    expect(
      (data.isAccessoryOrSparePartFor as { name: string; vehicleModelDate: string }[]).map((bike) => bike.name),
    ).toEqual(fitment.vehicles.map((vehicle) => vehicle.label));
  });

  test('when an address is no part, then 404 and no part in the head', async ({ page }) => {
    const response = await page.goto('/parts/5f1d7c1e-0000-4000-8000-00000000dead');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Brakehouse');
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test('when a crawler reads robots.txt and sitemap.xml, then robots.txt names the sitemap and the sitemap lists the public pages and every part, each one opening', async ({
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const rules = (await robots.text()).split('\n');
    expect(rules).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard']));
    expect(rules).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? '');
    const parts = (await (await request.get('/api/products')).json()) as Product[];
    expect(locations).toEqual(expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/parts`]));
    expect(locations).toEqual(expect.arrayContaining(parts.map((part) => `${PUBLIC_URL}/parts/${part._id}`)));
    for (const loc of locations.slice(0, 6)) expect((await request.get(loc)).status(), loc).toBe(200);
  });
});

test('when the part page runs its scripts, then its inline JSON-LD raises no CSP violation', async ({
  page,
  request,
}) => {
  const { part } = await fittedPart(request);
  await page.addInitScript(() => {
    const inline: string[] = [];
    (window as unknown as { __inline: string[] }).__inline = inline;
    // An inline script the CSP refused reports `inline` as what it blocked.
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI === 'inline') inline.push(event.violatedDirective);
    });
  });
  await page.goto(`/parts/${part._id}`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __inline: string[] }).__inline)).toEqual([]);
});
