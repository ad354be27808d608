import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiMessages,
  apiPaths,
  apiRoutes,
  deleteProductResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  listQuerySchema,
  productFormSchema,
  productListSchema,
  productSchema,
} from '../../contract/index.js';
import type { Guards } from '../auth/guards.js';
import { notFound } from '../http/errors.js';
import type { ProductRepository } from './repository.js';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const productRoutes: FastifyPluginAsyncZod<{ products: ProductRepository; guards: Guards }> = async (
  app,
  { products, guards },
) => {
  app.get(
    apiPaths.products,
    {
      schema: {
        querystring: listQuerySchema,
        response: { 200: productListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => products.list(request.query.limit),
  );

  app.get(
    apiRoutes.product,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const product = await products.findById(request.params.id);
      if (!product) throw notFound(apiMessages.productNotFound);
      return product;
    },
  );

  app.post(
    apiPaths.products,
    {
      onRequest: guards.requireAdmin,
      schema: { body: productFormSchema, response: { 200: productSchema, ...adminErrors } },
    },
    async (request) => products.create(request.body),
  );

  app.delete(
    apiRoutes.product,
    {
      onRequest: guards.requireAdmin,
      schema: { params: idParamsSchema, response: { 200: deleteProductResponseSchema, ...adminErrors } },
    },
    async (request) => {
      if (!(await products.delete(request.params.id))) throw notFound(apiMessages.productNotFound);
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  );
};
