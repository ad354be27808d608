import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiErrors, type CatalogueResponse } from '../../contract/index.js';
import { installErrorHandler } from '../http/error-handler.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createCatalogueCache } from './cache.js';
import { catalogueRoutes } from './routes.js';
import type { CatalogueSearch } from './search.js';

const AT_ONCE = 2;
/** How long the stand-in search holds "the database": longer than the requests take to arrive. */
const SEARCH_MS = 60;

/** A search that takes SEARCH_MS and counts how many are in the database at once. */
function slowSearch() {
  const counts = { calls: 0, inFlight: 0, most: 0 };
  const search: CatalogueSearch = {
    async search(query) {
      counts.calls += 1;
      counts.inFlight += 1;
      counts.most = Math.max(counts.most, counts.inFlight);
      await new Promise((resolve) => setTimeout(resolve, SEARCH_MS));
      counts.inFlight -= 1;
      const facets = { category: [], brand: [], compound: [], position: [] };
      return { items: [], total: 0, page: query.page, pageSize: query.pageSize, facets } satisfies CatalogueResponse;
    },
  };
  return { search, counts };
}

let app: FastifyInstance;
let counts: ReturnType<typeof slowSearch>['counts'];

beforeAll(async () => {
  const stand = slowSearch();
  counts = stand.counts;
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(catalogueRoutes, {
    prefix: API_PREFIX,
    search: stand.search,
    cache: createCatalogueCache(),
    searchesAtOnce: AT_ONCE,
  });
});
afterAll(() => app.close());
afterEach(() => {
  counts.calls = 0;
  counts.most = 0;
});

let searchNumber = 0;
/** A search no earlier one asked (so the cache cannot answer it), or `q` again. */
const get = (remoteAddress: string, q = `caliper ${(searchNumber += 1)}`) =>
  app.inject({ method: 'GET', url: `/api/catalogue?q=${encodeURIComponent(q)}`, remoteAddress });

describe('uncached searches per client', () => {
  it(`when one client sends 6 uncached searches at once, then never more than ${AT_ONCE} are in the database, and all 6 are answered`, async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('203.0.113.10')));
    expect(answers.map(({ statusCode }) => statusCode)).toEqual(Array(6).fill(200));
    expect(counts.calls).toBe(6);
    expect(counts.most).toBe(AT_ONCE);
  });

  it('when a client has more at once than run and wait, then the rest are refused with 429 SEARCH_BUSY', async () => {
    const answers = await Promise.all(Array.from({ length: 9 }, () => get('203.0.113.11')));
    const statuses = answers.map(({ statusCode }) => statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    const refused = answers.filter(({ statusCode }) => statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json()).toMatchObject({
      code: apiErrors.searchBusy.code,
      message: apiErrors.searchBusy.message,
    });
    expect(counts.most).toBe(AT_ONCE);
  });

  it('when one client is at its limit, then a second client is searched at once, not after it', async () => {
    const first = Array.from({ length: 6 }, () => get('203.0.113.12'));
    const other = await get('203.0.113.13');
    expect(other.statusCode).toBe(200);
    // It ran beside the first client's two, not in their queue.
    expect(counts.most).toBe(AT_ONCE + 1);
    await Promise.all(first);
  });

  it('when the answers are cached, then no limit applies: 20 at once from one client are all answered', async () => {
    const queries = ['pads front', 'pads rear'];
    for (const q of queries) expect((await get('203.0.113.14', q)).statusCode).toBe(200);
    counts.calls = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => get('203.0.113.14', queries[index % 2])),
    );
    expect(answers.map(({ statusCode }) => statusCode)).toEqual(Array(20).fill(200));
    expect(counts.calls).toBe(0);
  });
});

describe('the store as it starts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when one client sends many different searches at once, then some wait their turn and the rest are refused; another client is answered', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.app.inject({ method: 'GET', url: `/api/catalogue?q=brake${index}`, remoteAddress: '198.51.100.1' }),
      ),
    );
    const statuses = answers.map(({ statusCode }) => statusCode);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const other = await t.app.inject({ method: 'GET', url: '/api/catalogue?q=lever', remoteAddress: '198.51.100.2' });
    expect(other.statusCode).toBe(200);
  });
});
