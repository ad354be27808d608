import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, errorResponseSchema, healthSchema } from '../../contract/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from '../http/errors.js';

/** For load balancers: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(apiPaths.health, { schema: { response: { 200: healthSchema, 503: errorResponseSchema } } }, async () => {
    try {
      await database.ping();
    } catch {
      throw new AppError('databaseUnavailable');
    }
    return { status: 'ok' as const, database: database.kind, uptimeSeconds: Math.round(process.uptime()) };
  });
};
