import { randomUUID } from 'node:crypto';
import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/index.js';
import { mailOutbox } from '../db/schema.js';
import type { MailData, MailKind } from '../mail/messages.js';
import { adminMove, checkout, orderNow, SHIPMENT } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { deleteOrderAs, payInSandbox } from '../test/requests.js';

// Which e-mails each change of an order queues, in its own transaction: the outbox's rows. How
// they are sent is outbox.test.ts's; what they say, templates.test.ts's.

const ADMIN = 'order-mail-admin@brakehouse.example';

interface Queued {
  kind: MailKind;
  recipient: string | null;
  order: Order;
}

describe('the e-mails an order queues', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminWithToken>>;
  let rider: Awaited<ReturnType<typeof signUpWithToken>>;
  let seen = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    [admin, rider] = await Promise.all([adminWithToken(t.app, ADMIN), signUpWithToken(t.app)]);
  });
  afterAll(() => t.close());

  /** The e-mails queued since the last call, oldest first. */
  async function queuedSince(): Promise<Queued[]> {
    const rows = await t.db.select().from(mailOutbox).where(gt(mailOutbox.id, seen)).orderBy(mailOutbox.id);
    seen = rows.at(-1)?.id ?? seen;
    return rows.map(({ kind, recipient, data }) => ({
      kind: kind as MailKind,
      recipient,
      order: (data as MailData['order-received']).order,
    }));
  }

  const part = (stock = 40) => buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: stock });
  const move = (id: string, name: 'ship' | 'deliver' | 'cancel', payload?: object) =>
    adminMove(t.app, admin.token, id, name, payload);

  beforeAll(async () => {
    const [last] = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    seen = last?.id ?? 0;
  });

  it('when a customer orders with Order Now, then the confirmation to them and the copy to the store are queued with the order', async () => {
    const { _id: id } = await part();
    const order = await orderNow(t.app, rider.token, id, 3);
    const queued = await queuedSince();
    expect(queued.map(({ kind, recipient }) => ({ kind, recipient }))).toEqual([
      { kind: 'order-received', recipient: rider.email },
      { kind: 'order-received-store', recipient: null },
    ]);
    expect(queued[0]?.order).toMatchObject({
      _id: order._id,
      price: order.price,
      lines: order.lines,
      status: 'unpaid',
    });
    // The customer's picture of the order: nothing only the server should know.
    expect(queued[0]?.order).not.toHaveProperty('userId');
    expect(queued[0]?.order).not.toHaveProperty('paymentIntentId');
  });

  it('when a cart is checked out, then the e-mails carry every line and the totals', async () => {
    const [a, b] = await Promise.all([part(), part()]);
    const order = await checkout(t.app, rider.token, [
      { productId: a._id, quantity: 2 },
      { productId: b._id, quantity: 1 },
    ]);
    const queued = await queuedSince();
    expect(queued.map(({ kind }) => kind)).toEqual(['order-received', 'order-received-store']);
    expect(queued[0]?.order.lines).toHaveLength(2);
    expect(queued[0]?.order).toMatchObject({
      subtotal: order.subtotal,
      shippingCost: order.shippingCost,
      price: order.price,
    });
  });

  it('when a checkout is refused (a line sold out), then no e-mail is queued', async () => {
    const scarce = await part(1);
    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${scarce._id}`,
      headers: bearer(rider.token),
      payload: { quantity: 1 },
    });
    await orderNow(t.app, (await signUpWithToken(t.app)).token, scarce._id, 1); // someone else takes the last one
    await queuedSince();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(rider.token),
      payload: {
        shippingMethod: 'standard',
        phoneNumber: '555 0100',
        address: { fullName: 'Rider One', line1: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'GB' },
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(await queuedSince()).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: `/api/cart/${scarce._id}`, headers: bearer(rider.token) });
  });

  it('when an order is retried with its Idempotency-Key, then its e-mails are queued once', async () => {
    const { _id: id } = await part();
    const key = randomUUID();
    const place = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/myOrder',
        headers: { ...bearer(rider.token), 'idempotency-key': key },
        payload: { productId: id, quantity: 1, phoneNumber: '555 0100' },
      });
    expect((await place()).statusCode).toBe(200);
    expect((await place()).headers['idempotent-replayed']).toBe('true');
    expect((await queuedSince()).map(({ kind }) => kind)).toEqual(['order-received', 'order-received-store']);
  });

  it('when an order is paid, shipped and delivered, then the receipt (with its invoice number) and the shipping notice are queued, and nothing for delivered', async () => {
    const { _id: id } = await part();
    const order = await orderNow(t.app, rider.token, id, 1);
    await queuedSince();
    const { transactionId } = await payInSandbox(t.app, rider.token, order._id);
    const [receipt, ...more] = await queuedSince();
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'payment-received', recipient: rider.email });
    expect(receipt?.order).toMatchObject({ status: 'paid', transactionId });
    expect(receipt?.order.invoiceNumber).toEqual(expect.any(Number));

    expect((await move(order._id, 'ship', SHIPMENT)).statusCode).toBe(200);
    const shipped = await queuedSince();
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toMatchObject({
      kind: 'order-shipped',
      recipient: rider.email,
      order: { status: 'shipped', ...SHIPMENT },
    });

    expect((await move(order._id, 'deliver')).statusCode).toBe(200);
    expect(await queuedSince()).toEqual([]);
  });

  it('when an unpaid order is cancelled, or a paid one refunded, then the customer is told which', async () => {
    const { _id: id } = await part();
    const unpaid = await orderNow(t.app, rider.token, id, 1);
    const paid = await orderNow(t.app, rider.token, id, 1);
    await payInSandbox(t.app, rider.token, paid._id);
    await queuedSince();

    expect((await move(unpaid._id, 'cancel')).statusCode).toBe(200);
    expect((await move(paid._id, 'cancel')).statusCode).toBe(200);
    const told = await queuedSince();
    expect(
      told.map(({ kind, recipient, order }) => ({ kind, recipient, id: order._id, status: order.status })),
    ).toEqual([
      { kind: 'order-cancelled', recipient: rider.email, id: unpaid._id, status: 'cancelled' },
      { kind: 'order-cancelled', recipient: rider.email, id: paid._id, status: 'refunded' },
    ]);
  });

  it('when a move is refused, or a customer deletes an unpaid order, then no e-mail is queued', async () => {
    const { _id: id } = await part();
    const order = await orderNow(t.app, rider.token, id, 1);
    await queuedSince();
    expect((await move(order._id, 'ship', SHIPMENT)).statusCode).toBe(409);
    expect((await move(order._id, 'deliver')).statusCode).toBe(409);
    expect((await deleteOrderAs(t.app, rider.token, order._id)).statusCode).toBe(200);
    expect(await queuedSince()).toEqual([]);
  });
});
