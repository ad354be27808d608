import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiMessages,
  apiPaths,
  apiRoutes,
  errorResponseSchema,
  idParamsSchema,
  listQuerySchema,
  productListSchema,
  productSchema,
} from '../../contract/index.js';
import { notFound } from '../http/errors.js';
import type { ProductRepository } from './repository.js';

export const productRoutes: FastifyPluginAsyncZod<{ products: ProductRepository }> = async (app, { products }) => {
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
};
