import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOTAL_COUNT_HEADER,
  apiPaths,
  apiRoutes,
  createOrderSchema,
  deleteOrderResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  orderListQuerySchema,
  IDEMPOTENCY_KEY_HEADER,
  orderListSchema,
  orderRequestHeadersSchema,
  orderSchema,
} from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import type { CatalogueCache } from '../catalogue/cache.js';
import type { OrderService } from './service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

/** Stripe's word for an answer given again for a repeated Idempotency-Key. */
export const REPLAYED_HEADER = 'idempotent-replayed';

interface OrderRoutesOptions {
  orders: OrderService;
  /** Orders move stock, which the catalogue's answers show. */
  cache: CatalogueCache;
  guards: Guards;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { orders, guards, cache }) => {
  app.post(
    apiPaths.orders,
    {
      onRequest: guards.requireUser,
      schema: {
        body: createOrderSchema,
        headers: orderRequestHeadersSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { productId, quantity, phoneNumber, address } = request.body;
      const { order, replayed } = await orders.place(
        signedInUser(request),
        { productId, quantity, phoneNumber, address },
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (replayed) reply.header(REPLAYED_HEADER, 'true');
      else await cache.changed('products');
      return order;
    },
  );

  app.get(
    apiPaths.orders,
    {
      onRequest: guards.requireUser,
      schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema, ...errors } },
    },
    async (request, reply) => {
      const { orders: page, total } = await orders.listFor(signedInUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return page;
    },
  );

  app.get(
    apiRoutes.order,
    { onRequest: guards.requireUser, schema: { params: idParamsSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => orders.visibleTo(signedInUser(request), request.params.id),
  );

  app.delete(
    apiRoutes.order,
    {
      onRequest: guards.requireUser,
      schema: { params: idParamsSchema, response: { 200: deleteOrderResponseSchema, ...errors } },
    },
    async (request) => {
      await orders.remove(signedInUser(request), request.params.id);
      await cache.changed('products');
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  );
};
