import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiMessages,
  apiPaths,
  apiRoutes,
  createOrderSchema,
  deleteOrderResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  type User,
} from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import { AppError } from '../http/errors.js';
import type { CatalogueCache } from '../catalogue/cache.js';
import type { PaymentService } from '../payments/service.js';
import type { OrderRepository } from './repository.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};

interface OrderRoutesOptions {
  orders: OrderRepository;
  /** Orders move stock, which the catalogue's answers show. */
  cache: CatalogueCache;
  payments: PaymentService;
  guards: Guards;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { orders, payments, guards, cache },
) => {
  /** The order, if the caller owns it or is an admin. */
  async function orderFor(user: User, id: string) {
    const order = await orders.findById(id);
    if (!order) throw new AppError(404, apiMessages.orderNotFound);
    if (order.userId !== user._id && user.role !== 'admin') throw new AppError(403, apiMessages.notYourOrder);
    return order;
  }

  app.post(
    apiPaths.orders,
    {
      onRequest: guards.requireUser,
      schema: { body: createOrderSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request) => {
      const user = signedInUser(request);
      const { productId, quantity, phoneNumber, address } = request.body;
      const order = await orders.place({
        userId: user._id,
        email: user.email,
        productId,
        quantity,
        phoneNumber,
        address,
      });
      await cache.changed('products');
      return order;
    },
  );

  app.get(
    apiPaths.orders,
    {
      onRequest: guards.requireUser,
      schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema, ...errors } },
    },
    async (request) => {
      const user = signedInUser(request);
      if (request.query.email.trim().toLowerCase() !== user.email) throw new AppError(403, apiMessages.ordersOfOthers);
      return orders.listForUser(user._id);
    },
  );

  app.get(
    apiRoutes.order,
    { onRequest: guards.requireUser, schema: { params: idParamsSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => orderFor(signedInUser(request), request.params.id),
  );

  app.delete(
    apiRoutes.order,
    {
      onRequest: guards.requireUser,
      schema: { params: idParamsSchema, response: { 200: deleteOrderResponseSchema, ...errors } },
    },
    async (request) => {
      const order = await orderFor(signedInUser(request), request.params.id);
      await payments.releaseBeforeDelete(order);
      await orders.deleteUnpaid(order._id);
      await cache.changed('products');
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  );
};
