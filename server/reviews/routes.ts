import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  createReviewSchema,
  errorResponseSchema,
  listQuerySchema,
  reviewListSchema,
  reviewSchema,
} from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import type { CatalogueCache } from '../catalogue/cache.js';
import { CACHED_ROUTE_OPTIONS, sendCached } from '../catalogue/cached-json.js';
import type { ReviewRepository } from './repository.js';

/** Where a reviewer has no photo of their own. */
export const DEFAULT_REVIEW_PHOTO = '/images/reviewers/default-user.svg';

interface ReviewRoutesOptions {
  reviews: ReviewRepository;
  guards: Guards;
  cache: CatalogueCache;
}

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { reviews, guards, cache }) => {
  app.get(
    apiPaths.reviews,
    {
      ...CACHED_ROUTE_OPTIONS,
      schema: {
        querystring: listQuerySchema,
        response: { 200: reviewListSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await sendCached(request, reply, {
        cache,
        kind: 'reviews',
        key: `list:${request.query.limit ?? 'all'}`,
        load: () => reviews.list(request.query.limit),
        serialize: (list) => JSON.stringify(reviewListSchema.parse(list)),
      });
    },
  );

  // The reviewer is the signed-in customer: name, e-mail and photo come from their account, whatever
  // the body says (docs/product-rules.md, section 2). Their new testimonial replaces their earlier one.
  app.post(
    apiPaths.reviews,
    {
      onRequest: guards.requireCustomer,
      schema: {
        body: createReviewSchema,
        response: { 200: reviewSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const review = await reviews.replace({
        userId: user._id,
        name: user.name,
        email: user.email,
        photoUrl: user.photoURL || DEFAULT_REVIEW_PHOTO,
        rating: request.body.ratting,
        feedback: request.body.fidback,
      });
      await cache.changed('reviews');
      return review;
    },
  );
};
