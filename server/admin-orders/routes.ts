import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  apiPaths,
  apiRoutes,
  errorResponseSchema,
  idParamsSchema,
  orderSchema,
  shipOrderSchema,
} from '../../contract/index.js';
import type { Guards } from '../auth/guards.js';
import type { CatalogueCache } from '../catalogue/cache.js';
import type { AdminOrderService } from './service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

interface AdminOrderRoutesOptions {
  adminOrders: AdminOrderService;
  /** Cancelling and refunding put stock back, which the catalogue's answers show. */
  cache: CatalogueCache;
  guards: Guards;
}

/** Manage Orders: every customer's orders, for admins only, and the moves the shop makes on them. */
export const adminOrderRoutes: FastifyPluginAsyncZod<AdminOrderRoutesOptions> = async (
  app,
  { adminOrders, cache, guards },
) => {
  app.get(
    apiPaths.adminOrders,
    {
      onRequest: guards.requireAdmin,
      schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersResponseSchema, ...errors } },
    },
    async (request) => adminOrders.search(request.query),
  );

  app.get(
    apiRoutes.adminOrder,
    { onRequest: guards.requireAdmin, schema: { params: idParamsSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => adminOrders.find(request.params.id),
  );

  app.post(
    apiRoutes.adminOrderShip,
    {
      onRequest: guards.requireAdmin,
      schema: { params: idParamsSchema, body: shipOrderSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request) => adminOrders.ship(request.params.id, request.body),
  );

  app.post(
    apiRoutes.adminOrderDeliver,
    { onRequest: guards.requireAdmin, schema: { params: idParamsSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => adminOrders.deliver(request.params.id),
  );

  app.post(
    apiRoutes.adminOrderCancel,
    { onRequest: guards.requireAdmin, schema: { params: idParamsSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => {
      const order = await adminOrders.cancel(request.params.id);
      await cache.changed('products');
      return order;
    },
  );
};
