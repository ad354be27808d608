import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrdersResponse, Order } from '../../contract/index.js';
import { adminMove, checkout, orderNow } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { payInSandbox } from '../test/requests.js';

const ADMIN = 'orders-list-admin@brakehouse.example';

describe('Manage Orders: GET /api/admin/orders', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminWithToken>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    admin = await adminWithToken(t.app, ADMIN);
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: bearer(admin.token),
    });
  const found = async (query: Record<string, string | number>) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json<AdminOrdersResponse>();
  };
  const ids = (orders: readonly Order[]) => orders.map(({ _id }) => _id);

  const part = (name: string) => buildProduct(t.db, { name, minimumOrderQuantity: 1, availableQuantity: 1_000 });

  it("when a customer's orders are searched by their e-mail, then they come newest first, whole, and total counts them", async () => {
    const rider = await signUpWithToken(t.app);
    const [pads, disc] = await Promise.all([part('Sintered Pads HH'), part('Wave Disc 320')]);
    const first = await orderNow(t.app, rider.token, pads._id, 2);
    const second = await checkout(t.app, rider.token, [
      { productId: pads._id, quantity: 1 },
      { productId: disc._id, quantity: 1 },
    ]);
    const third = await orderNow(t.app, rider.token, disc._id, 3);

    const { items, total } = await found({ q: rider.email });
    expect(total).toBe(3);
    expect(ids(items)).toEqual([third._id, second._id, first._id]);
    expect(items[1]).toMatchObject({
      email: rider.email,
      status: 'unpaid',
      lines: [
        { productId: pads._id, productName: 'Sintered Pads HH', quantity: 1 },
        { productId: disc._id, productName: 'Wave Disc 320', quantity: 1 },
      ],
      history: [{ status: 'placed' }],
    });
    expect(items[1]).not.toHaveProperty('userId');
  });

  it('when q is part of an e-mail in another case, of an order id, or of a part name, then exactly those orders match', async () => {
    const [alice, bob] = await Promise.all([signUpWithToken(t.app), signUpWithToken(t.app)]);
    const [caliper, rotor] = await Promise.all([part('Radial Caliper Qx7'), part('Floating Rotor Zy9')]);
    const byAlice = await orderNow(t.app, alice.token, caliper._id, 1);
    const byBob = await checkout(t.app, bob.token, [
      { productId: caliper._id, quantity: 1 },
      { productId: rotor._id, quantity: 2 },
    ]);

    expect(ids((await found({ q: alice.email.slice(0, 14).toUpperCase() })).items)).toEqual([byAlice._id]);
    expect(ids((await found({ q: byBob._id.slice(0, 13) })).items)).toEqual([byBob._id]);
    // The second line's part: the order is named after its first, and still found by the other.
    expect(ids((await found({ q: 'rotor zy9' })).items)).toEqual([byBob._id]);
    expect(ids((await found({ q: 'CALIPER QX7' })).items)).toEqual([byBob._id, byAlice._id]);
    expect(await found({ q: '  caliper qx7  ' })).toMatchObject({ total: 2 });
  });

  it('when q holds the wildcards of LIKE, then they are plain characters and match nothing here', async () => {
    await orderNow(t.app, (await signUpWithToken(t.app)).token, (await part('Plain Lever 100%'))._id, 1);
    expect(await found({ q: 'lever 100%' })).toMatchObject({ total: 1 });
    expect(await found({ q: 'lever_100' })).toMatchObject({ total: 0, items: [] });
    expect(await found({ q: '%' })).toMatchObject({ total: 1 });
  });

  it('when a status is chosen, then only orders in it are listed and counted', async () => {
    const rider = await signUpWithToken(t.app);
    const levers = await part('Adjustable Levers Kt3');
    const unpaid = await orderNow(t.app, rider.token, levers._id, 1);
    const paid = await orderNow(t.app, rider.token, levers._id, 1);
    const shipped = await orderNow(t.app, rider.token, levers._id, 1);
    await payInSandbox(t.app, rider.token, paid._id);
    await payInSandbox(t.app, rider.token, shipped._id);
    expect(
      (await adminMove(t.app, admin.token, shipped._id, 'ship', { carrier: 'UPS', trackingNumber: '1Z' })).statusCode,
    ).toBe(200);

    expect(await found({ q: rider.email, status: 'paid' })).toMatchObject({ total: 1, items: [{ _id: paid._id }] });
    expect(await found({ q: rider.email, status: 'unpaid' })).toMatchObject({ total: 1, items: [{ _id: unpaid._id }] });
    expect(await found({ q: rider.email, status: 'shipped' })).toMatchObject({
      total: 1,
      items: [{ _id: shipped._id, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z' }],
    });
    expect(await found({ q: rider.email, status: 'refunded' })).toMatchObject({ total: 0, items: [] });
    // The filter's "all" is an empty value.
    expect(await found({ q: rider.email, status: '' })).toMatchObject({ total: 3 });
  });

  it('when orders are read a page at a time, then the pages follow each other with no gap or repeat', async () => {
    const rider = await signUpWithToken(t.app);
    const grips = await part('Paging Grips Pq5');
    const placed: string[] = [];
    for (let n = 0; n < 5; n += 1) placed.push((await orderNow(t.app, rider.token, grips._id, 1))._id);

    const pages = await Promise.all([1, 2, 3, 4].map((page) => found({ q: 'paging grips', page, pageSize: 2 })));
    expect(pages.map(({ total }) => total)).toEqual([5, 5, 5, 5]);
    expect(pages.map(({ items }) => items.length)).toEqual([2, 2, 1, 0]);
    expect(pages.flatMap(({ items }) => ids(items))).toEqual([...placed].reverse());
  });

  it('when no page size is asked, then a page holds 20', async () => {
    const rider = await signUpWithToken(t.app);
    const bolts = await part('Default Page Bolts Wx2');
    for (let n = 0; n < 21; n += 1) await orderNow(t.app, rider.token, bolts._id, 1);
    expect(await found({ q: 'default page bolts' })).toMatchObject({ total: 21, items: expect.any(Array) });
    expect((await found({ q: 'default page bolts' })).items).toHaveLength(20);
  });

  it.each([
    [{ pageSize: 101 }, 'pageSize can be at most 100'],
    [{ pageSize: 0 }, 'pageSize must be at least 1'],
    [{ page: 0 }, 'page starts at 1'],
    [{ page: 'two' }, 'page must be a whole number'],
    [{ status: 'lost' }, 'status must be one of unpaid, paid, shipped, delivered, cancelled, refunded'],
    [{ q: 'x'.repeat(201) }, 'A search can be at most 200 characters'],
  ])('when the query has %o, then 400 says why', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });
});
