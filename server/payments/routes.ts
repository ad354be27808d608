import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
} from '../../contract/index.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import { AppError } from '../http/errors.js';
import type { OrderService } from '../orders/service.js';
import type { SandboxGateway } from '../payment-gateway/sandbox.js';
import type { PaymentService } from './service.js';

interface PaymentRoutesOptions {
  payments: PaymentService;
  provider: 'sandbox' | 'stripe';
  /** The sandbox's own card endpoint, only when the sandbox is the gateway. */
  sandbox: SandboxGateway | undefined;
  orders: OrderService;
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
  503: errorResponseSchema,
};

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { payments, provider, sandbox, orders, guards, currency },
) => {
  app.post(
    apiPaths.createPaymentIntent,
    {
      onRequest: guards.requireUser,
      schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentResponseSchema, ...errors } },
    },
    async (request) => {
      const order = await orders.ownedBy(signedInUser(request), request.body.orderId);
      const intent = await payments.startPayment(order);
      return { clientSecret: intent.clientSecret, provider, amount: order.price, currency };
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
      const order = await orders.ownedBy(signedInUser(request), request.params.id);
      return payments.confirmPayment(order, request.body.transactionId);
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
        if (!pending?.orderId) throw new AppError('paymentNotFound');
        await orders.ownedBy(signedInUser(request), pending.orderId); // before any card is tried
        const intent = await sandbox.confirm(request.body.clientSecret, request.body);
        return { status: 'succeeded' as const, transactionId: intent.id };
      },
    );
  }
};
