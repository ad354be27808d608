import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiMessages,
  apiPaths,
  apiRoutes,
  createPaymentIntentSchema,
  errorResponseSchema,
  idParamsSchema,
  markPaidSchema,
  orderSchema,
  paymentIntentResponseSchema,
  sandboxConfirmResponseSchema,
  sandboxConfirmSchema,
  type User,
} from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import { AppError } from '../http/errors.js';
import type { OrderRepository } from '../orders/repository.js';
import type { PaymentGateway } from './gateway.js';
import type { SandboxGateway } from './sandbox.js';

interface PaymentRoutesOptions {
  gateway: PaymentGateway;
  sandbox: SandboxGateway | undefined;
  orders: OrderRepository;
  guards: Guards;
  currency: string;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { gateway, sandbox, orders, guards, currency },
) => {
  /** The order, if it is the caller's own (paying is for the customer who ordered). */
  async function ownOrder(user: User, id: string) {
    const order = await orders.findById(id);
    if (!order) throw new AppError(404, apiMessages.orderNotFound);
    if (order.userId !== user._id) throw new AppError(403, apiMessages.notYourOrder);
    return order;
  }

  app.post(
    apiPaths.createPaymentIntent,
    {
      onRequest: guards.requireUser,
      schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentResponseSchema, ...errors } },
    },
    async (request) => {
      const order = await ownOrder(signedInUser(request), request.body.orderId);
      if (order.paid) throw new AppError(409, apiMessages.orderAlreadyPaid);
      const amountCents = Math.round(order.price * 100);
      const intent = await gateway.createIntent({ orderId: order._id, amountCents, currency });
      return { clientSecret: intent.clientSecret, provider: gateway.provider, amount: order.price, currency };
    },
  );

  // PATCH /myOrder/{id}: paid only when the provider confirms this payment, for this order and amount.
  app.patch(
    apiRoutes.order,
    {
      onRequest: guards.requireUser,
      schema: { params: idParamsSchema, body: markPaidSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request) => {
      const order = await ownOrder(signedInUser(request), request.params.id);
      const { transactionId } = request.body;
      if (order.paid) {
        if (order.transactionId === transactionId) return order; // a repeat changes nothing
        throw new AppError(409, apiMessages.orderAlreadyPaid);
      }
      const intent = await gateway.retrieveIntent(transactionId);
      const confirmed =
        intent?.status === 'succeeded' &&
        intent.orderId === order._id &&
        intent.amountCents === Math.round(order.price * 100) &&
        intent.currency.toUpperCase() === currency.toUpperCase();
      if (!confirmed) throw new AppError(402, apiMessages.paymentNotConfirmed);
      await orders.markPaid(order._id, transactionId);
      const updated = await orders.findById(order._id);
      if (updated?.transactionId !== transactionId) throw new AppError(409, apiMessages.orderAlreadyPaid);
      return updated;
    },
  );

  if (sandbox) {
    app.post(
      apiPaths.sandboxConfirm,
      {
        onRequest: guards.requireUser,
        schema: { body: sandboxConfirmSchema, response: { 200: sandboxConfirmResponseSchema, ...errors } },
      },
      async (request) => {
        const pending = await sandbox.intentForSecret(request.body.clientSecret);
        if (!pending?.orderId) throw new AppError(404, 'No payment with that client secret');
        await ownOrder(signedInUser(request), pending.orderId); // before any card is tried
        const intent = await sandbox.confirm(request.body.clientSecret, request.body);
        return { status: 'succeeded' as const, transactionId: intent.id };
      },
    );
  }
};
