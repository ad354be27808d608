import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  apiRoutes,
  errorResponseSchema,
  fitmentSchema,
  idParamsSchema,
  vehicleModelsQuerySchema,
  vehicleSchema,
  vehiclesQuerySchema,
} from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import type { VehicleRepository } from './repository.js';

const names = z.array(z.string());
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/** The bike picker's calls (make, then model, then year) and the bikes a part fits; all public. */
export const vehicleRoutes: FastifyPluginAsyncZod<{ vehicles: VehicleRepository }> = async (app, { vehicles }) => {
  app.get(apiPaths.vehicleMakes, { schema: { response: { 200: names } } }, async () => vehicles.makes());

  app.get(
    apiPaths.vehicleModels,
    { schema: { querystring: vehicleModelsQuerySchema, response: { 200: names, 400: errorResponseSchema } } },
    async (request) => vehicles.models(request.query.make),
  );

  app.get(
    apiPaths.vehicles,
    {
      schema: { querystring: vehiclesQuerySchema, response: { 200: z.array(vehicleSchema), 400: errorResponseSchema } },
    },
    async (request) => vehicles.years(request.query.make, request.query.model),
  );

  app.get(
    apiRoutes.vehicle,
    { schema: { params: idParamsSchema, response: { 200: vehicleSchema, ...errors } } },
    async (request) => {
      const vehicle = await vehicles.findById(request.params.id);
      if (!vehicle) throw new AppError('vehicleNotFound');
      return vehicle;
    },
  );

  app.get(
    apiRoutes.productFitment,
    { schema: { params: idParamsSchema, response: { 200: fitmentSchema, ...errors } } },
    async (request) => {
      const fitment = await vehicles.fitmentOf(request.params.id);
      if (!fitment) throw new AppError('productNotFound');
      return fitment;
    },
  );
};
