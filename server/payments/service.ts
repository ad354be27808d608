import type { ApiErrorName } from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import type { StoredOrder } from '../orders/repository.js';
import type { OrderService } from '../orders/service.js';
import { paysFor, type PaymentGateway, type PaymentIntent } from '../payment-gateway/gateway.js';

interface Logger {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** Why an order that was payable a moment ago no longer takes this payment, as the customer is told. */
const whatHappenedTo = (now: StoredOrder | undefined): ApiErrorName => {
  if (!now) return 'orderNotFound';
  if (now.paid) return 'orderAlreadyPaid';
  return now.status === 'cancelled' ? 'orderCancelled' : 'orderChanged';
};

/** A payment the customer can still complete. */
const payable = (intent: PaymentIntent) => intent.status !== 'succeeded' && intent.status !== 'canceled';

/**
 * Payments, for both gateways: what to charge, when to ask the provider, and what to do with what
 * it says. An order becomes paid only through the orders service's `recordPayment` (its one rule
 * for "paid"); who may pay is its `ownedBy`, checked by the routes.
 */
export function createPaymentService({
  gateway,
  orders,
  currency,
  log,
}: {
  gateway: PaymentGateway;
  orders: OrderService;
  currency: string;
  log: Logger;
}) {
  const settle = (order: StoredOrder, intent: PaymentIntent | undefined) => orders.recordPayment(order, intent);

  return {
    /** The intent the payment page confirms: the order's own, for its own total. */
    async startPayment(order: StoredOrder): Promise<PaymentIntent> {
      if (order.paid) throw new AppError('orderAlreadyPaid');
      if (order.status === 'cancelled') throw new AppError('orderCancelled');
      let replaces: string | undefined;
      if (order.paymentIntentId) {
        const current = await gateway.retrieveIntent(order.paymentIntentId);
        // Paid at the provider but never recorded (the page closed, the webhook is late): record it.
        if (await settle(order, current)) throw new AppError('orderAlreadyPaid');
        if (current && payable(current) && current.amountCents === order.priceCents) return current;
        replaces = order.paymentIntentId;
      }
      const intent = await gateway.createIntent({
        orderId: order._id,
        amountCents: order.priceCents,
        currency,
        replaces,
      });
      if (!(await orders.attachPaymentIntent(order, intent.id))) {
        // The order was deleted, paid or cancelled meanwhile: this payment must never be charged.
        await gateway.cancelIntent(intent.id);
        throw new AppError(whatHappenedTo(await orders.find(order._id)));
      }
      return intent;
    },

    /** `PATCH /myOrder/{id}`: paid only on the provider's word; a repeat of the same payment is a no-op. */
    async confirmPayment(order: StoredOrder, transactionId: string): Promise<StoredOrder> {
      if (order.paid) {
        if (order.transactionId === transactionId) return order;
        throw new AppError('orderAlreadyPaid');
      }
      if (order.status === 'cancelled') throw new AppError('orderCancelled');
      const intent = await gateway.retrieveIntent(transactionId);
      if (!paysFor(intent, order, currency)) throw new AppError('paymentNotConfirmed');
      const paid = await settle(order, intent);
      if (paid) return paid;
      const gone = !(await orders.find(order._id));
      throw gone ? new AppError('orderNotFound') : new AppError('orderAlreadyPaid');
    },

    /**
     * The provider says a payment succeeded (a verified webhook). Records it once; what cannot be
     * recorded (no such order any more, a second payment, a wrong amount) is logged for a refund.
     */
    async recordSucceeded(intent: PaymentIntent): Promise<void> {
      const order = intent.orderId ? await orders.find(intent.orderId) : undefined;
      if (!order) {
        log.error({ intent }, 'payment succeeded for an order that does not exist: refund it at the provider');
        return;
      }
      if (order.paid) {
        if (order.transactionId !== intent.id) {
          log.error({ intent, order: order._id }, 'a second payment succeeded for a paid order: refund it');
        }
        return;
      }
      if (!paysFor(intent, order, currency)) {
        log.error({ intent, order: order._id }, 'payment does not match the order total or currency: refund it');
        return;
      }
      if (!(await settle(order, intent))) {
        log.error({ intent, order: order._id }, 'another payment was recorded for this order first: refund this one');
        return;
      }
      log.info({ order: order._id, transactionId: intent.id }, 'order paid (webhook)');
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
