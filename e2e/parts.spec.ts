import type { Page } from '@playwright/test';
import type { CatalogueItem } from '../contract/products';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';
import {
  apiJson,
  fitmentOf,
  newestParts,
  partsCount,
  pickBike,
  sampleBike,
  samplePart,
  searchCatalogue,
} from './support/catalogue';

// Issue 14's pages on the sample catalogue: /parts (search, facets, sort, pages, all in the address),
// the bike picker and the fit badges, the part page, and My Garage.

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const picker = (page: Page) => page.getByRole('region', { name: 'Find parts for your bike' });
const fitsYour = (label: string) => `Fits your ${label}`;
const doesNotFit = (label: string) => `Does not fit your ${label}`;
const query = (...pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/** The badge each listed part should carry for the bike, from the API's own answer. */
const expectedBadge = (item: CatalogueItem, fitting: Set<string>, label: string) =>
  item.universal ? 'Fits every bike' : fitting.has(item._id) ? fitsYour(label) : doesNotFit(label);

test('when words are searched in the navbar, then /parts opens with them as q and lists what the catalogue finds', async ({
  page,
  request,
}) => {
  const found = await searchCatalogue(request, 'q=sintered');
  expect(found.total).toBeGreaterThan(1);

  await page.goto('/');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Parts', exact: true })).toHaveAttribute('href', '/parts');
  await nav.getByRole('searchbox', { name: 'Search parts' }).fill('sintered');
  await nav.getByRole('searchbox', { name: 'Search parts' }).press('Enter');

  await expect(page).toHaveURL('/parts?q=sintered');
  await expect(page).toHaveTitle('Parts matching “sintered” | Brakehouse');
  await expect(results(page).getByText(partsCount(found.total), { exact: true })).toBeVisible();
  await expect(results(page).getByRole('article')).toHaveCount(Math.min(found.total, found.pageSize));
  const first = found.items[0] as CatalogueItem;
  const card = results(page).getByRole('article').first();
  await expect(card.getByRole('heading')).toHaveText(first.name);
  await expect(card.getByRole('img', { name: first.name })).toHaveAttribute('src', first.picture);
  await expect(card).toContainText(first.brand);
  await expect(card).toContainText(`$${first.price.toFixed(2)}`);
  await expect(page.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('sintered');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');

  await card.getByRole('link', { name: first.name }).click();
  await expect(page).toHaveURL(`/parts/${first._id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
});

test('when filters and the sort change, then the address and the results follow, and the back button restores each step', async ({
  page,
  request,
}) => {
  const pads = await searchCatalogue(request, 'q=pads');
  const category = pads.facets.category.find((facet) => facet.value === 'brake-pads');
  if (!category) throw new Error('no brake pads match "pads"');
  const padsOnly = await searchCatalogue(request, query(['q', 'pads'], ['category', 'brake-pads']));
  const brand = padsOnly.facets.brand[0];
  if (!brand) throw new Error('brake pads have no brand');
  const narrowed = await searchCatalogue(
    request,
    query(['q', 'pads'], ['category', 'brake-pads'], ['brand', brand.value], ['sort', 'price-asc']),
  );
  expect(padsOnly.total).toBeLessThan(pads.total);
  expect(narrowed.total).toBe(brand.count);

  await page.goto('/parts?q=pads');
  await expect(results(page).getByText(partsCount(pads.total), { exact: true })).toBeVisible();

  await filters(page)
    .getByRole('checkbox', { name: `Brake pads (${category.count})` })
    .check();
  await expect(page).toHaveURL(`/parts?${query(['q', 'pads'], ['category', 'brake-pads'])}`);
  await expect(results(page).getByText(partsCount(padsOnly.total), { exact: true })).toBeVisible();

  await filters(page)
    .getByRole('checkbox', { name: `${brand.value} (${brand.count})` })
    .check();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  const narrowedUrl = `/parts?${query(['q', 'pads'], ['category', 'brake-pads'], ['brand', brand.value], ['sort', 'price-asc'])}`;
  await expect(page).toHaveURL(narrowedUrl);
  await expect(results(page).getByText(partsCount(narrowed.total), { exact: true })).toBeVisible();
  await expect(results(page).getByRole('article').getByRole('heading')).toHaveText(
    narrowed.items.map((item) => item.name),
  );
  await expect(results(page).getByRole('button', { name: `Remove Brand: ${brand.value}` })).toBeVisible();

  await page.goBack(); // before the sort
  await expect(page).toHaveURL(`/parts?${query(['q', 'pads'], ['category', 'brake-pads'], ['brand', brand.value])}`);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  await page.goBack(); // before the brand
  await expect(page).toHaveURL(`/parts?${query(['q', 'pads'], ['category', 'brake-pads'])}`);
  await expect(filters(page).getByRole('checkbox', { name: new RegExp(`^${brand.value} \\(`) })).not.toBeChecked();
  await expect(results(page).getByText(partsCount(padsOnly.total), { exact: true })).toBeVisible();
  await page.goBack(); // before the category
  await expect(page).toHaveURL('/parts?q=pads');
  await expect(filters(page).getByRole('checkbox', { name: /^Brake pads \(/ })).not.toBeChecked();
  await expect(results(page).getByText(partsCount(pads.total), { exact: true })).toBeVisible();

  // The address is the search: opened elsewhere, it shows the same.
  const shared = await page.context().newPage();
  await shared.goto(narrowedUrl);
  await expect(filters(shared).getByRole('checkbox', { name: /^Brake pads \(/ })).toBeChecked();
  await expect(filters(shared).getByRole('checkbox', { name: new RegExp(`^${brand.value} \\(`) })).toBeChecked();
  await expect(shared.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  await expect(results(shared).getByRole('article').getByRole('heading')).toHaveText(
    narrowed.items.map((item) => item.name),
  );
  await shared.close();
});

test('when the catalogue runs to several pages, then the pager opens each as its own address', async ({
  page,
  request,
}) => {
  const second = await searchCatalogue(request, 'page=2');
  expect(second.total).toBeGreaterThan(second.pageSize);

  await page.goto('/parts');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/parts?page=2');
  await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText(
    (second.items[0] as CatalogueItem).name,
  );
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  await page.goBack();
  await expect(page).toHaveURL('/parts');
});

test('when nothing matches, then the page says so, and Clear filters brings the catalogue back', async ({
  page,
  request,
}) => {
  const all = await searchCatalogue(request, '');
  await page.goto('/parts?q=zzqxvw&category=levers&inStock=true');
  await expect(results(page).getByText('No parts match this search.')).toBeVisible();
  await expect(results(page).getByText('0 parts', { exact: true })).toBeVisible();
  await expect(results(page).getByRole('article')).toHaveCount(0);

  await results(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/parts');
  await expect(results(page).getByText(partsCount(all.total), { exact: true })).toBeVisible();
  await expect(results(page).getByRole('article')).toHaveCount(all.pageSize);
});

test('when a bike is selected on /parts, then the address, the navbar and every card follow it; all parts say which do not fit', async ({
  page,
  request,
}) => {
  const bike = await sampleBike(request, 'Honda', 'CBR600RR', 2019);
  const forBike = await searchCatalogue(request, `vehicle=${bike._id}&pageSize=100`);
  expect(forBike.total).toBeLessThanOrEqual(100);
  const fitting = new Set(forBike.items.map((item) => item._id));
  const newest = await searchCatalogue(request, '');

  await page.goto('/parts');
  await pickBike(picker(page), bike);

  await expect(page).toHaveURL(`/parts?vehicle=${bike._id}`);
  await expect(page.getByRole('navigation').getByRole('link', { name: `Your bike: ${bike.label}` })).toBeVisible();
  await expect(picker(page)).toContainText(`Your bike: ${bike.label}`);
  await expect(results(page).getByText(partsCount(forBike.total), { exact: true })).toBeVisible();
  const shown = forBike.items.slice(0, 24);
  await expect(results(page).getByText(fitsYour(bike.label), { exact: true })).toHaveCount(
    shown.filter((item) => item.fits === 'fits').length,
  );
  await expect(results(page).getByText('Fits every bike', { exact: true })).toHaveCount(
    shown.filter((item) => item.fits === 'universal').length,
  );
  await expect(results(page).getByText(doesNotFit(bike.label))).toHaveCount(0);

  await results(page).getByRole('button', { name: 'Show all parts' }).click();
  await expect(page).toHaveURL('/parts');
  await expect(results(page).getByText(partsCount(newest.total), { exact: true })).toBeVisible();
  const cards = results(page).getByRole('article');
  for (const [index, item] of newest.items.entries()) {
    await expect(cards.nth(index)).toContainText(expectedBadge(item, fitting, bike.label));
  }

  await page.goBack();
  await expect(page).toHaveURL(`/parts?vehicle=${bike._id}`);
  await expect(results(page).getByText(doesNotFit(bike.label))).toHaveCount(0);

  await picker(page).getByRole('button', { name: 'Forget this bike' }).click();
  await expect(page).toHaveURL('/parts');
  await expect(page.getByRole('navigation').getByRole('link', { name: /Your bike/ })).toHaveCount(0);
  await expect(results(page).getByText(/^(Does not fit|Fits your)/)).toHaveCount(0);
});

test('when a bike is selected on the home page, then Our Parts says which fit it, and Browse all parts lists what fits', async ({
  page,
  request,
}) => {
  const bike = await sampleBike(request, 'Yamaha', 'MT-07', 2021);
  const newest = await newestParts(request, 6);
  const expected = await Promise.all(
    newest.map(async (part) => {
      const fitment = await fitmentOf(request, part);
      const fits = fitment.vehicles.some((vehicle) => vehicle._id === bike._id);
      return fitment.universal ? 'Fits every bike' : fits ? fitsYour(bike.label) : doesNotFit(bike.label);
    }),
  );
  const forBike = await searchCatalogue(request, `vehicle=${bike._id}`);

  await page.goto('/');
  const ourParts = page.getByRole('region', { name: 'Our Parts' });
  await expect(ourParts.getByRole('article')).toHaveCount(6);
  // The picker below the parts loads as the visitor scrolls to it.
  await ourParts.getByRole('link', { name: 'Browse all parts' }).scrollIntoViewIfNeeded();
  await pickBike(picker(page), bike);

  await expect(picker(page)).toContainText(`Your bike: ${bike.label}`);
  for (const [index, text] of expected.entries()) {
    await expect(ourParts.getByRole('article').nth(index)).toContainText(text);
  }
  await expect(page.getByRole('navigation').getByRole('link', { name: `Your bike: ${bike.label}` })).toBeVisible();

  await ourParts.getByRole('link', { name: 'Browse all parts' }).click();
  await expect(page).toHaveURL(`/parts?vehicle=${bike._id}`);
  await expect(results(page).getByText(partsCount(forBike.total), { exact: true })).toBeVisible();
});

test('when a part page opens, then it shows the part, its specs, OEM numbers and bikes, its fit on the chosen bike, and Buy Now', async ({
  page,
  request,
}) => {
  const pads = await samplePart(request, 'BH-FA390HH');
  const fluid = await samplePart(request, 'BH-MOT-RBF600');
  const yamahaPads = await samplePart(request, 'BH-FA252HH');
  const bike = await sampleBike(request, 'Honda', 'CBR600RR', 2019);
  const fitment = await fitmentOf(request, pads);
  expect(fitment.vehicles.map((vehicle) => vehicle._id)).toContain(bike._id);

  await page.goto(`/parts/${pads._id}`);
  await expect(page).toHaveTitle(`${pads.name} | Brakehouse`);
  await expect(page.getByRole('heading', { level: 1, name: pads.name })).toBeVisible();
  await expect(page.getByRole('img', { name: pads.name })).toHaveAttribute('src', pads.picture);
  const main = page.getByRole('main');
  await expect(main).toContainText(pads.brand);
  await expect(main).toContainText(`$${pads.price.toFixed(2)}`);
  await expect(main).toContainText(`Part number${pads.sku}`);
  await expect(main).toContainText(`Available quantity${pads.availableQantity}`);
  await expect(main).toContainText(`Minimum order${pads.minimumOderQantity}`);
  await expect(main.getByText(pads.description)).toBeVisible();
  const specs = page.getByRole('table', { name: 'Specifications' });
  await expect(specs.getByRole('row', { name: 'Compound Sintered' })).toBeVisible();
  await expect(specs.getByRole('row', { name: 'Position Front' })).toBeVisible();
  const oem = page.getByRole('region', { name: 'OEM numbers' });
  await expect(oem.getByRole('listitem')).toHaveText(pads.oemNumbers);
  const bikes = page.getByRole('region', { name: 'Bikes it fits' });
  await expect(bikes.getByRole('listitem').filter({ hasText: 'Honda CBR600RR' })).toHaveText(
    'Honda CBR600RR 2013–2020',
  );
  await expect(page.getByText(/^(Fits your|Does not fit)/)).toHaveCount(0); // no bike chosen yet

  // With a bike chosen, the page says whether the part fits it.
  await page.goto('/parts');
  await pickBike(picker(page), bike);
  await expect(page).toHaveURL(`/parts?vehicle=${bike._id}`);
  for (const [part, badge] of [
    [pads, fitsYour(bike.label)],
    [yamahaPads, doesNotFit(bike.label)],
    [fluid, 'Fits every bike'],
  ] as const) {
    await page.goto(`/parts/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByText(badge, { exact: true })).toBeVisible();
  }

  // Buy Now leads to the seed's purchase page, which keeps its login guard.
  await page.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL('/login');
});

test('when a customer adds bikes in My Garage and removes one, then the garage keeps what they chose, and an eleventh is refused', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.slow(); // ten bikes added one by one
  const cbr = await sampleBike(request, 'Honda', 'CBR600RR', 2019);
  const mt07 = await sampleBike(request, 'Yamaha', 'MT-07', 2021);
  await register(page, newPerson());
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Garage' }).click();
  await expect(page).toHaveURL('/dashboard/garage');
  await expect(page.getByText('Your garage is empty.')).toBeVisible();

  const addForm = page.getByRole('form', { name: 'Add to garage' });
  await pickBike(addForm, cbr, 'Add to garage');
  await expect(page.getByText(`${cbr.label} is in your garage.`)).toBeVisible();
  await pickBike(addForm, mt07, 'Add to garage');
  const garage = page.getByRole('table', { name: 'Your bikes' });
  await expect(garage.getByRole('button', { name: `Remove ${mt07.label}` })).toBeVisible();
  await expect(garage.getByRole('link', { name: `Parts for ${cbr.label}` })).toHaveAttribute(
    'href',
    `/parts?vehicle=${cbr._id}`,
  );

  await garage.getByRole('button', { name: `Remove ${cbr.label}` }).click();
  await expect(page.getByText(`${cbr.label} left your garage.`)).toBeVisible();
  await expect(garage.getByRole('button', { name: `Remove ${cbr.label}` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Your bikes' }).getByRole('row')).toHaveCount(2);

  // Up to ten: the server refuses the eleventh, and the page says why in its words.
  const years = await apiJson<{ year: number }[]>(request, '/api/vehicles?make=Yamaha&model=MT-07');
  for (const { year } of years.filter((vehicle) => vehicle.year !== mt07.year).slice(0, 9)) {
    await pickBike(addForm, { make: 'Yamaha', model: 'MT-07', year }, 'Add to garage');
    await expect(page.getByText(`${year} Yamaha MT-07 is in your garage.`)).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Your bikes' }).getByRole('row')).toHaveCount(11);
  await pickBike(addForm, cbr, 'Add to garage');
  await expect(page.getByText('A garage keeps at most 10 bikes')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your bikes' }).getByRole('row')).toHaveCount(11);
  consoleErrors.splice(0, consoleErrors.length); // the browser reports the refusal (409)
});

test("when a visitor who chose a bike signs up, then the bike joins their garage and they can pick among their garage's bikes", async ({
  page,
  request,
}) => {
  const bike = await sampleBike(request, 'Kawasaki', 'Z900', 2020);
  await page.goto('/parts');
  await pickBike(picker(page), bike);
  await expect(page).toHaveURL(`/parts?vehicle=${bike._id}`);

  await register(page, newPerson());
  // Within the app (no reload): the garage call made at sign-in is not cut short.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Garage' }).click();
  const garage = page.getByRole('table', { name: 'Your bikes' });
  await expect(garage.getByRole('button', { name: `Remove ${bike.label}` })).toBeVisible();
  await expect(garage.getByRole('row', { name: new RegExp(`^${bike.label} Chosen`) })).toBeVisible();
  await expect(garage.getByRole('row')).toHaveCount(2);

  // On /parts the garage's bikes are offered as choices.
  await page.goto('/parts');
  await expect(page).toHaveURL(`/parts?vehicle=${bike._id}`);
  await expect(picker(page).getByRole('button', { name: bike.label })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('when the filters open, then they show in a panel over the page, change the results, and close again; nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    const all = await searchCatalogue(request, '');
    const discs = all.facets.category.find((facet) => facet.value === 'brake-discs');
    if (!discs) throw new Error('the catalogue has no brake discs');

    await page.goto('/parts');
    await expect(results(page).getByText(partsCount(all.total), { exact: true })).toBeVisible();
    await expect(filters(page)).toBeHidden();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();

    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeVisible();
    await panel.getByRole('checkbox', { name: `Brake discs (${discs.count})` }).check();
    await expect(page).toHaveURL('/parts?category=brake-discs');
    await panel.getByRole('button', { name: `Show ${partsCount(discs.count)}` }).click();
    await expect(panel).toBeHidden();
    await expect(results(page).getByRole('article')).toHaveCount(Math.min(discs.count, all.pageSize));
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

    const part = await samplePart(request, 'BH-FA390HH');
    for (const path of ['/parts?category=brake-discs', `/parts/${part._id}`, '/']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(360);
    }
  });
});
