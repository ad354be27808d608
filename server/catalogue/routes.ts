import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  catalogueQuerySchema,
  catalogueResponseSchema,
  errorResponseSchema,
  type CatalogueQuery,
} from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import { oneAtATurn } from '../http/one-at-a-turn.js';
import { createPerClientConcurrency } from '../http/per-client-concurrency.js';
import type { CatalogueCache } from './cache.js';
import { answerJson } from './answer-json.js';
import { askedBefore } from './asked-before.js';
import { CACHED_ROUTE_OPTIONS, sendCached } from './cached-json.js';
import { CATALOGUE_VERSION_HEADER, type CatalogueSearch } from './search.js';

export const UNKNOWN_VEHICLE_MESSAGE = 'No bike with that id';

/** The same search however its parameters were ordered or spelt: one cache entry. */
export function catalogueCacheKey(query: CatalogueQuery): string {
  const sorted = (values: readonly string[]) => [...new Set(values)].sort();
  return `catalogue:${JSON.stringify([
    query.q ?? '',
    sorted(query.category),
    sorted(query.brand.map((brand) => brand.toLowerCase())),
    query.vehicle ?? '',
    query.readBike,
    sorted(query.compound),
    sorted(query.position),
    query.inStock,
    query.minPrice ?? '',
    query.maxPrice ?? '',
    query.sort ?? '',
    query.page,
    query.pageSize,
  ])}`;
}

/**
 * Searches of one client that wait for another of its searches to finish: briefly, a few. Together
 * with the running ones they cover a shopper's page (a search and its facets' next click) and a
 * few tabs; a loop of distinct searches from one address is refused past them.
 */
export const SEARCHES_WAITING_PER_CLIENT = 4;
export const SEARCH_WAIT_MS = 2_000;

/**
 * `GET /api/catalogue`: the public catalogue, searched (search.ts). Answers are cached with the
 * catalogue's other reads, so they change with every write to a part (a stock change included).
 * What the cache cannot answer reaches the database: `searchesAtOnce` of those per client IP run at
 * once (0: no limit), the next few wait, and any more are refused with SEARCH_BUSY; on PGlite five
 * at once from one client put every other request's p99 over a second (issue 26).
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  search: CatalogueSearch;
  cache: CatalogueCache;
  searchesAtOnce: number;
}> = async (app, { search, cache, searchesAtOnce }) => {
  const askedAgain = askedBefore();
  const searchTurn = oneAtATurn();
  const perClient =
    searchesAtOnce > 0
      ? createPerClientConcurrency({
          running: searchesAtOnce,
          waiting: SEARCHES_WAITING_PER_CLIENT,
          waitMs: SEARCH_WAIT_MS,
          refusal: 'searchBusy',
        })
      : undefined;
  app.get(
    apiPaths.catalogue,
    {
      ...CACHED_ROUTE_OPTIONS,
      schema: {
        querystring: catalogueQuerySchema,
        response: { 200: catalogueResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const key = catalogueCacheKey(request.query);
      const sent = await sendCached(request, reply, {
        cache,
        kind: 'products',
        key,
        // Only what reaches the database is limited: cached answers and the index's cost it nothing.
        // The index's searches take the event loop one per turn, so that cheaper requests that come
        // meanwhile (a part's page) are not answered after every search queued before them.
        load: () =>
          search.answersFromMemory
            ? searchTurn().then(() => search.search(request.query))
            : perClient
              ? perClient.run(request.ip, () => search.search(request.query))
              : search.search(request.query),
        serialize: answerJson,
        headers: (answer) =>
          answer.version === undefined ? undefined : { [CATALOGUE_VERSION_HEADER]: answer.version },
        // The database's answers are kept; the index's when asked again.
        keep: (answer) => answer.version === 'sql' || answer.version === undefined || askedAgain(key),
      });
      if (!sent) {
        throw new AppError('validationFailed', {
          message: UNKNOWN_VEHICLE_MESSAGE,
          errors: [{ field: 'querystring.vehicle', message: UNKNOWN_VEHICLE_MESSAGE }],
        });
      }
    },
  );
};
