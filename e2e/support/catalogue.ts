import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Fitment, Vehicle } from '../../contract/catalogue';
import type { CatalogueResponse, Product } from '../../contract/products';
import { expect } from '../fixtures';

/**
 * The sample catalogue (server/db/sample-catalogue.ts), read through the API so that the tests
 * check the pages against what the store itself answers.
 */
export async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The `limit` newest parts (at most 100), newest first as the home page shows them: the API answers
 * them oldest first.
 */
export const newestParts = async (request: APIRequestContext, limit = 100) =>
  (await apiJson<Product[]>(request, `/api/products?limit=${limit}`)).reverse();

export const searchCatalogue = (request: APIRequestContext, query: string) =>
  apiJson<CatalogueResponse>(request, `/api/catalogue?${query}`);

/** One model year of the sample catalogue, e.g. 2019 Honda CBR600RR. */
export async function sampleBike(request: APIRequestContext, make: string, model: string, year: number) {
  const years = await apiJson<Vehicle[]>(request, `/api/vehicles?${new URLSearchParams({ make, model })}`);
  const bike = years.find((vehicle) => vehicle.year === year);
  if (!bike) throw new Error(`the sample catalogue has no ${year} ${make} ${model}`);
  return bike;
}

export const fitmentOf = (request: APIRequestContext, part: Product) =>
  apiJson<Fitment>(request, `/api/products/${part._id}/fitment`);

/** The part of the sample catalogue with this sku. */
export async function samplePart(request: APIRequestContext, sku: string): Promise<Product> {
  const { items } = await searchCatalogue(request, new URLSearchParams({ q: sku }).toString());
  const part = items.find((item) => item.sku === sku);
  if (!part) throw new Error(`the sample catalogue has no part ${sku}`);
  return part;
}

/** Picks a bike with the picker's three selects and its button, inside `scope`. */
export async function pickBike(
  scope: Page | Locator,
  bike: Pick<Vehicle, 'make' | 'model' | 'year'>,
  button = 'Select bike',
) {
  await scope.getByLabel('Make', { exact: true }).selectOption(bike.make);
  await scope.getByLabel('Model', { exact: true }).selectOption(bike.model);
  await scope.getByLabel('Year', { exact: true }).selectOption({ label: String(bike.year) });
  await scope.getByRole('button', { name: button, exact: true }).click();
}

/** The number of parts /parts says it found, as the API counts them. */
export const partsCount = (total: number) => `${total.toLocaleString('en-US')} ${total === 1 ? 'part' : 'parts'}`;
