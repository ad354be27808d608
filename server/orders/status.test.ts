import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../contract/index.js';
import { orders } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { canMove, FINAL_STATUSES, moveOrder, ORDER_MOVES, type MoveDetails, type OrderMove } from './status.js';

const MOVES = Object.keys(ORDER_MOVES) as OrderMove[];

/** The whole table of the order's life, written out: what may follow what. */
const ALLOWED: Record<OrderStatus, OrderMove[]> = {
  unpaid: ['pay', 'cancel'],
  paid: ['ship', 'refund'],
  shipped: ['deliver'],
  delivered: [],
  cancelled: [],
  refunded: [],
};

const DETAILS: { [Move in OrderMove]: MoveDetails[Move] } = {
  pay: { transactionId: 'pi_status_test' },
  ship: { carrier: 'DHL', trackingNumber: 'JD014600003828' },
  deliver: {},
  cancel: {},
  refund: { refundId: 're_status_test' },
};

/** Where each status's time is kept. */
const STAMP = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
  refunded: 'refundedAt',
} as const;

describe("an order's life (server/orders/status.ts)", () => {
  it.each(ORDER_STATUSES.flatMap((status) => MOVES.map((move) => [status, move] as const)))(
    'from %s, %s is allowed exactly when the table says so',
    (status, move) => {
      expect(canMove(status, move)).toBe(ALLOWED[status].includes(move));
    },
  );

  it('ends at delivered, cancelled and refunded: nothing moves on from them', () => {
    for (const status of FINAL_STATUSES) expect(MOVES.filter((move) => canMove(status, move))).toEqual([]);
    expect(FINAL_STATUSES).toEqual(ORDER_STATUSES.filter((status) => ALLOWED[status].length === 0));
  });

  it('reaches every status from unpaid', () => {
    const reached = new Set<OrderStatus>(['unpaid']);
    for (let round = 0; round < ORDER_STATUSES.length; round += 1) {
      for (const status of [...reached]) for (const move of ALLOWED[status]) reached.add(ORDER_MOVES[move].to);
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('moveOrder in the database', () => {
  let t: TestApp;
  let token: string;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUpWithToken(t.app)).token;
    productId = (await buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: 10_000 }))._id;
  });
  afterAll(() => t.close());

  /** A new order, brought to `status` by the allowed moves. */
  async function orderIn(status: OrderStatus): Promise<string> {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/myOrder',
      headers: bearer(token),
      payload: { productId, quantity: 1, phoneNumber: '1' },
    });
    const id = placed.json<{ _id: string }>()._id;
    const path: Record<OrderStatus, OrderMove[]> = {
      unpaid: [],
      paid: ['pay'],
      shipped: ['pay', 'ship'],
      delivered: ['pay', 'ship', 'deliver'],
      cancelled: ['cancel'],
      refunded: ['pay', 'refund'],
    };
    for (const move of path[status]) {
      expect(await moveOrder(t.db, id, move, { ...DETAILS[move], transactionId: `pi_${id}` } as never)).toBe(true);
    }
    return id;
  }

  const read = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

  it.each(ORDER_STATUSES.flatMap((status) => MOVES.map((move) => [status, move] as const)))(
    'from %s, %s changes the row only when allowed, and stamps its time',
    async (status, move) => {
      const id = await orderIn(status);
      const before = await read(id);
      const details = move === 'pay' ? { transactionId: `pi_again_${id}` } : DETAILS[move];
      const moved = await moveOrder(t.db, id, move, details as never);
      const after = await read(id);
      expect(moved).toBe(canMove(status, move));
      if (!moved) {
        expect(after).toEqual(before);
        return;
      }
      const to = ORDER_MOVES[move].to;
      expect(after?.status).toBe(to);
      expect(after?.[STAMP[to as keyof typeof STAMP]]).toBeInstanceOf(Date);
      expect(after?.paid).toBe(to !== 'cancelled');
      if (move === 'ship') expect(after).toMatchObject({ carrier: 'DHL', trackingNumber: 'JD014600003828' });
      if (move === 'pay') expect(after?.transactionId).toBe(`pi_again_${id}`);
    },
  );

  it('when two moves race on one order, one of them happens', async () => {
    const id = await orderIn('paid');
    const [shipped, refunded] = await Promise.all([
      moveOrder(t.db, id, 'ship', DETAILS.ship),
      moveOrder(t.db, id, 'refund', DETAILS.refund),
    ]);
    expect([shipped, refunded].filter(Boolean)).toHaveLength(1);
    expect((await read(id))?.status).toBe(shipped ? 'shipped' : 'refunded');
  });

  it('when a paid order has a refund under way, then it does not ship, and the refund still completes', async () => {
    const id = await orderIn('paid');
    await t.db
      .update(orders)
      .set({ refundId: `brakehouse-refund-${id}` })
      .where(eq(orders.id, id));
    expect(await moveOrder(t.db, id, 'ship', DETAILS.ship)).toBe(false);
    expect(await moveOrder(t.db, id, 'refund', { refundId: 're_after_claim' })).toBe(true);
    expect(await read(id)).toMatchObject({ status: 'refunded', refundId: 're_after_claim' });
  });

  it("when a status is written around the machine, the database's own checks refuse what cannot be", async () => {
    const id = await orderIn('unpaid');
    // Paid without the paid flag, or a status that does not exist.
    await expect(t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, id))).rejects.toMatchObject({
      cause: { message: expect.stringContaining('orders_paid_flag') },
    });
    await expect(t.db.execute(sql`update orders set status = 'lost' where id = ${id}`)).rejects.toMatchObject({
      cause: { message: expect.stringContaining('orders_status_known') },
    });
  });

  it('when an order is read, its history lists each move at its time, oldest first', async () => {
    const id = await orderIn('delivered');
    const order = (await t.app.inject({ method: 'GET', url: `/api/myOrder/${id}`, headers: bearer(token) })).json<{
      status: string;
      history: { status: string; at: string }[];
      carrier: string;
      trackingNumber: string;
    }>();
    expect(order.status).toBe('delivered');
    expect(order.history.map((event) => event.status)).toEqual(['placed', 'paid', 'shipped', 'delivered']);
    const times = order.history.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(order).toMatchObject({ carrier: 'DHL', trackingNumber: 'JD014600003828' });
  });
});
