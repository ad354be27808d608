import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, catalogueImportResultSchema, errorResponseSchema } from '../../contract/index.js';
import type { Guards } from '../auth/guards.js';
import type { CatalogueCache } from '../catalogue/cache.js';
import { CATALOGUE_CSV_BODY_LIMIT_BYTES, CsvFile, EMPTY_FILE, readCsvFile } from './csv-body.js';
import { exportCatalogue } from './export.js';
import type { ImportCatalogue } from './import.js';
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
 * is the one body type read (through csv-parse, as it arrives); any other is refused with 415.
 */
export const catalogueCsvRoutes: FastifyPluginAsyncZod<CatalogueCsvRoutesOptions> = async (
  app,
  { repository, importCatalogue, guards, cache },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/csv', async (request: FastifyRequest, payload: IncomingMessage) => {
    if (Number(request.headers['content-length']) > CATALOGUE_CSV_BODY_LIMIT_BYTES) {
      throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    }
    return readCsvFile(payload, CATALOGUE_CSV_BODY_LIMIT_BYTES);
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
      bodyLimit: CATALOGUE_CSV_BODY_LIMIT_BYTES,
      schema: {
        response: {
          200: catalogueImportResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const result = await importCatalogue(request.body instanceof CsvFile ? request.body : EMPTY_FILE);
      if (result.created + result.updated > 0) {
        await cache.changed('products');
        request.log.info(result, 'catalogue imported');
      }
      return result;
    },
  );
};
