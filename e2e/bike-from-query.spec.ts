import type { Page } from '@playwright/test';
import { bikeFromQueryText } from '../contract/catalogue-names';
import { expect, test } from './fixtures';
import { partsCount, searchCatalogue } from './support/catalogue';

// Issue 27 item 4: words that name a bike (`cbr600rr front pads`) are read as that bike on /parts,
// which says so, lets the rider choose the year, or search the words as plain text instead.

const results = (page: Page) => page.getByRole('region', { name: 'Results' });

test('when the navbar search names a bike, then /parts shows the parts for it, says so, and the words can be searched as text instead', async ({
  page,
  request,
}) => {
  const read = await searchCatalogue(request, 'q=cbr600rr+front+pads');
  expect(read.bikeFromQuery?.label).toBe('Honda CBR600RR');
  expect(read.total).toBeGreaterThan(0);
  const plain = await searchCatalogue(request, 'q=cbr600rr+front+pads&readBike=false');
  expect(plain.total).not.toBe(read.total);

  await page.goto('/');
  const search = page.getByRole('navigation').first().getByRole('searchbox', { name: 'Search parts' });
  await search.fill('cbr600rr front pads');
  await search.press('Enter');

  await expect(page).toHaveURL('/parts?q=cbr600rr+front+pads');
  await expect(results(page).getByText(bikeFromQueryText('Honda CBR600RR'))).toBeVisible();
  await expect(results(page).getByText(partsCount(read.total), { exact: true })).toBeVisible();
  await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText(read.items[0]?.name ?? '');
  await expect(page.getByRole('combobox', { name: 'Year of the Honda CBR600RR' })).toHaveValue('');

  await results(page).getByRole('button', { name: 'Search “cbr600rr front pads” as words' }).click();

  await expect(page).toHaveURL('/parts?q=cbr600rr+front+pads&readBike=false');
  await expect(results(page).getByText(/Showing parts for/)).toHaveCount(0);
  await expect(results(page).getByText(partsCount(plain.total), { exact: true })).toBeVisible();
});

test('when the year of the bike the words named is chosen, then the words left are listed for that bike, now the rider’s', async ({
  page,
  request,
}) => {
  const read = await searchCatalogue(request, 'q=r6+pads');
  const year2019 = read.bikeFromQuery?.years.find(({ year }) => year === 2019);
  if (!year2019) throw new Error('the sample catalogue has no 2019 Yamaha YZF-R6');
  const forYear = await searchCatalogue(request, `q=pads&vehicle=${year2019.vehicleId}`);

  await page.goto('/parts?q=r6+pads');
  await expect(results(page).getByText(bikeFromQueryText('Yamaha YZF-R6'))).toBeVisible();
  await page.getByRole('combobox', { name: 'Year of the Yamaha YZF-R6' }).selectOption('2019');

  await expect(page).toHaveURL(`/parts?q=pads&vehicle=${year2019.vehicleId}`);
  await expect(
    results(page).getByText('Parts that fit your 2019 Yamaha YZF-R6, and parts for every bike.'),
  ).toBeVisible();
  await expect(results(page).getByText(partsCount(forYear.total), { exact: true })).toBeVisible();
  await expect(results(page).getByText(/Showing parts for/)).toHaveCount(0);
});
