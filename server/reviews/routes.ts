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
import type { ReviewRepository } from './repository.js';

/** Where a reviewer has no photo of their own. */
export const DEFAULT_REVIEW_PHOTO = '/images/reviewers/default-user.svg';

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewRepository; guards: Guards }> = async (
  app,
  { reviews, guards },
) => {
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

  // The reviewer is the signed-in customer: name, e-mail and photo come from their account, whatever
  // the body says (decisions.md, section 2).
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
      return reviews.create({
        userId: user._id,
        name: user.name,
        email: user.email,
        photoUrl: user.photoURL || DEFAULT_REVIEW_PHOTO,
        rating: request.body.ratting,
        feedback: request.body.fidback,
      });
    },
  );
};
