import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, errorResponseSchema, profileInfoResponseSchema, profileInfoSchema } from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import type { ProfileRepository } from './repository.js';

/** My Profile's info, always the bearer token's own: there is no way to name another user. */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileRepository; guards: Guards }> = async (
  app,
  { profiles, guards },
) => {
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

  app.get(
    apiPaths.userInfo,
    { onRequest: guards.requireUser, schema: { response: { 200: profileInfoResponseSchema, ...errors } } },
    async (request) => profiles.find(signedInUser(request)._id),
  );

  app.post(
    apiPaths.userInfo,
    {
      onRequest: guards.requireUser,
      schema: { body: profileInfoSchema, response: { 200: profileInfoSchema, ...errors } },
    },
    async (request) => profiles.save(signedInUser(request)._id, request.body),
  );
};
