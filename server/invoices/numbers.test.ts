import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { invoiceCounter } from '../db/schema.js';
import { moveOrder } from '../orders/status.js';
import { adminMove, orderNow, storedOrder } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { storeMigratedUpTo } from '../test/migrations.js';

/**
 * Invoice numbers are taken with the payment (server/orders/status.ts): in the order payments
 * commit, one each, none lost to a payment that rolled back, none given twice.
 */
describe('invoice numbers', () => {
  let t: TestApp;
  let rider: Awaited<ReturnType<typeof signUpWithToken>>;
  const ADMIN = 'numbers-admin@brakehouse.example';
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    rider = await signUpWithToken(t.app);
  });
  afterAll(() => t.close());

  /** `count` new unpaid orders of one part each. */
  async function unpaidOrders(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let made = 0; made < count; made += 1) {
      const { _id: productId } = await buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: 5 });
      ids.push((await orderNow(t.app, rider.token, productId, 1))._id);
    }
    return ids;
  }
  const pay = (id: string, db: Database = t.db) => moveOrder(db, id, 'pay', { transactionId: `pi_numbers_${id}` });
  const numberOf = async (id: string) => (await storedOrder(t.db, id))?.invoiceNumber;
  const lastGiven = async () => (await t.db.select({ last: invoiceCounter.last }).from(invoiceCounter))[0]?.last;

  it('when three orders are paid one after another, then they get the next three numbers, in the order they were paid', async () => {
    const before = (await lastGiven()) ?? 0;
    const [first, second, third] = await unpaidOrders(3);
    if (!first || !second || !third) throw new Error('three orders were not made');

    // Paid in another order than they were placed in: the payment decides.
    for (const id of [third, first, second]) expect(await pay(id)).toBe(true);

    expect([await numberOf(third), await numberOf(first), await numberOf(second)]).toEqual([
      before + 1,
      before + 2,
      before + 3,
    ]);
    expect(await lastGiven()).toBe(before + 3);
  });

  it('when ten orders are paid at the same moment, then each gets its own number, with no gap and no repeat', async () => {
    const before = (await lastGiven()) ?? 0;
    const ids = await unpaidOrders(10);

    expect(await Promise.all(ids.map((id) => pay(id)))).toEqual(ids.map(() => true));

    const numbers = await Promise.all(ids.map(numberOf));
    expect([...numbers].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(ids.map((_, index) => before + 1 + index));
    expect(await lastGiven()).toBe(before + 10);
  });

  it('when a payment rolls back, then its order has no number and the next payment takes the one it would have had', async () => {
    const before = (await lastGiven()) ?? 0;
    const [rolledBack, next] = await unpaidOrders(2);
    if (!rolledBack || !next) throw new Error('two orders were not made');

    await expect(
      t.db.transaction(async (tx) => {
        expect(await pay(rolledBack, tx)).toBe(true);
        throw new Error('the payment failed after its move');
      }),
    ).rejects.toThrow('the payment failed after its move');

    expect(await storedOrder(t.db, rolledBack)).toMatchObject({ status: 'unpaid', paid: false, invoiceNumber: null });
    expect(await lastGiven()).toBe(before);
    expect(await pay(next)).toBe(true);
    expect(await numberOf(next)).toBe(before + 1);
  });

  it('when an order is paid twice, then it keeps its first number and the counter moves once', async () => {
    const [order] = await unpaidOrders(1);
    if (!order) throw new Error('no order was made');
    expect(await pay(order)).toBe(true);
    const first = await numberOf(order);
    const after = await lastGiven();

    expect(await moveOrder(t.db, order, 'pay', { transactionId: 'pi_numbers_again' })).toBe(false);

    expect(await numberOf(order)).toBe(first);
    expect(await lastGiven()).toBe(after);
    expect((await storedOrder(t.db, order))?.transactionId).toBe(`pi_numbers_${order}`);
  });

  it('when an order is cancelled unpaid, or a payment names no order, then no number is taken', async () => {
    const before = await lastGiven();
    const [order] = await unpaidOrders(1);
    if (!order) throw new Error('no order was made');
    const admin = await adminWithToken(t.app, ADMIN);

    expect((await adminMove(t.app, admin.token, order, 'cancel')).statusCode).toBe(200);
    expect(await pay(order)).toBe(false);
    expect(await pay('00000000-0000-4000-8000-000000000000')).toBe(false);

    expect(await numberOf(order)).toBeNull();
    expect(await lastGiven()).toBe(before);
  });
});

/**
 * Migration 0013 on a store that already has paid orders (the harness of migration-0011.test.ts: the
 * migrations up to 0012, orders written as they were then, then the rest). PGlite only: it builds
 * its own database whatever TEST_DATABASE_URL says.
 */
describe('migration 0013 on a store with paid orders', () => {
  it('when it runs, then orders paid before it are numbered in the order they were paid, and the counter goes on after them', async () => {
    const { client, db, migrateTheRest, close } = await storeMigratedUpTo('0012_running_the_shop');

    // Placed a, b, c, d, e; paid c first, then a, then e (refunded since); b unpaid; d cancelled.
    const order = (id: string, status: string, paidAt: string | null, placedAt: string) => {
      const paid = ['paid', 'shipped', 'delivered', 'refunded'].includes(status);
      return `('${id}', 'u1', 'rider@example.com', 'Pads', 1000, 1, 1000, 1000, '1', ${paid}, '${status}',
               ${paid ? `'pi_${id.slice(0, 8)}'` : 'null'}, ${paidAt ? `'${paidAt}'` : 'null'}, '${placedAt}')`;
    };
    await client.exec(`
      insert into users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Rider', 'rider@example.com', true, now(), now());
      insert into orders (id, user_id, email, product_name, unit_price_cents, quantity, price_cents, subtotal_cents,
                          phone_number, paid, status, transaction_id, paid_at, created_at)
        values ${[
          order('aaaaaaaa-0000-4000-8000-000000000000', 'shipped', '2026-03-02T09:00:00Z', '2026-03-01T09:00:00Z'),
          order('bbbbbbbb-0000-4000-8000-000000000000', 'unpaid', null, '2026-03-01T10:00:00Z'),
          order('cccccccc-0000-4000-8000-000000000000', 'delivered', '2026-03-01T12:00:00Z', '2026-03-01T11:00:00Z'),
          order('dddddddd-0000-4000-8000-000000000000', 'cancelled', null, '2026-03-01T12:30:00Z'),
          order('eeeeeeee-0000-4000-8000-000000000000', 'refunded', '2026-03-03T08:00:00Z', '2026-03-01T13:00:00Z'),
        ].join(',\n')};`);

    await migrateTheRest();

    const { rows } = await client.query<{ id: string; invoice_number: number | null }>(
      'select id, invoice_number from orders order by id',
    );
    expect(rows.map(({ id, invoice_number }) => [id.slice(0, 1), invoice_number])).toEqual([
      ['a', 2],
      ['b', null],
      ['c', 1],
      ['d', null],
      ['e', 3],
    ]);
    const { rows: counter } = await client.query<{ last: number }>('select last from invoice_counter');
    expect(counter).toEqual([{ last: 3 }]);

    // The next payment takes 4.
    await client.exec(`
      insert into orders (id, user_id, email, product_name, unit_price_cents, quantity, price_cents, subtotal_cents,
                          phone_number)
        values ('ffffffff-0000-4000-8000-000000000000', 'u1', 'rider@example.com', 'Disc', 500, 1, 500, 500, '1');`);
    expect(await moveOrder(db, 'ffffffff-0000-4000-8000-000000000000', 'pay', { transactionId: 'pi_after' })).toBe(
      true,
    );
    const { rows: paid } = await client.query<{ invoice_number: number }>(
      `select invoice_number from orders where id = 'ffffffff-0000-4000-8000-000000000000'`,
    );
    expect(paid).toEqual([{ invoice_number: 4 }]);
    await close();
  });
});
