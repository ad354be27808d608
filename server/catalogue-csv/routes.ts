import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, catalogueImportResultSchema, errorResponseSchema } from '../../contract/index.js';
import type { Guards } from '../auth/guards.js';
import type { CatalogueCache } from '../catalogue/cache.js';
import { exportCatalogue } from './export.js';
import { emptyCatalogueFile, readCatalogueFile, type CatalogueFile } from './file.js';
import type { ImportCatalogue } from './import.js';
import { ImportLimits } from './limits.js';
import type { CatalogueCsvRepository } from './repository.js';

interface CatalogueCsvRoutesOptions {
  repository: CatalogueCsvRepository;
  importCatalogue: ImportCatalogue;
  guards: Guards;
  cache: CatalogueCache;
}

/**
 * The catalogue in bulk (spec section 3): `GET` answers every part as CSV, `POST` takes such a file
 * (`text/csv`) and creates or updates parts by sku, all or nothing. In this plugin only, `text/csv`
 * is the one body type read (through csv-parse, as it arrives, within the limits of limits.ts); any
 * other is refused with 415.
 */
export const catalogueCsvRoutes: FastifyPluginAsyncZod<CatalogueCsvRoutesOptions> = async (
  app,
  { repository, importCatalogue, guards, cache },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/csv', async (request: FastifyRequest, payload: IncomingMessage) => {
    const contentLength = Number(request.headers['content-length']);
    return readCatalogueFile(payload, {
      limits: new ImportLimits(() => repository.catalogueSize()),
      ...(Number.isFinite(contentLength) && { contentLength }),
    });
  });

  // A CSV answer, not JSON: no response schema (its refusals take the API's one error shape all the same).
  app.get(apiPaths.catalogueCsv, { onRequest: guards.requireAdmin }, async (request, reply) => {
    const csv = await exportCatalogue(repository, (error) =>
      request.log.error({ err: error }, 'catalogue export cut short'),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="catalogue.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post(
    apiPaths.catalogueCsv,
    {
      onRequest: guards.requireAdmin,
      schema: {
        response: {
          200: catalogueImportResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const file = (request.body as CatalogueFile | undefined) ?? emptyCatalogueFile();
      // On the embedded database an import that fails part-way was written in steps and taken back:
      // what a cache kept meanwhile is dropped either way.
      const result = await importCatalogue(file).catch(async (error: unknown) => {
        await cache.changed('products');
        throw error;
      });
      if (result.created + result.updated > 0) {
        await cache.changed('products');
        request.log.info(result, 'catalogue imported');
      }
      return result;
    },
  );
};
