import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueResponseSchema,
  normalizePartNumber,
  PART_CATEGORIES,
  toCents,
  type CatalogueQueryInput,
  type CatalogueResponse,
  type FacetCount,
  type PartCategory,
} from '../../contract/index.js';
import { productFitment } from '../db/schema.js';
import { adminWithToken, bearer } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildProduct, buildVehicle } from '../test/factories.js';
import { queryPartNumber, queryWords } from './search.js';

/** The catalogue as the test knows it: what the brute-force counts are taken from. */
interface Part {
  id: string;
  /** Insertion order: higher is newer. */
  order: number;
  name: string;
  priceCents: number;
  category: PartCategory;
  brand: string;
  compound: string | undefined;
  position: string | undefined;
  inStock: boolean;
  universal: boolean;
  vehicles: Set<string>;
}

const BRANDS = ['EBC', 'Brembo', 'Galfer', 'TRW', 'Nissin'];
const COMPOUNDS = ['sintered', 'organic', 'ceramic'];
const POSITIONS = ['front', 'rear'];
const NOUNS: Record<PartCategory, string> = {
  'brake-pads': 'Brake Pads',
  'brake-discs': 'Brake Disc',
  calipers: 'Caliper',
  'brake-lines': 'Braided Line',
  levers: 'Lever',
  'master-cylinders': 'Master Cylinder',
  'brake-fluid': 'Brake Fluid',
  hardware: 'Bolt Set',
};

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const ADMIN = 'catalogue-admin@example.com';
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

/** The query string of a query, repeating a parameter for each of its values. */
function queryString(query: CatalogueQueryInput): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  return params.toString();
}

async function search(t: TestApp, query: CatalogueQueryInput): Promise<CatalogueResponse> {
  const response = await get(t, `/api/catalogue?${queryString(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return catalogueResponseSchema.parse(response.json());
}

describe('GET /api/catalogue', () => {
  let t: TestApp;
  const parts: Part[] = [];
  const vehicleIds: string[] = [];
  let exactSkuPart: Part;
  let oemPart: Part;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    for (const year of [2018, 2019, 2020, 2021]) {
      vehicleIds.push((await buildVehicle(t.db, { make: 'Honda', model: 'CBR600RR', year }))._id);
    }
    const next = random(14);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
    for (let order = 0; order < 64; order += 1) {
      const category = PART_CATEGORIES[order % PART_CATEGORIES.length] as PartCategory;
      const brand = pick(BRANDS);
      const compound = category === 'brake-pads' ? pick(COMPOUNDS) : undefined;
      const position = ['brake-pads', 'brake-discs', 'calipers'].includes(category) ? pick(POSITIONS) : undefined;
      const universal = category === 'brake-fluid' || (category === 'hardware' && next() < 0.5);
      const name = [brand, compound, position, NOUNS[category], `No${order}`]
        .filter(Boolean)
        .join(' ')
        .replace(/\b\w/g, (letter) => letter.toUpperCase());
      const priceCents = 1000 + Math.floor(next() * 200) * 50;
      const minimum = 1 + Math.floor(next() * 3);
      const stock = next() < 0.2 ? minimum - 1 : minimum + Math.floor(next() * 50);
      const product = await buildProduct(t.db, {
        name,
        brand,
        category,
        priceCents,
        minimumOrderQuantity: minimum,
        availableQuantity: stock,
        universal,
        specs: { ...(compound && { compound }), ...(position && { position }) } as Record<string, string>,
        description: `${NOUNS[category]} for sport and touring bikes.`,
      });
      const fitted = new Set(universal ? [] : vehicleIds.filter(() => next() < 0.5));
      for (const vehicleId of fitted) {
        await t.db.insert(productFitment).values({ productId: product._id, vehicleId });
      }
      parts.push({
        id: product._id,
        order,
        name,
        priceCents,
        category,
        brand,
        compound,
        position,
        inStock: stock >= minimum,
        universal,
        vehicles: fitted,
      });
    }
    // Part numbers: one part's sku is the query, another only mentions it in its name.
    const named = await buildProduct(t.db, { name: 'Pad Spring Kit for FA244HH', category: 'hardware', brand: 'EBC' });
    const exact = await buildProduct(t.db, {
      name: 'Sintered Front Pads',
      category: 'brake-pads',
      brand: 'EBC',
      sku: 'FA244HH',
      specs: { compound: 'sintered', position: 'front' },
    });
    const oem = await buildProduct(t.db, {
      name: 'Organic Rear Pads',
      category: 'brake-pads',
      brand: 'Ferodo',
      oemNumbers: ['06435-MEL-D21', '43105-MCJ-006'],
      specs: { compound: 'organic', position: 'rear' },
    });
    const known = (product: typeof named, order: number, extra: Partial<Part>): Part => ({
      id: product._id,
      order,
      name: product.name,
      priceCents: toCents(product.price),
      category: product.category,
      brand: product.brand,
      compound: product.specs.compound,
      position: product.specs.position,
      inStock: product.availableQantity >= product.minimumOderQantity,
      universal: false,
      vehicles: new Set(),
      ...extra,
    });
    parts.push(known(named, 64, {}));
    exactSkuPart = known(exact, 65, {});
    oemPart = known(oem, 66, {});
    parts.push(exactSkuPart, oemPart);
  });
  afterAll(() => t.close());

  /** The brute-force answer: the parts that pass every filter but `except`'s (no text). */
  function matching(query: CatalogueQueryInput, except?: 'category' | 'brand' | 'compound' | 'position') {
    const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());
    const allowed = (name: 'category' | 'brand' | 'compound' | 'position', value: string | undefined) => {
      const chosen = list(query[name]).map((one) => one.toLowerCase());
      return name === except || chosen.length === 0 || (value !== undefined && chosen.includes(value.toLowerCase()));
    };
    return parts.filter(
      (part) =>
        (!query.vehicle || part.universal || part.vehicles.has(query.vehicle)) &&
        (query.inStock !== 'true' || part.inStock) &&
        (query.minPrice === undefined || part.priceCents >= toCents(Number(query.minPrice))) &&
        (query.maxPrice === undefined || part.priceCents <= toCents(Number(query.maxPrice))) &&
        allowed('category', part.category) &&
        allowed('brand', part.brand) &&
        allowed('compound', part.compound) &&
        allowed('position', part.position),
    );
  }

  function bruteFacet(query: CatalogueQueryInput, facet: 'category' | 'brand' | 'compound' | 'position') {
    const counts = new Map<string, number>();
    for (const part of matching(query, facet)) {
      const value = part[facet];
      if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return counts;
  }

  const asMap = (counts: FacetCount[]) =>
    new Map(counts.filter(({ count }) => count > 0).map((c) => [c.value, c.count]));

  it('without parameters lists every part, newest first, 24 a page, with counts for each facet', async () => {
    const answer = await search(t, {});
    expect(answer.total).toBe(parts.length);
    expect(answer.page).toBe(1);
    expect(answer.pageSize).toBe(24);
    const newest = [...parts].sort((a, b) => b.order - a.order).slice(0, 24);
    expect(answer.items.map((item) => item._id)).toEqual(newest.map((part) => part.id));
    expect(answer.items[0]).not.toHaveProperty('fits');
    expect(asMap(answer.facets.category)).toEqual(bruteFacet({}, 'category'));
    expect(asMap(answer.facets.brand)).toEqual(bruteFacet({}, 'brand'));
  });

  it('facet counts are disjunctive and equal a brute-force count, for any mix of filters', async () => {
    const queries = fc.record(
      {
        category: fc.subarray([...PART_CATEGORIES], { maxLength: 3 }),
        brand: fc.subarray([...BRANDS, 'Ferodo', 'brembo'], { maxLength: 2 }),
        compound: fc.subarray(COMPOUNDS, { maxLength: 2 }),
        position: fc.subarray(POSITIONS, { maxLength: 1 }),
        vehicle: fc.option(fc.constantFrom(...vehicleIds), { nil: undefined }),
        inStock: fc.option(fc.constant('true'), { nil: undefined }),
        minPrice: fc.option(fc.integer({ min: 10, max: 60 }), { nil: undefined }),
        maxPrice: fc.option(fc.integer({ min: 60, max: 120 }), { nil: undefined }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(queries, async (generated) => {
        const query = generated as CatalogueQueryInput;
        const answer = await search(t, { ...query, pageSize: 100 });
        const expected = matching(query);
        expect(answer.total).toBe(expected.length);
        expect(new Set(answer.items.map((item) => item._id))).toEqual(new Set(expected.map((part) => part.id)));
        for (const facet of ['category', 'brand', 'compound', 'position'] as const) {
          expect(asMap(answer.facets[facet]), facet).toEqual(bruteFacet(query, facet));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a chosen value that nothing matches stays in its facet at 0, so it can be unticked', async () => {
    const answer = await search(t, { category: 'brake-fluid', compound: 'sintered' });
    expect(answer.total).toBe(0);
    expect(answer.items).toEqual([]);
    expect(answer.facets.compound).toContainEqual({ value: 'sintered', count: 0 });
    expect(answer.facets.category).toContainEqual({ value: 'brake-fluid', count: 0 });
  });

  it('with a vehicle, lists only the parts that fit it or every bike, and says which', async () => {
    const vehicle = vehicleIds[1] as string;
    const answer = await search(t, { vehicle, pageSize: 100 });
    const expected = parts.filter((part) => part.universal || part.vehicles.has(vehicle));
    expect(answer.total).toBe(expected.length);
    for (const item of answer.items) {
      const part = parts.find((one) => one.id === item._id);
      expect(item.fits).toBe(part?.universal ? 'universal' : 'fits');
    }
    expect(answer.items.some((item) => item.fits === 'universal')).toBe(true);
    expect(answer.items.some((item) => item.fits === 'fits')).toBe(true);
  });

  it('sorts by price both ways, by name and by newest; ties go newest first', async () => {
    const all = await Promise.all(
      (['price-asc', 'price-desc', 'name', 'newest'] as const).map((sort) => search(t, { sort, pageSize: 100 })),
    );
    const byNewest = (a: Part, b: Part) => b.order - a.order;
    const expected = [
      [...parts].sort((a, b) => a.priceCents - b.priceCents || byNewest(a, b)),
      [...parts].sort((a, b) => b.priceCents - a.priceCents || byNewest(a, b)),
      [...parts].sort((a, b) => {
        const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
        return x < y ? -1 : x > y ? 1 : byNewest(a, b);
      }),
      [...parts].sort(byNewest),
    ];
    all.forEach((answer, index) => {
      expect(answer.items.map((item) => item.name)).toEqual(expected[index]?.map((part) => part.name));
    });
  });

  it('pages follow each other without a gap or a repeat; a page past the end is empty', async () => {
    const first = await search(t, { sort: 'price-asc', pageSize: 10, page: 1 });
    const second = await search(t, { sort: 'price-asc', pageSize: 10, page: 2 });
    const whole = await search(t, { sort: 'price-asc', pageSize: 20 });
    expect([...first.items, ...second.items].map((item) => item._id)).toEqual(whole.items.map((item) => item._id));
    const past = await search(t, { pageSize: 10, page: 100 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(parts.length);
    expect(past.page).toBe(100);
  });

  it('filters by stock (the minimum order can be met) and by price, both ends included', async () => {
    const inStock = await search(t, { inStock: 'true', pageSize: 100 });
    expect(inStock.total).toBe(parts.filter((part) => part.inStock).length);
    expect(inStock.items.every((item) => item.availableQantity >= item.minimumOderQantity)).toBe(true);
    const price = parts[5]?.priceCents as number;
    const exactPrice = await search(t, { minPrice: price / 100, maxPrice: price / 100, pageSize: 100 });
    expect(exactPrice.total).toBe(parts.filter((part) => part.priceCents === price).length);
    expect(exactPrice.total).toBeGreaterThan(0);
  });

  it('q needs every word, each also as the start of a word, and stems (pads finds pad)', async () => {
    const pads = parts.find((part) => part.compound && part.position);
    const [compound, position] = [pads?.compound as string, pads?.position as string];
    const answer = await search(t, { q: `${compound} ${position}`, pageSize: 100 });
    const expected = parts.filter(
      (part) => part.name.toLowerCase().includes(compound) && part.name.toLowerCase().includes(position),
    );
    expect(new Set(answer.items.map((item) => item._id))).toEqual(new Set(expected.map((part) => part.id)));
    expect(expected.length).toBeGreaterThan(0);
    const prefix = await search(t, { q: 'calip', pageSize: 100 });
    expect(prefix.total).toBe(parts.filter((part) => part.category === 'calipers').length);
    const pad = await search(t, { q: 'pad', category: 'brake-pads', pageSize: 100 });
    expect(pad.total).toBe(parts.filter((part) => part.category === 'brake-pads').length);
  });

  it('searches brand and description too, and text combines with every filter', async () => {
    const byBrand = await search(t, { q: 'galfer', pageSize: 100 });
    expect(byBrand.total).toBe(parts.filter((part) => part.brand === 'Galfer').length);
    const touring = await search(t, { q: 'touring', category: 'levers', pageSize: 100 });
    expect(touring.total).toBe(parts.filter((part) => part.category === 'levers').length);
  });

  it('a one-letter typo in a word of five or more letters still finds it (sintred finds sintered)', async () => {
    const sintered = parts.filter((part) => /sintered/i.test(part.name)).map((part) => part.id);
    const answer = await search(t, { q: 'sintred', pageSize: 100 });
    expect(new Set(answer.items.map((item) => item._id))).toEqual(new Set(sintered));
    // A word that means something in the catalogue is not "corrected" into another.
    const rear = await search(t, { q: 'rear', pageSize: 100 });
    expect(rear.items.every((item) => /rear/i.test(`${item.name} ${item.description}`))).toBe(true);
  });

  it('any one typo (a letter wrong, missing or extra, or two neighbours swapped: brmebo) of a catalogue word finds its parts', async () => {
    const words = ['sintered', 'organic', 'ceramic', 'caliper', 'braided', 'master', 'cylinder', 'galfer', 'brembo'];
    const vocabulary = new Set(
      parts.flatMap((part) => `${part.name} ${part.brand} for sport and touring bikes`.toLowerCase().split(/\W+/)),
    );
    const typos = fc
      .record({
        word: fc.constantFrom(...words),
        kind: fc.constantFrom('replace', 'delete', 'insert', 'swap'),
        at: fc.nat(),
        letter: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
      })
      .map(({ word, kind, at, letter }) => {
        const index = at % (kind === 'insert' ? word.length + 1 : kind === 'swap' ? word.length - 1 : word.length);
        const typed =
          kind === 'swap'
            ? word.slice(0, index) + word.charAt(index + 1) + word.charAt(index) + word.slice(index + 2)
            : kind === 'replace'
              ? word.slice(0, index) + letter + word.slice(index + 1)
              : kind === 'delete'
                ? word.slice(0, index) + word.slice(index + 1)
                : word.slice(0, index) + letter + word.slice(index);
        return { word, typed };
      })
      // A typo that happens to start a real word is that word, not a typo (nor is a swap of twins).
      .filter(({ word, typed }) => typed !== word && ![...vocabulary].some((known) => known.startsWith(typed)));
    await fc.assert(
      fc.asyncProperty(typos, async ({ word, typed }) => {
        const answer = await search(t, { q: typed, pageSize: 100 });
        const expected = parts.filter((part) => `${part.name} ${part.brand}`.toLowerCase().includes(word));
        const found = new Set(answer.items.map((item) => item._id));
        for (const part of expected) expect(found.has(part.id), `${typed} for ${word}`).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('an exact sku or OEM number, typed with any case, spaces or dashes, puts that part first', async () => {
    const bySku = await search(t, { q: 'fa 244-hh' });
    expect(bySku.items[0]?._id).toBe(exactSkuPart.id);
    expect(bySku.items.map((item) => item.name)).toContain('Pad Spring Kit for FA244HH');
    const byOem = await search(t, { q: '43105mcj006' });
    expect(byOem.items[0]?._id).toBe(oemPart.id);
    const byOemStart = await search(t, { q: '06435-MEL' });
    expect(byOemStart.items.map((item) => item._id)).toContain(oemPart.id);
  });

  it('treats whatever a shopper types as text: operators, quotes and SQL change nothing', async () => {
    for (const q of ["'&|!():*<>\\", "pads' or 1=1 --", 'pads & !front', '(((', '%_', 'ü ñ 東京', '   ']) {
      const response = await get(t, `/api/catalogue?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
    }
    const punctuation = await search(t, { q: '---' });
    expect(punctuation.total).toBe(parts.length);
  });

  it('a part added or changed shows in the next search (the cache forgets on every write)', async () => {
    expect((await search(t, { q: 'zanzibar' })).total).toBe(0);
    const admin = await adminWithToken(t.app, ADMIN);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin.token),
      payload: {
        name: 'Zanzibar Wave Disc',
        price: 120,
        availableQantity: 10,
        minimumOderQantity: 1,
        picture: '/images/products/wave-disc.svg',
        category: 'brake-discs',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const answer = await search(t, { q: 'zanzibar' });
    expect(answer.items.map((item) => item.name)).toEqual(['Zanzibar Wave Disc']);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${answer.items[0]?._id}`,
      headers: bearer(admin.token),
    });
    expect((await search(t, { q: 'zanzibar' })).total).toBe(0);
  });

  it('the database normalizes part numbers as the contract does (its twin in SQL, migration 0009)', async () => {
    const partNumbers = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 \-./]{0,30}$/);
    await fc.assert(
      fc.asyncProperty(partNumbers, async (number) => {
        const { rows } = (await t.db.execute(
          sql`select normalize_part_number(${number}) as normalized`,
        )) as unknown as {
          rows: { normalized: string }[];
        };
        expect(rows[0]?.normalized).toBe(normalizePartNumber(number));
      }),
      { numRuns: 50 },
    );
  });

  it.each([
    ['sort=popular', 'querystring.sort'],
    ['page=0', 'querystring.page'],
    ['page=two', 'querystring.page'],
    ['pageSize=1000', 'querystring.pageSize'],
    ['pageSize=0', 'querystring.pageSize'],
    ['vehicle=00000000-0000-4000-8000-000000000000', 'querystring.vehicle'],
    ['vehicle=honda', 'querystring.vehicle'],
    ['minPrice=50&maxPrice=20', 'querystring.minPrice'],
    ['minPrice=-1', 'querystring.minPrice'],
    ['maxPrice=cheap', 'querystring.maxPrice'],
    ['inStock=yes', 'querystring.inStock'],
    ['category=tyres', 'querystring.category.0'],
    ['category=brake-pads&category=wheels', 'querystring.category.1'],
    ['compound=steel', 'querystring.compound.0'],
    ['position=left', 'querystring.position.0'],
    [`q=${'a'.repeat(101)}`, 'querystring.q'],
  ])('%s answers 400 with a field error on %s', async (params, field) => {
    const response = await get(t, `/api/catalogue?${params}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([expect.objectContaining({ field, message: expect.any(String) })]),
    });
  });
});

describe('reading a query', () => {
  it('keeps letters and digits only, lowercased, each word once', () => {
    expect(queryWords("EBC  FA244HH's & pads|pads:*")).toEqual(['ebc', 'fa244hh', 's', 'pads']);
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (q) => {
        for (const word of queryWords(q)) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
      }),
    );
  });

  it('reads the whole query as a part number when it could be one', () => {
    expect(queryPartNumber('fa 244-hh')).toBe('FA244HH');
    expect(queryPartNumber('06435-MEL-D21')).toBe('06435MELD21');
    expect(queryPartNumber('a-b')).toBeUndefined();
    expect(queryPartNumber('pads & discs')).toBeUndefined();
  });
});
