import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, type Order } from '../../contract/index.js';
import { orders, sandboxPaymentIntents } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { StoredOrder } from '../orders/repository.js';
import type { OrderService } from '../orders/service.js';
import { adminMove, orderNow } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { deleteOrderAs, markPaidAs, payInSandbox, postAs } from '../test/requests.js';
import type { PaymentGateway } from '../payment-gateway/gateway.js';
import { createPaymentService } from './service.js';

const ADMIN = 'cancelled-order-admin@example.com';

/** What a customer hears about an order the shop cancelled: that it was cancelled. */
describe('an order the shop cancelled, as its customer meets it', () => {
  let t: TestApp;
  let rider: Awaited<ReturnType<typeof signUpWithToken>>;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    rider = await signUpWithToken(t.app);
    adminToken = (await adminWithToken(t.app, ADMIN)).token;
  });
  afterAll(() => t.close());

  async function cancelledOrder(): Promise<Order> {
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    const order = await orderNow(t.app, rider.token, part._id, 1);
    expect((await adminMove(t.app, adminToken, order._id, 'cancel')).statusCode).toBe(200);
    return order;
  }
  const intentsOf = (orderId: string) =>
    t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.orderId, orderId));

  it('when its customer deletes it, then 409 CANCELLED_ORDER_CANNOT_BE_DELETED says so, and it stays', async () => {
    const order = await cancelledOrder();
    const response = await deleteOrderAs(t.app, rider.token, order._id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CANCELLED_ORDER_CANNOT_BE_DELETED',
      message: apiMessages.cancelledOrderCannotBeDeleted,
    });
    expect(await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order._id))).toEqual([
      { status: 'cancelled' },
    ]);
  });

  it('when a paid order is deleted, then it still says a paid order cannot be deleted', async () => {
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    const order = await orderNow(t.app, rider.token, part._id, 1);
    await payInSandbox(t.app, rider.token, order._id);
    const response = await deleteOrderAs(t.app, rider.token, order._id);
    expect(response.json()).toMatchObject({ code: 'PAID_ORDER_CANNOT_BE_DELETED' });
  });

  it('when its customer opens its payment, then 409 ORDER_CANCELLED says so, and the provider is not asked', async () => {
    const order = await cancelledOrder();
    const response = await postAs(t.app, rider.token, '/api/create-payment-intent', { orderId: order._id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ORDER_CANCELLED', message: apiMessages.orderCancelled });
    expect(await intentsOf(order._id)).toEqual([]);
  });

  it('when its customer marks it paid, then 409 ORDER_CANCELLED says so, and it stays cancelled', async () => {
    const order = await cancelledOrder();
    const response = await markPaidAs(t.app, rider.token, order._id, 'pi_sandbox_whatever');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
  });
});

describe('startPayment when the order moves while the payment is being set up', () => {
  const unpaid = { _id: 'o1', paid: false, status: 'unpaid', priceCents: 1_000 } as StoredOrder;
  const gateway = {
    createIntent: async () => ({ id: 'pi_new', status: 'requires_payment_method', amountCents: 1_000 }),
    cancelIntent: async () => undefined,
  } as unknown as PaymentGateway;
  const serviceWith = (now: Partial<StoredOrder> | undefined) =>
    createPaymentService({
      gateway,
      currency: 'USD',
      log: { info: () => undefined, error: () => undefined },
      orders: {
        attachPaymentIntent: async () => false,
        find: async () => (now ? { ...unpaid, ...now } : undefined),
      } as unknown as OrderService,
    });
  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof AppError ? error.code : error),
    );

  it.each([
    [{ status: 'cancelled' }, 'ORDER_CANCELLED'],
    [{ status: 'paid', paid: true }, 'ORDER_ALREADY_PAID'],
    [undefined, 'ORDER_NOT_FOUND'],
    [{ status: 'unpaid', paymentIntentId: 'pi_other' }, 'ORDER_CHANGED'],
  ] as const)('when the order is now %j, then the refusal is %s', async (now, code) => {
    expect(await refusalOf(serviceWith(now as Partial<StoredOrder> | undefined).startPayment(unpaid))).toBe(code);
  });
});
