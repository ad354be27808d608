import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueQuerySchema } from '../../contract/catalogue.js';
import { apiPaths } from '../../contract/paths.js';
import { catalogueCacheKey } from '../../server/catalogue/routes.js';
import { CATALOGUE_VERSION_HEADER } from '../../server/catalogue/search.js';
import { api } from '../lib/store-api.js';
import { createRandom, generateCatalogue } from './catalogue-data.js';
import {
  answeredBy,
  createLoadMix,
  createSearchMix,
  describeIndexWait,
  describeStoreExit,
  LAST_PAGE,
  misspell,
  PART_PAGE,
  partPagesMeanwhile,
  PART_PAGE_SHARE,
  queryObject,
  SEARCH_SHAPES,
  searchVocabulary,
  waitForIndex,
} from './catalogue-search.js';

const catalogue = generateCatalogue({ parts: 1_000, vehicles: 200, fitments: 5_000 }, 3);
const source = { parts: catalogue.parts, vehicleIds: catalogue.vehicles.map((vehicle) => vehicle.id) };
const queryOf = (path: string) => queryObject(new URL(path, 'http://store').searchParams);
const take = <T>(next: () => T, count: number) => Array.from({ length: count }, () => next());

/** Edits from one word to the other: a letter changed, added or dropped, or two neighbours swapped. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Two neighbouring letters swapped, and nothing else. */
const isSwap = (word: string, typo: string) => {
  const differ = [...word].flatMap((letter, index) => (letter === typo[index] ? [] : [index]));
  return (
    word.length === typo.length &&
    differ.length === 2 &&
    differ[1] === (differ[0] ?? 0) + 1 &&
    word[differ[0] ?? 0] === typo[differ[1] ?? 0]
  );
};

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

  it('then every search asks for one of the first pages', () => {
    for (const search of searches) {
      expect(catalogueQuerySchema.parse(queryOf(search.path)).page, search.path).toBeLessThanOrEqual(LAST_PAGE);
    }
    const pages = new Set(searches.map((search) => catalogueQuerySchema.parse(queryOf(search.path)).page));
    expect(pages).toEqual(new Set(Array.from({ length: LAST_PAGE }, (_, index) => index + 1)));
  });

  it('then facets come with a price range and a sort, a bike with a category where the kind says so', () => {
    for (const search of searches) {
      const query = catalogueQuerySchema.parse(queryOf(search.path));
      if (search.shape === 'facets, price and sort') {
        expect(query.category.length, search.path).toBeGreaterThan(0);
        expect(query.minPrice, search.path).toBeDefined();
        expect(query.maxPrice, search.path).toBeDefined();
        expect(query.sort, search.path).toBeDefined();
      }
      if (search.shape === 'bike and category') expect(query.category.length, search.path).toBeGreaterThan(0);
      if (search.shape === 'bike and text') expect(query.q, search.path).toBeDefined();
    }
  });

  it('then a typo search has a word one typo away from a word shoppers type', () => {
    const vocabulary = searchVocabulary();
    for (const search of searches.filter(({ shape }) => shape === 'text with a typo')) {
      const typo = catalogueQuerySchema.parse(queryOf(search.path)).q?.split(' ')[0] ?? '';
      expect(
        vocabulary.some((word) => distance(word, typo) === 1),
        search.path,
      ).toBe(true);
    }
  });

  it('when drawn again from the same seed, then they are the same', () => {
    expect(take(createSearchMix(source), 200)).toEqual(searches.slice(0, 200));
  });
});

describe('a misspelt word of the catalogue bench', () => {
  const random = createRandom(5);
  const words = searchVocabulary().filter((word) => /^[a-z]{5,}$/.test(word));
  const typos = words.flatMap((word) => Array.from({ length: 8 }, () => ({ word, typo: misspell(random, word) })));

  it('is one typo away, never the word itself, its first letter kept', () => {
    expect(words.length).toBeGreaterThan(50);
    for (const { word, typo } of typos) {
      expect(distance(word, typo), `${word} -> ${typo}`).toBe(1);
      expect(typo[0]).toBe(word[0]);
    }
  });

  it('is now and then two neighbouring letters swapped (brmebo for brembo)', () => {
    const swaps = typos.filter(({ word, typo }) => isSwap(word, typo)).length / typos.length;
    expect(swaps).toBeGreaterThan(0.15);
    expect(swaps).toBeLessThan(0.35);
  });
});

describe('the load of the catalogue bench', () => {
  const partIds = new Set(catalogue.parts.map((part) => part.id));
  const requests = take(createLoadMix(createSearchMix(source), [...partIds]), 5_000);

  it("when drawn, then about one request in ten reads a part's page, of a part of the catalogue", () => {
    const pages = requests.filter((request) => request.kind === PART_PAGE);
    expect(pages.length / requests.length).toBeGreaterThan(PART_PAGE_SHARE * 0.7);
    expect(pages.length / requests.length).toBeLessThan(PART_PAGE_SHARE * 1.3);
    for (const { path } of pages) {
      expect(path.startsWith(`${api(apiPaths.products)}/`)).toBe(true);
      expect(partIds.has(decodeURIComponent(path.split('/').pop() ?? ''))).toBe(true);
    }
  });

  it('then the others are the searches of the mix, each different', () => {
    const searches = requests.filter((request) => request.kind !== PART_PAGE);
    expect(searches.every((request) => request.path.startsWith(api(apiPaths.catalogue)))).toBe(true);
    expect(new Set(searches.map((request) => request.path)).size).toBe(searches.length);
  });
});

describe('which search answered, from the catalogue-version header', () => {
  it('reads a number as the index, `sql` as the SQL search, anything else or nothing as unknown', () => {
    expect(answeredBy('42')).toEqual({ by: 'index', version: 42 });
    expect(answeredBy('sql')).toEqual({ by: 'sql' });
    expect(answeredBy(null)).toEqual({ by: 'unknown' });
    expect(answeredBy('')).toEqual({ by: 'unknown' });
    expect(answeredBy('v3')).toEqual({ by: 'unknown' });
  });
});

describe("waiting for the store's index", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /**
   * A store on loopback whose n-th health answer says `said(n)` of search (nothing when undefined) and
   * whose n-th catalogue answer carries `header(n)` (none when undefined).
   */
  async function storeAnswering(
    said: (answer: number) => string | undefined,
    header: (answer: number) => string | undefined,
  ) {
    let healthAnswers = 0;
    let searchAnswers = 0;
    const seen: string[] = [];
    server = createServer((request, response) => {
      const url = request.url ?? '';
      seen.push(url);
      if (url === api(apiPaths.health)) {
        const search = said(healthAnswers++);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', search }));
        return;
      }
      const value = header(searchAnswers++);
      response.writeHead(200, value === undefined ? {} : { [CATALOGUE_VERSION_HEADER]: value }).end('{}');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const searches = () => seen.filter((url) => url !== api(apiPaths.health));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, searches };
  }

  it('when health switches from `sql` to `index`, then one search confirms it and it is ready, no search asked before', async () => {
    const { baseUrl, searches } = await storeAnswering(
      (answer) => (answer < 2 ? 'sql' : 'index'),
      () => '7',
    );
    const wait = await waitForIndex(baseUrl, {
      parts: catalogue.parts,
      spawnedAt: performance.now(),
      timeoutMs: 5_000,
    });
    expect(wait.readySeconds).toBeGreaterThan(0);
    expect(wait).toMatchObject({ polls: 3, lastSaid: 'index', lastHeader: '7' });
    expect(describeIndexWait(wait)).toBeUndefined();
    expect(searches()).toHaveLength(1);
    for (const url of searches()) expect(catalogueQuerySchema.safeParse(queryOf(url)).success).toBe(true);
  });

  it('when health says `index` before a search carries a version, then it asks again, each search new', async () => {
    const { baseUrl, searches } = await storeAnswering(
      () => 'index',
      (answer) => (answer < 2 ? 'sql' : '9'),
    );
    const wait = await waitForIndex(baseUrl, {
      parts: catalogue.parts,
      spawnedAt: performance.now(),
      timeoutMs: 5_000,
    });
    expect(wait).toMatchObject({ polls: 3, lastHeader: '9' });
    expect(new Set(searches()).size).toBe(3);
  });

  it('when health does not say where searches are answered, then it gives up after the timeout and says so', async () => {
    const { baseUrl, searches } = await storeAnswering(
      () => undefined,
      () => '7',
    );
    const wait = await waitForIndex(baseUrl, { parts: catalogue.parts, spawnedAt: performance.now(), timeoutMs: 600 });
    expect(wait.readySeconds).toBeUndefined();
    expect(wait.lastSaid).toBeNull();
    expect(wait.waitedSeconds).toBeGreaterThanOrEqual(0.5);
    expect(searches()).toHaveLength(0);
    expect(describeIndexWait(wait)).toMatch(/did not say where searches are answered .* the SQL search is measured/);
  });

  it('when health keeps saying `sql`, then it gives up after the timeout and says so', async () => {
    const { baseUrl } = await storeAnswering(
      () => 'sql',
      () => 'sql',
    );
    const wait = await waitForIndex(baseUrl, { parts: catalogue.parts, spawnedAt: performance.now(), timeoutMs: 600 });
    expect(describeIndexWait(wait)).toMatch(/^health still said search "sql" after 1 s: the SQL search is measured/);
  });

  it('when the store has exited, then it stops waiting at once and says when', async () => {
    const { baseUrl } = await storeAnswering(
      () => 'sql',
      () => 'sql',
    );
    const spawnedAt = performance.now() - 5_000;
    const wait = await waitForIndex(baseUrl, {
      parts: catalogue.parts,
      spawnedAt,
      timeoutMs: 60_000,
      running: () => false,
    });
    expect(wait).toMatchObject({ readySeconds: undefined, polls: 0 });
    expect(wait.exitedSeconds).toBeGreaterThanOrEqual(5);
    expect(describeIndexWait(wait)).toMatch(/^the store exited 5 s after its start/);
  });

  it('when nothing answers, then it gives up after the timeout too', async () => {
    const { baseUrl } = await storeAnswering(
      () => undefined,
      () => undefined,
    );
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const wait = await waitForIndex(baseUrl, { parts: catalogue.parts, spawnedAt: performance.now(), timeoutMs: 400 });
    expect(wait.readySeconds).toBeUndefined();
  });
});

describe('part pages while the index builds', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('when stopped, then every page asked is counted with its time, and those not 2xx as failed', async () => {
    const seen: string[] = [];
    server = createServer((request, response) => {
      seen.push(request.url ?? '');
      // Every third answer fails; the others come after 20 ms.
      if (seen.length % 3 === 0) response.writeHead(500).end();
      else setTimeout(() => response.writeHead(200).end('{}'), 20);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ids = catalogue.parts.map((part) => part.id);
    const pages = partPagesMeanwhile(baseUrl, ids);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const summary = await pages.stop();
    expect(summary.answered).toBe(seen.length);
    expect(summary.answered).toBeGreaterThanOrEqual(4);
    expect(summary.failed).toBe(Math.floor(seen.length / 3));
    expect(summary.max).toBeGreaterThanOrEqual(20);
    for (const url of seen) expect(ids.map((id) => api(apiPaths.product(id)))).toContain(url);
  });
});

describe('how the store ended', () => {
  it("names V8's fatal error when its output has one, else how it exited", () => {
    const output =
      '{"level":30,"msg":"building the catalogue index"}\n<--- Last few GCs --->\n' +
      'FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory\n' +
      ' 1: 0xb78db3 node::OOMErrorHandler\n';
    expect(describeStoreExit(output, 'SIGABRT')).toBe(
      'Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory (signal SIGABRT)',
    );
    expect(describeStoreExit('{"level":50}\n', 1)).toBe('the store exited (exit code 1)');
  });
});
