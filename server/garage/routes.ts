import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addGarageBikeSchema,
  apiErrors,
  apiPaths,
  apiRoutes,
  errorResponseSchema,
  garageBikeSchema,
  garageSchema,
  idParamsSchema,
} from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import { AppError, fieldRefusal } from '../http/errors.js';
import type { GarageRepository } from './repository.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** My Garage: always the bearer token's own bikes; there is no way to name another user's. */
export const garageRoutes: FastifyPluginAsyncZod<{ garage: GarageRepository; guards: Guards }> = async (
  app,
  { garage, guards },
) => {
  app.get(
    apiPaths.garage,
    { onRequest: guards.requireUser, schema: { response: { 200: garageSchema, ...errors } } },
    async (request) => garage.list(signedInUser(request)._id),
  );

  app.post(
    apiPaths.garage,
    {
      onRequest: guards.requireUser,
      schema: { body: addGarageBikeSchema, response: { 200: garageBikeSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => {
      const result = await garage.add(signedInUser(request)._id, request.body.vehicleId);
      if ('noSuchVehicle' in result) {
        throw fieldRefusal('vehicleNotFound', 'vehicleId', apiErrors.vehicleNotFound.message);
      }
      if ('full' in result) throw new AppError('garageFull');
      return result.bike;
    },
  );

  app.delete(
    apiRoutes.garageBike,
    {
      onRequest: guards.requireUser,
      schema: { params: idParamsSchema, response: { 200: z.object({ acknowledged: z.literal(true) }), ...errors } },
    },
    async (request) => {
      if (!(await garage.remove(signedInUser(request)._id, request.params.id))) {
        throw new AppError('garageBikeNotFound');
      }
      return { acknowledged: true as const };
    },
  );
};
