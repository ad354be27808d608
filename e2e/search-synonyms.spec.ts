import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { synonymMessages } from '../contract/search-synonyms';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { searchCatalogue } from './support/catalogue';

// Issue 27: search reads the words a rider types as the shop means them. The defaults (`disk` finds
// the discs) hold from the start; an admin adds a group on Search Synonyms, and the next search
// reads its words as one; removed, they are words of their own again.

const results = (page: Page) => page.getByRole('region', { name: 'Results' });

test('when a rider searches disk, then the catalogue lists the discs', async ({ page, request }) => {
  const disk = await searchCatalogue(request, 'q=disk');
  expect(disk.total).toBeGreaterThan(0);
  for (const part of disk.items) expect(`${part.name} ${part.description}`).toMatch(/disc|rotor/i);
  await page.goto('/parts?q=disk');
  await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText(disk.items[0]?.name ?? '');
});

test('when an admin adds a group of synonyms, then the next search reads its words as one; removed, it does not', async ({
  page,
  request,
  consoleErrors,
}) => {
  // A word of this run alone, so that no other test's search changes meanwhile.
  const word = `zorb${randomUUID().slice(0, 6)}`;
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Search Synonyms' }).click();
  await expect(page).toHaveURL('/dashboard/synonyms');
  const groups = page.getByRole('table', { name: 'Synonym groups' });
  await expect(groups.getByRole('row', { name: /disc, disk, rotor/ })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add synonyms' });
  const words = form.getByRole('textbox', { name: 'Words' });
  // Checked in the browser by the schema the server uses: nothing is sent.
  await words.fill(word);
  await form.getByRole('button', { name: 'Add group' }).click();
  await expect(form.getByText(synonymMessages.tooFew)).toBeVisible();
  // Refused by the server (search leaves `the` out): its reason shows on the field.
  await words.fill(`the, ${word}`);
  await form.getByRole('button', { name: 'Add group' }).click();
  await expect(form.getByText('"the" is too common a word: search leaves it out')).toBeVisible();
  expect(consoleErrors).toEqual([expect.stringContaining('status of 400')]);
  consoleErrors.splice(0, consoleErrors.length);

  expect((await searchCatalogue(request, `q=${word}`)).total).toBe(0);
  await words.fill(`${word}, Sintered`);
  await form.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByText(`Added: sintered, ${word}. Search reads them as one.`)).toBeVisible();
  await expect(groups.getByRole('row', { name: new RegExp(`sintered, ${word}`) })).toBeVisible();

  const sintered = await searchCatalogue(request, 'q=sintered');
  await page.goto(`/parts?q=${word}`);
  await expect(results(page).getByRole('article').first()).toBeVisible();
  expect((await searchCatalogue(request, `q=${word}`)).total).toBe(sintered.total);

  await page.goBack();
  await groups.getByRole('button', { name: `Remove sintered, ${word}` }).click();
  await expect(page.getByText(`Removed: sintered, ${word}.`)).toBeVisible();
  await expect(groups.getByRole('row', { name: new RegExp(word) })).toHaveCount(0);
  expect((await searchCatalogue(request, `q=${word}`)).total).toBe(0);
});
