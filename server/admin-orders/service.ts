import type { OrderLine } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { AppError } from '../http/errors.js';
import type { OrderRepository, StoredOrder } from '../orders/repository.js';
import type { OrderService } from '../orders/service.js';
import { moveOrder, type MoveDetails } from '../orders/status.js';
import { refundKey, type PaymentGateway, type Refund } from '../payment-gateway/gateway.js';
import type { ProductRepository } from '../products/repository.js';
import type { AdminOrderRepository, OrderSearch } from './repository.js';

interface Logger {
  error: (obj: object, msg: string) => void;
}

/** How often a cancel starts again because the customer opened a new payment meanwhile. */
const CANCEL_ATTEMPTS = 3;

/**
 * The shop's moves on an order: ship, deliver, cancel an unpaid one, refund a paid one that has not
 * shipped. Each goes through the order's one state machine (orders/status.ts), which refuses any move
 * its status does not allow; what an order gives back (stock, money) moves with it.
 */
export function createAdminOrderService({
  db,
  orders,
  adminOrders,
  orderRules,
  products,
  gateway,
  log,
}: {
  db: Database;
  orders: OrderRepository;
  adminOrders: AdminOrderRepository;
  /** The orders' own rules: here, the one way an order becomes paid. */
  orderRules: OrderService;
  products: ProductRepository;
  gateway: PaymentGateway;
  log: Logger;
}) {
  async function found(id: string): Promise<StoredOrder> {
    const order = await orders.findById(id);
    if (!order) throw new AppError('orderNotFound');
    return order;
  }

  /** A guarded move that did not happen: the order is gone (404), or its status does not allow it (409). */
  async function refused(id: string): Promise<never> {
    await found(id);
    throw new AppError('orderMoveRefused');
  }

  /**
   * Puts the order's parts back on the shelf, in the order of the parts' ids, as the checkout locks
   * them, so that the two never wait on each other in a circle. A part deleted since gets nothing.
   */
  async function returnStock(lines: readonly OrderLine[], tx: Database): Promise<void> {
    const back = new Map<string, number>();
    for (const { productId, quantity } of lines) {
      if (productId) back.set(productId, (back.get(productId) ?? 0) + quantity);
    }
    for (const [productId, quantity] of [...back].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await products.changeStock(productId, quantity, tx);
    }
  }

  /**
   * The money of a paid order goes back through the gateway, then the order moves to refunded and its
   * stock comes back (docs/decisions/0028-refunds.md). The gateway cannot take part in a database
   * transaction, so the order is first marked as being refunded (it can no longer ship), then the
   * gateway is asked with a key made from the order (asking again never refunds twice), then the
   * move and the stock happen in one transaction. A gateway that refuses leaves the order as it was.
   */
  async function refund(order: StoredOrder): Promise<StoredOrder> {
    const key = refundKey(order._id);
    if (!order.paymentIntentId || !(await adminOrders.beginRefund(order._id, key))) return refused(order._id);
    let refunded: Refund;
    try {
      refunded = await gateway.refund({
        orderId: order._id,
        paymentIntentId: order.paymentIntentId,
        amountCents: order.priceCents,
      });
    } catch (error) {
      await adminOrders.abandonRefund(order._id, key);
      throw error;
    }
    const moved = await db.transaction(async (tx) => {
      const locked = await orders.lockById(order._id, tx);
      if (!locked || !(await moveOrder(tx, order._id, 'refund', { refundId: refunded.id }))) return false;
      await returnStock(locked.lines, tx);
      return true;
    });
    if (moved) return found(order._id);
    const now = await found(order._id);
    // A second refund of the same order got the same refund and lost the race: nothing was lost.
    if (now.status !== 'refunded') {
      log.error(
        { order: order._id, refund: refunded.id, status: now.status },
        'refunded at the payment provider, but the order moved on meanwhile: check it by hand',
      );
    }
    throw new AppError('orderMoveRefused');
  }

  /**
   * Cancels an unpaid order and puts its stock back. Its payment is canceled at the gateway first, so
   * it can never be charged; one that succeeded meanwhile makes it a paid order, which is refunded.
   * A payment the customer opened after the order was read is canceled in turn.
   */
  async function cancelUnpaid(id: string): Promise<StoredOrder> {
    for (let attempt = 1; attempt <= CANCEL_ATTEMPTS; attempt += 1) {
      const order = await found(id);
      if (order.status === 'paid') return refund(order);
      if (order.status !== 'unpaid') throw new AppError('orderMoveRefused');
      if (order.paymentIntentId) {
        const paid = await orderRules.recordPayment(order, await gateway.cancelIntent(order.paymentIntentId));
        if (paid) return refund(paid);
      }
      const cancelled = await db.transaction(async (tx) => {
        const locked = await orders.lockById(id, tx);
        if (!locked) throw new AppError('orderNotFound');
        if (locked.paymentIntentId !== order.paymentIntentId) return false;
        if (!(await moveOrder(tx, id, 'cancel', {}))) throw new AppError('orderMoveRefused');
        await returnStock(locked.lines, tx);
        return true;
      });
      if (cancelled) return found(id);
    }
    throw new AppError('orderChanged');
  }

  /** Ship and deliver change nothing but the order: one guarded move. */
  async function move<Move extends 'ship' | 'deliver'>(id: string, name: Move, details: MoveDetails[Move]) {
    if (!(await moveOrder(db, id, name, details))) return refused(id);
    return found(id);
  }

  return {
    search: (search: OrderSearch) => adminOrders.search(search),
    find: found,
    ship: (id: string, details: MoveDetails['ship']) => move(id, 'ship', details),
    deliver: (id: string) => move(id, 'deliver', {}),
    /** The spec's cancel: an unpaid order is cancelled, a paid one that has not shipped refunded. */
    cancel: cancelUnpaid,
  };
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
