import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../contract/index.js';
import { createProductRepository } from '../products/repository.js';
import { adminMove, checkout, orderNow, SHIPMENT, stockOf, storedOrder, type AdminMove } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { GOOD_CARD, payInSandbox, postAs } from '../test/requests.js';

const ADMIN = 'orders-moves-admin@brakehouse.example';

describe('Manage Orders: ship, deliver, cancel and refund (sandbox gateway)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminWithToken>>;
  let rider: Awaited<ReturnType<typeof signUpWithToken>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    [admin, rider] = await Promise.all([adminWithToken(t.app, ADMIN), signUpWithToken(t.app)]);
  });
  afterAll(() => t.close());

  const move = (id: string, name: AdminMove, payload?: object) => adminMove(t.app, admin.token, id, name, payload);
  const part = (stock = 50) => buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: stock });
  const customersView = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/myOrder/${id}`, headers: bearer(rider.token) })).json<Order>();
  const shopShows = async (productId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json<{ availableQantity: number }>()
      .availableQantity;

  /** A new order of 4 of a part of its own (stock 50, so 46 left), brought to `status` as the shop would. */
  async function orderIn(status: OrderStatus) {
    const { _id: productId } = await part();
    const order = await orderNow(t.app, rider.token, productId, 4);
    if (status !== 'unpaid' && status !== 'cancelled') await payInSandbox(t.app, rider.token, order._id);
    const path: Record<OrderStatus, AdminMove[]> = {
      unpaid: [],
      paid: [],
      shipped: ['ship'],
      delivered: ['ship', 'deliver'],
      cancelled: ['cancel'],
      refunded: ['cancel'],
    };
    for (const step of path[status]) expect((await move(order._id, step, SHIPMENT)).statusCode).toBe(200);
    expect((await storedOrder(t.db, order._id))?.status).toBe(status);
    return { id: order._id, productId };
  }

  it("when a paid order ships, then it is shipped with its carrier and tracking number, and the customer's page says so", async () => {
    const { id } = await orderIn('paid');
    const response = await move(id, 'ship', { carrier: '  Royal Mail ', trackingNumber: ' RM123456789GB ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      status: 'shipped',
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
    });

    const seen = await customersView(id);
    expect(seen).toMatchObject({
      status: 'shipped',
      paid: true,
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
    });
    expect(seen.history.map(({ status }) => status)).toEqual(['placed', 'paid', 'shipped']);
  });

  it('when a shipped order is marked delivered, then it is delivered, and its history ends there', async () => {
    const { id } = await orderIn('shipped');
    const response = await move(id, 'deliver');
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({ status: 'delivered', carrier: SHIPMENT.carrier });
    expect((await customersView(id)).history.map(({ status }) => status)).toEqual([
      'placed',
      'paid',
      'shipped',
      'delivered',
    ]);
  });

  it('when the admin opens an order, then it answers the whole order, as its owner sees it', async () => {
    const { id } = await orderIn('paid');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await customersView(id));
  });

  it('when an unpaid checkout order is cancelled, then each line goes back on its shelf, a deleted part gets nothing, and the shop shows it', async () => {
    const [pads, disc, gone] = await Promise.all([part(20), part(5), part(9)]);
    const order = await checkout(t.app, rider.token, [
      { productId: pads._id, quantity: 3 },
      { productId: disc._id, quantity: 2 },
      { productId: gone._id, quantity: 1 },
    ]);
    expect(await shopShows(pads._id)).toBe(17); // now cached
    expect(await createProductRepository(t.db).delete(gone._id)).toBe(true);

    const response = await move(order._id, 'cancel');
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({ status: 'cancelled', paid: false });
    expect(response.json<Order>().history.map(({ status }) => status)).toEqual(['placed', 'cancelled']);
    expect([await stockOf(t.db, pads._id), await stockOf(t.db, disc._id)]).toEqual([20, 5]);
    expect(await shopShows(pads._id)).toBe(20);
  });

  it('when an unpaid order with an open payment is cancelled, then that payment can no longer be made', async () => {
    const { id } = await orderIn('unpaid');
    const intent = await postAs(t.app, rider.token, '/api/create-payment-intent', { orderId: id });
    const { clientSecret } = intent.json<{ clientSecret: string }>();

    expect((await move(id, 'cancel')).statusCode).toBe(200);
    const card = await postAs(t.app, rider.token, '/api/sandbox/confirm', { clientSecret, ...GOOD_CARD });
    expect(card.statusCode).toBe(409);
    expect((await storedOrder(t.db, id))?.status).toBe('cancelled');
  });

  it('when the customer had paid at the gateway but the order did not know yet, then cancelling records the payment and refunds it', async () => {
    const { id, productId } = await orderIn('unpaid');
    const intent = await postAs(t.app, rider.token, '/api/create-payment-intent', { orderId: id });
    const card = await postAs(t.app, rider.token, '/api/sandbox/confirm', {
      clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
      ...GOOD_CARD,
    });
    expect(card.statusCode).toBe(200); // the page closed before it told the store

    const response = await move(id, 'cancel');
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({ status: 'refunded', paid: true });
    expect(await stockOf(t.db, productId)).toBe(50);
  });

  it('when a paid order that has not shipped is cancelled, then it is refunded through the sandbox and its stock comes back', async () => {
    const { id, productId } = await orderIn('paid');
    expect(await stockOf(t.db, productId)).toBe(46);

    const response = await move(id, 'cancel');
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({ status: 'refunded', paid: true });
    expect(response.json<Order>().history.map(({ status }) => status)).toEqual(['placed', 'paid', 'refunded']);
    expect(await storedOrder(t.db, id)).toMatchObject({ status: 'refunded', refundId: `re_sandbox_${id}` });
    expect(await stockOf(t.db, productId)).toBe(50);
    expect((await customersView(id)).status).toBe('refunded');
  });

  describe.each<[AdminMove, OrderStatus[]]>([
    ['ship', ['unpaid', 'shipped', 'delivered', 'cancelled', 'refunded']],
    ['deliver', ['unpaid', 'paid', 'delivered', 'cancelled', 'refunded']],
    ['cancel', ['shipped', 'delivered', 'cancelled', 'refunded']],
  ])('when %s is asked of an order it does not start from', (name, statuses) => {
    it.each(statuses)('from %s, then 409 and nothing changes, stock included', async (status) => {
      const { id, productId } = await orderIn(status);
      const [before, stock] = [await storedOrder(t.db, id), await stockOf(t.db, productId)];
      const response = await move(id, name, name === 'ship' ? { carrier: 'UPS', trackingNumber: '1Z999' } : undefined);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ORDER_MOVE_REFUSED' });
      expect(await storedOrder(t.db, id)).toEqual(before);
      expect(await stockOf(t.db, productId)).toBe(stock);
    });
  });

  it.each<[AdminMove | 'read', object | undefined]>([
    ['read', undefined],
    ['ship', SHIPMENT],
    ['deliver', undefined],
    ['cancel', undefined],
  ])('when %s names no order, then 404', async (name, payload) => {
    const id = randomUUID();
    const response =
      name === 'read'
        ? await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: bearer(admin.token) })
        : await move(id, name, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });

  it.each<[string, string, object | undefined]>([
    ['an id that is not one', 'not-an-id/ship', SHIPMENT],
    ['no carrier', '{id}/ship', { trackingNumber: '1Z999' }],
    ['a blank tracking number', '{id}/ship', { carrier: 'UPS', trackingNumber: '   ' }],
    ['a carrier too long', '{id}/ship', { carrier: 'x'.repeat(61), trackingNumber: '1Z999' }],
    ['an id that is not one', 'not-an-id/cancel', undefined],
  ])('when a move has %s, then 400 and the order stays paid', async (_what, path, payload) => {
    const { id } = await orderIn('paid');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${path.replace('{id}', id)}`,
      headers: bearer(admin.token),
      ...(payload && { payload }),
    });
    expect(response.statusCode).toBe(400);
    expect((await storedOrder(t.db, id))?.status).toBe('paid');
  });

  it('when a paid order is shipped and refunded at the same time, then exactly one happens, and stock comes back only with the refund', async () => {
    const { id, productId } = await orderIn('paid');
    const [shipped, refunded] = await Promise.all([move(id, 'ship', SHIPMENT), move(id, 'cancel')]);
    expect([shipped.statusCode, refunded.statusCode].sort()).toEqual([200, 409]);
    const won = shipped.statusCode === 200 ? 'shipped' : 'refunded';
    expect((await storedOrder(t.db, id))?.status).toBe(won);
    expect(await stockOf(t.db, productId)).toBe(won === 'refunded' ? 50 : 46);
  });

  it('when an unpaid order is cancelled twice at once, then one cancel wins and the stock comes back once', async () => {
    const { id, productId } = await orderIn('unpaid');
    const answers = await Promise.all([move(id, 'cancel'), move(id, 'cancel')]);
    expect(answers.map(({ statusCode }) => statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.db, productId)).toBe(50);
  });
});
