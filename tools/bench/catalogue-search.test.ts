import { describe, expect, it } from 'vitest';
import { catalogueQuerySchema } from '../../contract/catalogue.js';
import { apiPaths } from '../../contract/paths.js';
import { catalogueCacheKey } from '../../server/catalogue/routes.js';
import { api } from '../lib/store-api.js';
import { createRandom, generateCatalogue } from './catalogue-data.js';
import {
  createSearchMix,
  misspell,
  queryObject,
  SEARCH_SHAPES,
  searchVocabulary,
  type SearchRequest,
} from './catalogue-search.js';

const catalogue = generateCatalogue({ parts: 1_000, vehicles: 200, fitments: 5_000 }, 3);
const source = { parts: catalogue.parts, vehicleIds: catalogue.vehicles.map((vehicle) => vehicle.id) };
const queryOf = (path: string) => queryObject(new URL(path, 'http://store').searchParams);
const take = (next: () => SearchRequest, count: number) => Array.from({ length: count }, () => next());

/** Edits (letter changed, added or dropped) from one word to the other. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

describe('the searches of the catalogue bench', () => {
  const searches = take(createSearchMix(source), 5_000);

  it('when drawn, then every one is a valid GET /api/catalogue', () => {
    for (const search of searches) {
      expect(search.path.startsWith(api(apiPaths.catalogue))).toBe(true);
      const parsed = catalogueQuerySchema.safeParse(queryOf(search.path));
      expect(parsed.error?.issues ?? [], search.path).toEqual([]);
    }
  });

  it('when drawn, then no two are the same search for the store (its cache key)', () => {
    const keys = searches.map((search) => catalogueCacheKey(catalogueQuerySchema.parse(queryOf(search.path))));
    expect(new Set(keys).size).toBe(searches.length);
  });

  it('then every kind of search is in the mix, about as often as its share', () => {
    const total = Object.values(SEARCH_SHAPES).reduce((sum, share) => sum + share, 0);
    for (const [shape, share] of Object.entries(SEARCH_SHAPES)) {
      const seen = searches.filter((search) => search.shape === shape).length / searches.length;
      expect(seen, shape).toBeGreaterThan((share / total) * 0.7);
      expect(seen, shape).toBeLessThan((share / total) * 1.3);
    }
  });

  it('then a bike search names a bike of the catalogue, and a part-number search a part', () => {
    const vehicleIds = new Set(source.vehicleIds);
    const skus = new Set(catalogue.parts.map((part) => part.sku));
    for (const search of searches) {
      const { vehicle } = queryOf(search.path);
      if (search.shape.startsWith('bike')) expect(vehicleIds.has(String(vehicle))).toBe(true);
      if (search.expectFirst) expect(skus.has(search.expectFirst)).toBe(true);
    }
  });

  it('when drawn again from the same seed, then they are the same', () => {
    expect(take(createSearchMix(source), 200)).toEqual(searches.slice(0, 200));
  });
});

describe('a misspelt word of the catalogue bench', () => {
  it('is one letter wrong, missing or extra, never the word itself', () => {
    const random = createRandom(5);
    const words = searchVocabulary().filter((word) => /^[a-z]{5,}$/.test(word));
    expect(words.length).toBeGreaterThan(50);
    for (const word of words) {
      const typo = misspell(random, word);
      expect(distance(word, typo), `${word} -> ${typo}`).toBe(1);
    }
  });
});
