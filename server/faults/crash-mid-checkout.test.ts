import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutCart, setCartLine } from '../../tools/lib/store-api.js';
import { killWhileWaiting, restart, setUpCrashWorld, stopCleanly, type CrashWorld } from '../test/crash-fixture.js';
import { eventually } from '../test/server-process.js';

/**
 * The server process killed (SIGKILL) in the middle of a checkout: its Idempotency-Key claimed, the
 * stock of every line taken and the order row written, its lines not yet. PostgreSQL must give all
 * of it back, the cart must still be there, and the customer's retry with the same Idempotency-Key
 * on a new process must make one order.
 */
const LINES = 3;
const INITIAL_STOCK = 40;
const QUANTITY = 4;

describe('the server process when it is killed in the middle of a checkout', () => {
  let world: CrashWorld;
  let tearDown: () => Promise<void> = async () => undefined;
  const key = randomUUID();
  beforeAll(async () => {
    ({ world, tearDown } = await setUpCrashWorld('brakehouse_crash_checkout', { count: LINES, stock: INITIAL_STOCK }));
    for (const productId of world.productIds)
      await setCartLine(world.server.baseUrl, world.customer.token, productId, QUANTITY);
  });
  afterAll(() => tearDown());

  const books = async () => {
    const { rows } = await world.monitor.query<{
      stock: number[];
      orders: number;
      cart: number;
      keys: number;
    }>(
      `select (select array_agg(available_quantity order by id) from products where id = any($1)) as stock,
              (select count(*)::int from orders where email = $2) as orders,
              (select count(*)::int from cart_lines c join users u on u.id = c.user_id where u.email = $2) as cart,
              (select count(*)::int from idempotency_keys) as keys`,
      [world.productIds, world.customer.email],
    );
    return rows[0];
  };

  it('when it is killed after taking the stock of every line and writing the order but not its lines, then nothing of it stays', async () => {
    const [answer] = await killWhileWaiting(world, {
      table: 'order_lines',
      waiting: 1,
      requests: () => [checkoutCart(world.server.baseUrl, world.customer.token, key)],
      check: (query) => expect(query).toMatch(/^insert into "order_lines"/i),
    });
    // Never acknowledged: the connection died with the process.
    expect(answer?.status).toBe(0);
    await eventually('the killed checkout rolled back', 10_000, async () => {
      const now = await books();
      return now?.stock.every((stock) => stock === INITIAL_STOCK) ? true : undefined;
    });
    expect(await books()).toEqual({ stock: Array(LINES).fill(INITIAL_STOCK), orders: 0, cart: LINES, keys: 0 });
  });

  it('when the customer tries again with the same key on a new process, then one order is made, and a second retry answers it', async () => {
    const server = await restart(world);
    const first = await checkoutCart(server.baseUrl, world.customer.token, key);
    expect(first.status, JSON.stringify(first)).toBe(201);
    const again = await checkoutCart(server.baseUrl, world.customer.token, key);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(await books()).toEqual({
      stock: Array(LINES).fill(INITIAL_STOCK - QUANTITY),
      orders: 1,
      cart: 0,
      keys: 1,
    });
    expect(await stopCleanly(world), server.output()).toBe(0);
  });
});
