import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ORDER_TOTAL_CENTS,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_QUANTITY,
  orderTotalTooLarge,
  validationMessages,
  type Order,
} from '../../contract/index.js';
import { orders, products, sandboxPaymentIntents, users } from '../db/schema.js';
import { createSandboxGateway } from '../payment-gateway/sandbox.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { payInSandbox, postAs } from '../test/requests.js';

/** 32-bit cents end here: 21,474,836.47. */
const INT4_MAX = 2 ** 31 - 1;
/** 1,010,101 cents x 99 = 99,999,999 cents, exactly the bound; one more part passes it. */
const AT_BOUND = { priceCents: 1_010_101, quantity: 99 };

describe('large orders', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpWithToken>>;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpWithToken(t.app);
  });
  afterAll(() => t.close());

  const place = (productId: string, quantity: number) =>
    postAs(t.app, alice.token, '/api/myOrder', { productId, quantity, phoneNumber: '+44 20 7946 0000' });
  const stockOf = async (productId: string) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.availableQuantity;
  const ordersOf = async (productId: string) =>
    (await t.db.select({ n: count() }).from(orders).where(eq(orders.productId, productId)))[0]?.n;
  /** A part at the contract's highest price with the most stock it allows. */
  const priciestPart = () =>
    buildProduct(t.db, {
      priceCents: MAX_PRODUCT_PRICE * 100,
      availableQuantity: MAX_PRODUCT_QUANTITY,
      minimumOrderQuantity: 1,
    });

  it.each([
    ['past 32-bit cents (100,000.00 x 215 = 21,500,000.00)', MAX_PRODUCT_PRICE * 100, 215],
    ['one part past the bound (10,101.01 x 100 = 1,010,101.00)', AT_BOUND.priceCents, AT_BOUND.quantity + 1],
  ])(
    'when an order totals %s, then 400 says how much an order can total and nothing changes',
    async (_, priceCents, quantity) => {
      const part = await buildProduct(t.db, {
        priceCents,
        availableQuantity: MAX_PRODUCT_QUANTITY,
        minimumOrderQuantity: 1,
      });
      const response = await place(part._id, quantity);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(orderTotalTooLarge);
      expect(orderTotalTooLarge).toContain('999,999.99');
      expect(await stockOf(part._id)).toBe(MAX_PRODUCT_QUANTITY);
      expect(await ordersOf(part._id)).toBe(0);
    },
  );

  it('when an order totals exactly 999,999.99, then it is stored whole and the sandbox takes its payment', async () => {
    const part = await buildProduct(t.db, {
      priceCents: AT_BOUND.priceCents,
      availableQuantity: 1000,
      minimumOrderQuantity: 1,
    });
    const placed = await place(part._id, AT_BOUND.quantity);
    expect(placed.statusCode).toBe(200);
    const order = placed.json<Order>();
    expect(order).toMatchObject({ unitPrice: 10_101.01, quantity: AT_BOUND.quantity, price: 999_999.99 });
    expect(await stockOf(part._id)).toBe(1000 - AT_BOUND.quantity);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.priceCents).toBe(MAX_ORDER_TOTAL_CENTS);

    const { intent, confirmed, transactionId, marked: paid } = await payInSandbox(t.app, alice.token, order._id);
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({ provider: 'sandbox', amount: 999_999.99 });
    expect(confirmed.statusCode).toBe(200);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, transactionId, price: 999_999.99 });
    const [stored] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, transactionId));
    expect(stored).toMatchObject({ amountCents: MAX_ORDER_TOTAL_CENTS, status: 'succeeded' });
  });

  it('when a total past 32-bit cents reaches the database by another path, then it is stored whole and still checked', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, alice.email));
    const unitPriceCents = MAX_PRODUCT_PRICE * 100;
    const quantity = MAX_PRODUCT_QUANTITY;
    const totalCents = unitPriceCents * quantity; // 10,000,000,000,000 cents, far past 2^31
    expect(totalCents).toBeGreaterThan(INT4_MAX);
    const values = {
      userId: user?.id ?? '',
      email: alice.email,
      productName: 'A whole warehouse of discs',
      unitPriceCents,
      quantity,
      priceCents: totalCents,
      subtotalCents: totalCents,
      phoneNumber: '1',
    };

    const [row] = await t.db.insert(orders).values(values).returning();
    expect(row?.priceCents).toBe(totalCents);
    // The total is checked in bigint too: a wrong one is refused, not overflowed.
    await expect(t.db.insert(orders).values({ ...values, priceCents: totalCents + 1 })).rejects.toMatchObject({
      cause: { message: expect.stringContaining('orders_price_is_sum') },
    });

    const sandbox = createSandboxGateway(t.db);
    const intent = await sandbox.createIntent({ orderId: row?.id ?? '', amountCents: totalCents, currency: 'USD' });
    expect((await sandbox.retrieveIntent(intent.id))?.amountCents).toBe(totalCents);
  });

  it('when the priciest part is ordered in any quantity the contract allows, then never 5xx: stored within the bound, else 400', async () => {
    const part = await priciestPart();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: MAX_PRODUCT_QUANTITY }), async (quantity) => {
        const stockBefore = (await stockOf(part._id)) ?? 0;
        const ordersBefore = await ordersOf(part._id);
        const response = await place(part._id, quantity);
        const totalCents = part.price * 100 * quantity;
        if (quantity <= stockBefore && totalCents <= MAX_ORDER_TOTAL_CENTS) {
          expect(response.statusCode).toBe(200);
          expect(response.json<Order>().price).toBe(totalCents / 100);
          expect(await stockOf(part._id)).toBe(stockBefore - quantity);
          return;
        }
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toBe(
          quantity > stockBefore ? validationMessages.orderQuantityAboveStock : orderTotalTooLarge,
        );
        expect(await stockOf(part._id)).toBe(stockBefore);
        expect(await ordersOf(part._id)).toBe(ordersBefore);
      }),
      // The edges first: the last total within the bound, the first past it, either side of 2^31 cents, the most.
      { numRuns: 60, examples: [[1], [9], [10], [214], [215], [MAX_PRODUCT_QUANTITY]] },
    );
  });
});
