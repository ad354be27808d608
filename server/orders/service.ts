import {
  apiErrors,
  cartMessages,
  fromCents,
  lineTotalCents,
  MAX_ORDER_TOTAL_CENTS,
  normalizeEmail,
  orderName,
  orderTotals,
  quantityProblem,
  quantityProblemMessage,
  toCents,
  totalsInUnits,
  type ApiErrorName,
  type CheckoutFigures,
  type CheckoutInput,
  type FieldError,
  type Order,
  type ShippingAddress,
  type ShippingMethod,
  type User,
} from '../../contract/index.js';
import type { CartRepository } from '../cart/repository.js';
import type { Database } from '../db/client.js';
import { AppError, fieldRefusal } from '../http/errors.js';
import { paysFor, type PaymentGateway, type PaymentIntent } from '../payment-gateway/gateway.js';
import type { ProductRepository } from '../products/repository.js';
import { fingerprintOf, type IdempotencyKeys } from './idempotency.js';
import { queueOrderMail } from './mail.js';
import type { OrderRepository, StoredOrder } from './repository.js';

export interface PlaceOrder {
  productId: string;
  quantity: number;
  phoneNumber: string;
  address: string;
}

/** A checkout's body once checked (checkoutSchema's output). */
export type Checkout = Omit<CheckoutInput, 'address'> & { address: ShippingAddress };

/** An order a request made, or found again by its Idempotency-Key. */
export interface Placed {
  order: Order;
  /** Answered again for a repeated Idempotency-Key: nothing was made. */
  replayed: boolean;
}

/** The one-line address of a checkout order (the seed's `address` field), from its parts. */
export const addressLine = (address: ShippingAddress): string =>
  [address.fullName, address.line1, address.line2, `${address.postalCode} ${address.city}`, address.country]
    .filter((part) => part.trim() !== '')
    .join(', ');

/** Why an order cannot be deleted, or undefined while it can (unpaid): what happened to it. */
const deleteRefusal = (order: Pick<StoredOrder, 'status' | 'paid'>): ApiErrorName | undefined => {
  if (order.status === 'cancelled') return 'cancelledOrderCannotBeDeleted';
  return order.paid || order.status !== 'unpaid' ? 'paidOrderCannotBeDeleted' : undefined;
};

/**
 * The orders' rules, in one place: what a customer may order, who may see, pay or delete an order,
 * and the one way an order becomes paid. Routes and the payment service go through it; the
 * repositories below only read and write.
 */
export function createOrderService({
  db,
  orders,
  products,
  cart,
  keys,
  gateway,
  currency,
  shippingMethods,
  taxRate,
}: {
  db: Database;
  orders: OrderRepository;
  products: ProductRepository;
  cart: CartRepository;
  keys: IdempotencyKeys;
  /** To cancel an order's payment before the order goes. */
  gateway: PaymentGateway;
  currency: string;
  shippingMethods: readonly ShippingMethod[];
  /** Percent, on goods and shipping. */
  taxRate: number;
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

  /**
   * Runs `make` in a transaction, once per Idempotency-Key: a key already used by this customer for
   * the same request answers its order again (nothing is made); for another request, 422. Without a
   * key, every call makes an order. A new order's e-mails are queued in the same transaction.
   */
  async function once(
    user: User,
    key: string | undefined,
    fingerprint: string,
    make: (tx: Database) => Promise<StoredOrder>,
  ): Promise<Placed> {
    return db.transaction(async (tx) => {
      if (key !== undefined) {
        const claim = await keys.claim(tx, user._id, key, fingerprint);
        if (claim.kind === 'mismatch') throw new AppError('idempotencyKeyReused');
        if (claim.kind === 'replay') {
          const first = await orders.findById(claim.orderId, tx);
          if (!first) throw new Error('an idempotency key names an order that is gone');
          return { order: first, replayed: true };
        }
      }
      const order = await make(tx);
      if (key !== undefined) await keys.complete(tx, user._id, key, order._id);
      // The customer's confirmation and the store's copy go out once this order commits, never before.
      await queueOrderMail(tx, order._id, ['order-received', 'order-received-store']);
      return { order, replayed: false };
    });
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
     * catalogue, never from the client. With an Idempotency-Key, a repeat answers the first order.
     */
    async place(user: User, input: PlaceOrder, key?: string): Promise<Placed> {
      return once(user, key, fingerprintOf('myOrder', input), async (tx) => {
        const part = await products.lockById(input.productId, tx);
        if (!part) throw new AppError('productNotFound');
        const problem = quantityProblem(part, input.quantity);
        if (problem) throw fieldRefusal(problem, 'quantity', quantityProblemMessage(problem, part));
        await products.changeStock(part._id, -input.quantity, tx);
        const priceCents = lineTotalCents(part.price, input.quantity);
        return orders.insert(
          {
            userId: user._id,
            email: user.email,
            productId: part._id,
            productName: part.name,
            unitPriceCents: toCents(part.price),
            quantity: input.quantity,
            priceCents,
            subtotalCents: priceCents,
            phoneNumber: input.phoneNumber,
            address: input.address,
          },
          [
            {
              productId: part._id,
              productName: part.name,
              unitPriceCents: toCents(part.price),
              quantity: input.quantity,
            },
          ],
          tx,
        );
      });
    },

    /**
     * Turns the customer's cart into one order: every line's stock is reserved in one transaction,
     * all or none. A line that can no longer be had (sold out, less stock, a higher minimum) refuses
     * the whole checkout with 409 naming it, and changes nothing; the cart stays for the customer to
     * fix. Totals come from the contract's orderTotals, the same sum the browser shows; when they
     * differ from the `expectedTotal` the customer was shown, 409 with the new figures, nothing changed.
     */
    async checkout(user: User, input: Checkout, key?: string): Promise<Placed> {
      const method = shippingMethods.find(({ id }) => id === input.shippingMethod);
      if (!method)
        throw fieldRefusal('shippingMethodUnknown', 'shippingMethod', apiErrors.shippingMethodUnknown.message);
      return once(user, key, fingerprintOf('checkout', input), async (tx) => {
        const lines = await cart.lockLines(user._id, tx);
        if (lines.length === 0) throw new AppError('cartEmpty');
        const parts = await products.lockMany(
          lines.map(({ productId }) => productId),
          tx,
        );
        const refusals: FieldError[] = [];
        const priced = lines.flatMap(({ productId, quantity }) => {
          const part = parts.get(productId);
          // Deleted parts leave carts with them (cascade); one deleted meanwhile is skipped here too.
          if (!part) return [];
          const problem = quantityProblem(part, quantity);
          if (problem === 'quantityAboveStock') {
            refusals.push({
              field: `cart.${productId}`,
              message: cartMessages.unavailable(part.name, part.availableQantity),
            });
          } else if (problem === 'quantityBelowMinimum') {
            refusals.push({
              field: `cart.${productId}`,
              message: cartMessages.belowMinimum(part.name, part.minimumOderQantity),
            });
          }
          return [{ part, quantity }];
        });
        const [first] = refusals;
        if (first) throw new AppError('partUnavailable', { message: first.message, errors: refusals });
        const firstLine = priced[0];
        if (!firstLine) throw new AppError('cartEmpty');
        const totals = orderTotals(
          priced.map(({ part, quantity }) => ({ unitPrice: part.price, quantity })),
          method,
          taxRate,
        );
        if (input.expectedTotal !== undefined && toCents(input.expectedTotal) !== totals.totalCents) {
          const figures: CheckoutFigures = {
            lines: priced.map(({ part, quantity }) => ({
              productId: part._id,
              name: part.name,
              unitPrice: part.price,
              quantity,
              lineTotal: fromCents(lineTotalCents(part.price, quantity)),
            })),
            ...totalsInUnits(totals),
          };
          throw new AppError('pricesChanged', { details: { figures } });
        }
        if (totals.totalCents > MAX_ORDER_TOTAL_CENTS) throw new AppError('orderTotalTooLarge');
        for (const { part, quantity } of priced) await products.changeStock(part._id, -quantity, tx);
        const order = await orders.insert(
          {
            userId: user._id,
            email: user.email,
            productId: firstLine.part._id,
            productName: orderName(priced.map(({ part }) => ({ productName: part.name }))),
            unitPriceCents: toCents(firstLine.part.price),
            quantity: priced.reduce((units, { quantity }) => units + quantity, 0),
            priceCents: totals.totalCents,
            subtotalCents: totals.subtotalCents,
            shippingMethod: method.id,
            shippingCents: totals.shippingCents,
            taxCents: totals.taxCents,
            shippingAddress: input.address,
            phoneNumber: input.phoneNumber,
            address: addressLine(input.address),
          },
          priced.map(({ part, quantity }) => ({
            productId: part._id,
            productName: part.name,
            unitPriceCents: toCents(part.price),
            quantity,
          })),
          tx,
        );
        await cart.empty(user._id, tx);
        return order;
      });
    },

    /** A page of a customer's own orders, newest first; the spec's call names the e-mail, which must be theirs. */
    async listFor(user: User, { email, limit, page }: { email: string; limit: number; page: number }) {
      if (normalizeEmail(email) !== user.email) throw new AppError('ordersOfOthers');
      return orders.listForUser(user._id, { limit, page });
    },

    /**
     * Deletes an unpaid order (its owner or an admin) and gives its stock back. Its payment is
     * canceled first, so it can never be charged; if the customer paid meanwhile, the payment is
     * recorded and the order kept (409). A paid or cancelled order stays, and the refusal says which.
     */
    async remove(user: User, id: string): Promise<void> {
      const order = await visibleTo(user, id);
      const refusal = deleteRefusal(order);
      if (refusal) throw new AppError(refusal);
      if (order.paymentIntentId) {
        const intent = await gateway.cancelIntent(order.paymentIntentId);
        if (await recordPayment(order, intent)) throw new AppError('paidOrderCannotBeDeleted');
      }
      await db.transaction(async (tx) => {
        const locked = await orders.lockById(id, tx);
        if (!locked) throw new AppError('orderNotFound');
        const lockedRefusal = deleteRefusal(locked);
        if (lockedRefusal) throw new AppError(lockedRefusal);
        if (!(await orders.deleteUnpaid(id, tx))) throw new AppError('paidOrderCannotBeDeleted');
        for (const line of locked.lines) {
          if (line.productId) await products.changeStock(line.productId, line.quantity, tx);
        }
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
