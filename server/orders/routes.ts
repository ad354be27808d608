import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TOTAL_COUNT_HEADER,
  apiPaths,
  checkoutRefusalSchema,
  checkoutSchema,
  apiRoutes,
  createOrderSchema,
  deleteOrderResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  orderListQuerySchema,
  IDEMPOTENCY_KEY_HEADER,
  REPLAYED_HEADER,
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

/** The cart's checkout answers no 403 (a cart is always the token's own) and a refusal per line for 409. */
const checkoutErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

interface OrderRoutesOptions {
  orders: OrderService;
  /** Orders move stock, which the catalogue's answers show. */
  cache: CatalogueCache;
  guards: Guards;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { orders, guards, cache }) => {
  app.post(
    apiPaths.checkout,
    {
      onRequest: guards.requireUser,
      schema: {
        body: checkoutSchema,
        headers: orderRequestHeadersSchema,
        response: { 201: orderSchema, ...checkoutErrors, 409: checkoutRefusalSchema },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await orders.checkout(
        signedInUser(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (replayed) reply.header(REPLAYED_HEADER, 'true');
      else await cache.changed('products');
      return reply.code(201).send(order);
    },
  );

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
