import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, errorResponseSchema, listQuerySchema, reviewListSchema } from '../../contract/index.js';
import type { ReviewRepository } from './repository.js';

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewRepository }> = async (app, { reviews }) => {
  app.get(
    apiPaths.reviews,
    {
      schema: {
        querystring: listQuerySchema,
        response: { 200: reviewListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => reviews.list(request.query.limit),
  );
};
