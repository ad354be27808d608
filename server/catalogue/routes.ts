import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  catalogueQuerySchema,
  catalogueResponseSchema,
  errorResponseSchema,
  type CatalogueQuery,
} from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import type { CatalogueCache } from './cache.js';
import { CACHED_ROUTE_OPTIONS, sendCached } from './cached-json.js';
import type { CatalogueSearch } from './search.js';

export const UNKNOWN_VEHICLE_MESSAGE = 'No bike with that id';

/** The same search however its parameters were ordered or spelt: one cache entry. */
export function catalogueCacheKey(query: CatalogueQuery): string {
  const sorted = (values: readonly string[]) => [...new Set(values)].sort();
  return `catalogue:${JSON.stringify([
    query.q ?? '',
    sorted(query.category),
    sorted(query.brand.map((brand) => brand.toLowerCase())),
    query.vehicle ?? '',
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

const responseJson = (answer: unknown) => JSON.stringify(catalogueResponseSchema.parse(answer));

/**
 * `GET /api/catalogue`: the public catalogue, searched (search.ts). Answers are cached with the
 * catalogue's other reads, so they change with every write to a part (a stock change included).
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ search: CatalogueSearch; cache: CatalogueCache }> = async (
  app,
  { search, cache },
) => {
  app.get(
    apiPaths.catalogue,
    {
      ...CACHED_ROUTE_OPTIONS,
      schema: {
        querystring: catalogueQuerySchema,
        response: { 200: catalogueResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendCached(request, reply, {
        cache,
        kind: 'products',
        key: catalogueCacheKey(request.query),
        load: () => search.search(request.query),
        serialize: responseJson,
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
