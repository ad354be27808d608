import { apiMessages } from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import type { OrderRepository, StoredOrder } from '../orders/repository.js';
import { paysFor, type PaymentGateway, type PaymentIntent } from './gateway.js';

interface Logger {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** A payment the customer can still complete. */
const payable = (intent: PaymentIntent) => intent.status !== 'succeeded' && intent.status !== 'canceled';

/**
 * The payment rules, in one place, for both gateways: what to charge, when an order counts as paid,
 * and what happens to a payment when its order goes. Every path that marks an order paid goes
 * through `settle`, whose update only changes an unpaid order, so repeats and races pay once.
 */
export function createPaymentService({
  gateway,
  orders,
  currency,
  log,
}: {
  gateway: PaymentGateway;
  orders: OrderRepository;
  currency: string;
  log: Logger;
}) {
  /**
   * Marks the order paid if the provider's intent pays exactly for it; answers the order as now
   * paid by that intent, or undefined (not this payment, or paid by another meanwhile).
   */
  async function settle(order: StoredOrder, intent: PaymentIntent | undefined): Promise<StoredOrder | undefined> {
    if (!paysFor(intent, order, currency)) return undefined;
    await orders.markPaid(order._id, intent.id);
    const stored = await orders.findById(order._id);
    return stored?.transactionId === intent.id ? stored : undefined;
  }

  return {
    /** The intent the payment page confirms: the order's own, for its own total. */
    async startPayment(order: StoredOrder): Promise<PaymentIntent> {
      if (order.paid) throw new AppError(409, apiMessages.orderAlreadyPaid);
      let replaces: string | undefined;
      if (order.paymentIntentId) {
        const current = await gateway.retrieveIntent(order.paymentIntentId);
        // Paid at the provider but never recorded (the page closed, the webhook is late): record it.
        if (await settle(order, current)) throw new AppError(409, apiMessages.orderAlreadyPaid);
        if (current && payable(current) && current.amountCents === order.priceCents) return current;
        replaces = order.paymentIntentId;
      }
      const intent = await gateway.createIntent({
        orderId: order._id,
        amountCents: order.priceCents,
        currency,
        replaces,
      });
      if (!(await orders.attachPaymentIntent(order._id, intent.id))) {
        // The order was deleted or paid meanwhile: this payment must never be charged.
        await gateway.cancelIntent(intent.id);
        throw new AppError(409, apiMessages.orderChanged);
      }
      return intent;
    },

    /** `PATCH /myOrder/{id}`: paid only on the provider's word; a repeat of the same payment is a no-op. */
    async confirmPayment(order: StoredOrder, transactionId: string): Promise<StoredOrder> {
      if (order.paid) {
        if (order.transactionId === transactionId) return order;
        throw new AppError(409, apiMessages.orderAlreadyPaid);
      }
      const intent = await gateway.retrieveIntent(transactionId);
      if (!paysFor(intent, order, currency)) throw new AppError(402, apiMessages.paymentNotConfirmed);
      const paid = await settle(order, intent);
      if (paid) return paid;
      const gone = !(await orders.findById(order._id));
      throw gone ? new AppError(404, apiMessages.orderNotFound) : new AppError(409, apiMessages.orderAlreadyPaid);
    },

    /**
     * The provider says a payment succeeded (a verified webhook). Records it once; what cannot be
     * recorded (no such order any more, a second payment, a wrong amount) is logged for a refund.
     */
    async recordSucceeded(intent: PaymentIntent): Promise<void> {
      const order = intent.orderId ? await orders.findById(intent.orderId) : undefined;
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

    /**
     * Before an unpaid order is deleted its payment is canceled, so it can never be charged. If the
     * customer paid first, the order is recorded as paid and is not deleted.
     */
    async releaseBeforeDelete(order: StoredOrder): Promise<void> {
      if (order.paid || !order.paymentIntentId) return;
      const intent = await gateway.cancelIntent(order.paymentIntentId);
      if (await settle(order, intent)) throw new AppError(409, apiMessages.paidOrderCannotBeDeleted);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
