import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../contract/index.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { healthRoutes } from './health/routes.js';
import { installErrorHandler } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerWebApp } from './http/web-app.js';
import { createProductRepository } from './products/repository.js';
import { productRoutes } from './products/routes.js';
import { createReviewRepository } from './reviews/repository.js';
import { reviewRoutes } from './reviews/routes.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The built web app (dist/web); without it only the API is served. */
  webRoot?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

/** Body limit for JSON requests: far above any form of the store, far below a memory problem. */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp({ config, database, webRoot, logger }: AppDependencies) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  // Infrastructure first, then the application.
  await registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });

  await app.register(
    async (api) => {
      if (config.rateLimitPerMinute > 0) {
        await api.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });
      }
      await api.register(healthRoutes, { database });
      await api.register(productRoutes, { products: createProductRepository(database.db) });
      await api.register(reviewRoutes, { reviews: createReviewRepository(database.db) });
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, webRoot, config.store);
  return app;
}
