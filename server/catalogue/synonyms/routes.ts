import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  apiRoutes,
  errorResponseSchema,
  idParamsSchema,
  synonymGroupInputSchema,
  synonymGroupSchema,
  synonymGroupsSchema,
} from '../../../contract/index.js';
import type { Guards } from '../../auth/guards.js';
import type { CatalogueCache } from '../cache.js';
import type { SynonymService } from './service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Search Synonyms: the words search reads as one, for admins. A change is a catalogue write: the
 * searches' cached answers go and every instance reads the groups again (sqlLexicon).
 */
export const synonymRoutes: FastifyPluginAsyncZod<{
  synonyms: SynonymService;
  cache: CatalogueCache;
  guards: Guards;
}> = async (app, { synonyms, cache, guards }) => {
  app.get(
    apiPaths.searchSynonyms,
    { onRequest: guards.requireAdmin, schema: { response: { 200: synonymGroupsSchema, ...errors } } },
    async () => ({ items: await synonyms.list() }),
  );

  app.post(
    apiPaths.searchSynonyms,
    {
      onRequest: guards.requireAdmin,
      schema: { body: synonymGroupInputSchema, response: { 201: synonymGroupSchema, ...errors } },
    },
    async (request, reply) => {
      const group = await synonyms.add(request.body.words);
      await cache.changed('products');
      return reply.code(201).send(group);
    },
  );

  app.delete(
    apiRoutes.searchSynonymGroup,
    {
      onRequest: guards.requireAdmin,
      schema: { params: idParamsSchema, response: { 200: z.object({ acknowledged: z.literal(true) }), ...errors } },
    },
    async (request) => {
      await synonyms.remove(request.params.id);
      await cache.changed('products');
      return { acknowledged: true as const };
    },
  );
};
