import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, errorResponseSchema, healthSchema } from '../../contract/index.js';
import type { CatalogueSearch } from '../catalogue/search.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from '../http/errors.js';
import type { Lifecycle } from './lifecycle.js';

/**
 * For load balancers: 200 only when the database answers and the process is not draining before a
 * stop (then 503 SHUTTING_DOWN while every other request is still served, so that the balancer
 * sends the next ones elsewhere before this instance stops taking them). It says too whether searches
 * are answered from the catalogue index yet (an operator, or a bench, waits for it without searching).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  lifecycle: Lifecycle;
  search: Pick<CatalogueSearch, 'answersFromMemory'>;
}> = async (app, { database, lifecycle, search }) => {
  app.get(apiPaths.health, { schema: { response: { 200: healthSchema, 503: errorResponseSchema } } }, async () => {
    if (lifecycle.draining) throw new AppError('shuttingDown');
    try {
      await database.ping();
    } catch {
      throw new AppError('databaseUnavailable');
    }
    return {
      status: 'ok' as const,
      database: database.kind,
      uptimeSeconds: Math.round(process.uptime()),
      search: search.answersFromMemory ? ('index' as const) : ('sql' as const),
    };
  });
};
