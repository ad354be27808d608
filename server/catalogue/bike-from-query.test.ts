import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_COLUMNS,
  catalogueResponseSchema,
  type CatalogueQueryInput,
  type CatalogueResponse,
  type Vehicle,
} from '../../contract/index.js';
import { writeRow } from '../catalogue-csv/format.js';
import { productFitment } from '../db/schema.js';
import { adminWithToken, bearer } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { cataloguePart } from '../test/catalogue-part.js';
import { buildProduct, buildVehicle } from '../test/factories.js';
import type { KnownBike } from './bike-words.js';
import { readingBikes } from './bike-from-query.js';
import type { CatalogueSearchQuery } from './search.js';

// Issue 27 item 4: a search whose words name a bike (`cbr600rr front pads`, `r6 pads`) lists what
// fits that bike, and says which bike it read (docs/decisions/0041).

const ADMIN = 'bike-words-admin@example.com';

async function search(t: TestApp, query: CatalogueQueryInput): Promise<CatalogueResponse> {
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/catalogue?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  return catalogueResponseSchema.parse(response.json());
}
const names = (answer: CatalogueResponse) => answer.items.map((item) => item.name).sort();

describe('GET /api/catalogue with words that name a bike', () => {
  let t: TestApp;
  const cbr: Record<number, Vehicle> = {};
  const r6: Record<number, Vehicle> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    for (const year of [2018, 2019, 2020]) {
      cbr[year] = await buildVehicle(t.db, { make: 'Honda', model: 'CBR600RR', year });
      r6[year] = await buildVehicle(t.db, { make: 'Yamaha', model: 'YZF-R6', year });
    }
    await buildVehicle(t.db, { make: 'Yamaha', model: 'YZF-R1', year: 2020 });
    const part = async (
      name: string,
      position: 'front' | 'rear',
      fits: Vehicle[],
      extra: { universal?: boolean; category?: 'brake-pads' | 'hardware' } = {},
    ) => {
      const product = await buildProduct(t.db, {
        name,
        brand: 'EBC',
        category: extra.category ?? 'brake-pads',
        universal: extra.universal ?? false,
        specs: { position },
        description: `${position} brake pads`,
      });
      for (const vehicle of fits)
        await t.db.insert(productFitment).values({ productId: product._id, vehicleId: vehicle._id });
    };
    await part('Sintered Front Pads CBR 2019', 'front', [cbr[2019] as Vehicle]);
    await part('Organic Front Pads CBR 2018-2019', 'front', [cbr[2018] as Vehicle, cbr[2019] as Vehicle]);
    await part('Sintered Rear Pads CBR', 'rear', [cbr[2018] as Vehicle, cbr[2020] as Vehicle]);
    await part('Sintered Front Pads R6', 'front', [r6[2018] as Vehicle, r6[2019] as Vehicle]);
    await part('Sintered Front Pads for nothing', 'front', []);
    await part('Front Pad Shims for every bike', 'front', [], { universal: true, category: 'hardware' });
  });
  afterAll(() => t.close());

  it('when the words are `cbr600rr front pads`, then the front pads that fit a CBR600RR of any year are listed, with every year to choose from', async () => {
    const answer = await search(t, { q: 'cbr600rr front pads' });
    expect(names(answer)).toEqual([
      'Front Pad Shims for every bike',
      'Organic Front Pads CBR 2018-2019',
      'Sintered Front Pads CBR 2019',
    ]);
    expect(answer.total).toBe(3);
    expect(answer.items.find((item) => item.universal)?.fits).toBe('universal');
    expect(answer.items.filter((item) => !item.universal).every((item) => item.fits === 'fits')).toBe(true);
    expect(answer.bikeFromQuery).toEqual({
      make: 'Honda',
      model: 'CBR600RR',
      label: 'Honda CBR600RR',
      years: [2020, 2019, 2018].map((year) => ({ year, vehicleId: cbr[year]?._id })),
      text: 'front pads',
    });
    // Each part once, though two of its years fit; and the facets count the same parts.
    expect(answer.facets.category).toEqual([
      { value: 'brake-pads', count: 2 },
      { value: 'hardware', count: 1 },
    ]);
  });

  it('when only the bike is named, then every part that fits any of its years is listed, each once, and counted so in the facets', async () => {
    const answer = await search(t, { q: 'CBR600RR' });
    expect(answer.total).toBe(4);
    expect(answer.facets.position).toEqual([
      { value: 'front', count: 3 },
      { value: 'rear', count: 1 },
    ]);
    expect(answer.bikeFromQuery?.text).toBe('');
  });

  it('when the words are `r6 pads`, then a Yamaha YZF-R6 is read from its short name', async () => {
    const answer = await search(t, { q: 'r6 pads' });
    expect(names(answer)).toEqual(['Front Pad Shims for every bike', 'Sintered Front Pads R6']);
    expect(answer.bikeFromQuery).toMatchObject({ make: 'Yamaha', model: 'YZF-R6', label: 'Yamaha YZF-R6' });
  });

  it('when a year is next to the model, then that model year is the bike', async () => {
    const answer = await search(t, { q: '2018 cbr600rr pads' });
    expect(names(answer)).toEqual([
      'Front Pad Shims for every bike',
      'Organic Front Pads CBR 2018-2019',
      'Sintered Rear Pads CBR',
    ]);
    expect(answer.bikeFromQuery).toMatchObject({
      year: 2018,
      vehicleId: cbr[2018]?._id,
      label: '2018 Honda CBR600RR',
      text: 'pads',
    });
    expect((await search(t, { q: 'cbr600rr 2020 front' })).items.map((item) => item.name)).toEqual([
      'Front Pad Shims for every bike',
    ]);
  });

  it('when readBike=false, then the same words are searched as plain text, and cached apart', async () => {
    await search(t, { q: 'cbr600rr front pads' });
    const plain = await search(t, { q: 'cbr600rr front pads', readBike: 'false' });
    expect(plain.bikeFromQuery).toBeUndefined();
    expect(plain.total).toBe(0);
    const words = await search(t, { q: 'sintered front pads', readBike: 'false' });
    expect(words.total).toBe(3);
  });

  it('when a word is no bike the catalogue knows (`cbr900rr`), then the words are searched as they are', async () => {
    const answer = await search(t, { q: 'cbr900rr pads' });
    expect(answer.bikeFromQuery).toBeUndefined();
    expect(answer.total).toBe(0);
    const plain = await search(t, { q: 'front pads' });
    expect(plain.bikeFromQuery).toBeUndefined();
    expect(plain.total).toBe(5);
  });

  it('when the query has its own vehicle (the rider’s bike), then the words do not change it', async () => {
    const answer = await search(t, { q: 'r6', vehicle: cbr[2019]?._id as string });
    expect(answer.bikeFromQuery).toBeUndefined();
    expect(answer.total).toBe(0);
  });

  it('when readBike is neither true nor false, then the answer is 400 with a field error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/catalogue?q=r6&readBike=maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'querystring.readBike' })],
    });
  });

  it('when a catalogue import adds a bike, then the next search reads it', async () => {
    expect((await search(t, { q: 'gsx-r750 pads' })).bikeFromQuery).toBeUndefined();
    const { token } = await adminWithToken(t.app, ADMIN);
    const bikes = [{ make: 'Suzuki', model: 'GSX-R750', year: 2015 }];
    const file = stringify([writeRow(cataloguePart('BH-GSXR-1', { name: 'Gixxer pads', bikes }))], {
      header: true,
      columns: [...CATALOGUE_CSV_COLUMNS],
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue.csv',
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = await search(t, { q: 'gsx-r750 pads' });
    expect(answer.bikeFromQuery).toMatchObject({ make: 'Suzuki', model: 'GSX-R750', text: 'pads' });
    expect(names(answer)).toEqual(['Front Pad Shims for every bike', 'Gixxer pads']);
  });
});

describe('the bikes behind reading them', () => {
  const bike = (year: number): KnownBike => ({ id: `cbr-${year}`, make: 'Honda', model: 'CBR600RR', year });

  it('when the catalogue is written to, then the next search asks whether the bikes changed, and reads them again only if they did', async () => {
    const listeners: Array<(kind: 'products' | 'reviews' | undefined) => void> = [];
    const asked: CatalogueSearchQuery[] = [];
    let bikes = [bike(2019)];
    const counted = { checks: 0, reads: 0 };
    const search = readingBikes(
      {
        search: (query) => {
          asked.push(query);
          return Promise.resolve({
            items: [],
            total: 0,
            page: 1,
            pageSize: 24,
            facets: {} as CatalogueResponse['facets'],
          });
        },
      },
      { onClear: (listener) => void listeners.push(listener) },
      {
        fingerprint: () => {
          counted.checks += 1;
          return Promise.resolve(bikes.map(({ id }) => id).join());
        },
        bikes: () => {
          counted.reads += 1;
          return Promise.resolve(bikes);
        },
      },
    );
    const written = (kind: 'products' | 'reviews' | undefined) => listeners.forEach((listener) => listener(kind));
    const query = (q: string) => ({
      q,
      readBike: true,
      category: [],
      brand: [],
      compound: [],
      position: [],
      inStock: false,
      page: 1,
      pageSize: 24,
    });
    await search.search(query('cbr600rr'));
    await search.search(query('cbr600rr pads'));
    expect(counted).toEqual({ checks: 1, reads: 1 });
    expect(asked[1]).toMatchObject({ q: 'pads', vehicles: ['cbr-2019'] });

    written('products');
    await search.search(query('cbr600rr'));
    expect(counted).toEqual({ checks: 2, reads: 1 });

    bikes = [bike(2019), bike(2020)];
    written('reviews');
    await search.search(query('cbr600rr'));
    expect(counted).toEqual({ checks: 2, reads: 1 });
    written(undefined);
    const answer = await search.search(query('cbr600rr'));
    expect(counted).toEqual({ checks: 3, reads: 2 });
    expect(answer?.bikeFromQuery?.years.map(({ year }) => year)).toEqual([2020, 2019]);
  });

  it('when the inner search answers from memory, then so does the layer around it, as the inner search says at the time', () => {
    const inner = {
      answersFromMemory: false,
      search: () => Promise.resolve(undefined),
    };
    const layer = readingBikes(
      inner,
      { onClear: () => undefined },
      { fingerprint: () => Promise.resolve(''), bikes: () => Promise.resolve([]) },
    ) as { answersFromMemory?: boolean };
    expect(layer.answersFromMemory).toBe(false);
    inner.answersFromMemory = true;
    expect(layer.answersFromMemory).toBe(true);
  });
});
