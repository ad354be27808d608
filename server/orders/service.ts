import {
  lineTotalCents,
  normalizeEmail,
  quantityProblem,
  quantityProblemMessage,
  toCents,
  type Order,
  type User,
} from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { AppError, fieldRefusal } from '../http/errors.js';
import { paysFor, type PaymentGateway, type PaymentIntent } from '../payments/gateway.js';
import type { ProductRepository } from '../products/repository.js';
import type { OrderRepository, StoredOrder } from './repository.js';

export interface PlaceOrder {
  productId: string;
  quantity: number;
  phoneNumber: string;
  address: string;
}

/**
 * The orders' rules, in one place: what a customer may order, who may see, pay or delete an order,
 * and the one way an order becomes paid. Routes and the payment service go through it; the
 * repositories below only read and write.
 */
export function createOrderService({
  db,
  orders,
  products,
  gateway,
  currency,
}: {
  db: Database;
  orders: OrderRepository;
  products: ProductRepository;
  /** To cancel an order's payment before the order goes. */
  gateway: PaymentGateway;
  currency: string;
}) {
  /** "May I see this order?": its owner and admins. */
  async function visibleTo(user: User, id: string): Promise<StoredOrder> {
    const order = await orders.findById(id);
    if (!order) throw new AppError('orderNotFound');
    if (order.userId !== user._id && user.role !== 'admin') throw new AppError('notYourOrder');
    return order;
  }

  /** "May I pay for this order?": only the customer who ordered it, not even an admin. */
  async function ownedBy(user: User, id: string): Promise<StoredOrder> {
    const order = await orders.findById(id);
    if (!order) throw new AppError('orderNotFound');
    if (order.userId !== user._id) throw new AppError('notYourOrder');
    return order;
  }

  /**
   * The one way an order becomes paid: the provider's intent is a finished payment of exactly this
   * order's total, in the store's currency. The update only changes an unpaid order, so repeats and
   * races pay once. Answers the order as now paid by that intent, or undefined (not this payment,
   * or paid by another meanwhile).
   */
  async function recordPayment(order: StoredOrder, intent: PaymentIntent | undefined) {
    if (!paysFor(intent, order, currency)) return undefined;
    await orders.markPaid(order._id, intent.id);
    const stored = await orders.findById(order._id);
    return stored?.transactionId === intent.id ? stored : undefined;
  }

  return {
    visibleTo,
    ownedBy,
    recordPayment,

    /** An order by id with no caller to check: the payment provider's word about it (a webhook). */
    find: (id: string) => orders.findById(id),

    attachPaymentIntent: (order: StoredOrder, paymentIntentId: string) =>
      orders.attachPaymentIntent(order._id, paymentIntentId),

    /**
     * Places an order: "may I order this many?" is the contract's rule (the same the Order Now form
     * checks), asked here of the part locked in the order's transaction, so the stock is the real
     * one and concurrent orders for one part queue up and never oversell. Prices come from the
     * catalogue, never from the client.
     */
    async place(user: User, input: PlaceOrder): Promise<Order> {
      return db.transaction(async (tx) => {
        const part = await products.lockById(input.productId, tx);
        if (!part) throw new AppError('productNotFound');
        const problem = quantityProblem(part, input.quantity);
        if (problem) throw fieldRefusal(problem, 'quantity', quantityProblemMessage(problem, part));
        await products.changeStock(part._id, -input.quantity, tx);
        return orders.insert(
          {
            userId: user._id,
            email: user.email,
            productId: part._id,
            productName: part.name,
            unitPriceCents: toCents(part.price),
            quantity: input.quantity,
            priceCents: lineTotalCents(part.price, input.quantity),
            phoneNumber: input.phoneNumber,
            address: input.address,
          },
          tx,
        );
      });
    },

    /** A customer's own orders, newest first; the spec's call names the e-mail, which must be theirs. */
    async listFor(user: User, email: string): Promise<Order[]> {
      if (normalizeEmail(email) !== user.email) throw new AppError('ordersOfOthers');
      return orders.listForUser(user._id);
    },

    /**
     * Deletes an unpaid order (its owner or an admin) and gives its stock back. Its payment is
     * canceled first, so it can never be charged; if the customer paid meanwhile, the payment is
     * recorded and the order kept (409).
     */
    async remove(user: User, id: string): Promise<void> {
      const order = await visibleTo(user, id);
      if (!order.paid && order.paymentIntentId) {
        const intent = await gateway.cancelIntent(order.paymentIntentId);
        if (await recordPayment(order, intent)) throw new AppError('paidOrderCannotBeDeleted');
      }
      await db.transaction(async (tx) => {
        const locked = await orders.lockById(id, tx);
        if (!locked) throw new AppError('orderNotFound');
        if (locked.paid || !(await orders.deleteUnpaid(id, tx))) throw new AppError('paidOrderCannotBeDeleted');
        if (locked.productId) await products.changeStock(locked.productId, locked.quantity, tx);
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
