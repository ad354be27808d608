import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_EXPORT_COLUMNS } from '../contract/shop-admin';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';

// The catalogue in bulk (issue 16): an admin imports a CSV file on /dashboard/import, sees a bad
// line refused by its number, fixes it, and finds the parts in the catalogue; then exports it.

/** A small file of two new parts, with words no other test searches for. */
function catalogueFile(run: string, secondPrice: string) {
  const line = (sku: string, name: string, price: string, fitment: string) =>
    [
      sku,
      name,
      'Importco',
      'hardware',
      price,
      '25',
      '1',
      'Made for the import test.',
      '/images/products/disc-bolts.svg',
      '',
      'material=titanium',
      fitment,
    ]
      .map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
      .join(',');
  return [
    CATALOGUE_CSV_COLUMNS.join(','),
    line(`BH-IMP-${run}-1`, `Importtest bolt kit ${run}`, '12.50', 'Honda|CBR600RR|2015-2017'),
    line(`BH-IMP-${run}-2`, `Importtest washer set ${run}`, secondPrice, 'universal'),
  ].join('\n');
}

test('when an admin imports a file with a bad line, then the line is named; fixed, the file imports and its parts are in the catalogue', async ({
  page,
  consoleErrors,
}) => {
  const run = randomUUID().slice(0, 6);
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Import Catalogue' }).click();
  const form = page.getByRole('form', { name: 'Import catalogue' });
  const choose = (text: string) =>
    form.getByLabel('CSV file').setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

  await choose(catalogueFile(run, 'ten'));
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByRole('alert')).toHaveText('The file has errors; nothing was imported');
  const problems = form.getByRole('table', { name: '1 problem to fix in the file' });
  await expect(problems.getByRole('row').nth(1)).toHaveText(/^3\s*price\s*price must be a number, like 39\.90$/);
  expect(consoleErrors).toEqual([expect.stringContaining('status of 400')]);
  consoleErrors.splice(0, consoleErrors.length); // the browser's note of the refused file
  const none = await page.request.get(`/api/catalogue?q=importtest+${run}`);
  expect((await none.json()).total).toBe(0);

  await choose(catalogueFile(run, '4.20'));
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByText('Imported: 2 parts added, 0 updated.')).toBeVisible();
  await expect(form.getByRole('table')).toHaveCount(0);

  await page.goto(`/parts?q=importtest+${run}`);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('article')).toHaveCount(2);
  await expect(results.getByRole('heading', { name: `Importtest washer set ${run}` })).toBeVisible();
  await expect(results.getByRole('heading', { name: `Importtest bolt kit ${run}` })).toBeVisible();

  await page.goto('/dashboard/import');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export catalogue (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('catalogue.csv');
  const exported = await readFile(await file.path(), 'utf8');
  expect(exported.startsWith(`\uFEFF${CATALOGUE_CSV_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
  expect(exported).toContain(`BH-IMP-${run}-1,Importtest bolt kit ${run},Importco,hardware,12.50,25,1,`);
  // The last column is the stock as exported (25): imported again, a changed stock is a change.
  expect(exported).toContain(',material=titanium,Honda|CBR600RR|2015-2017,25\r\n');
});
