import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutCart, setCartLine } from '../../tools/lib/store-api.js';
import { openDatabase } from '../db/client.js';
import { buildProduct } from '../test/factories.js';
import { lockWaits, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.js';
import {
  buildServer,
  eventually,
  killServerProcesses,
  registerCustomer,
  startServerProcess,
  type ServerProcess,
  within,
} from '../test/server-process.js';

/**
 * The server process killed (SIGKILL) in the middle of a checkout: its Idempotency-Key claimed, the
 * stock of every line taken and the order row written, its lines not yet. PostgreSQL must give all of it back, the cart must still be there,
 * and the customer's retry with the same Idempotency-Key on a new process must make one order.
 */
const DATABASE_NAME = 'brakehouse_crash_checkout';
const LINES = 3;
const INITIAL_STOCK = 40;
const QUANTITY = 4;

describe('the server process when it is killed in the middle of a checkout', () => {
  let postgres: PrivatePostgres | undefined;
  let databaseUrl = '';
  let server: ServerProcess | undefined;
  let locker: pg.Client | undefined;
  let monitor: pg.Client | undefined;
  let customer: { email: string; token: string } | undefined;
  const productIds: string[] = [];
  const key = randomUUID();

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    buildServer();
    databaseUrl = await postgres.createDatabase(DATABASE_NAME);
    server = await startServerProcess(databaseUrl);
    const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 1 });
    try {
      for (let i = 0; i < LINES; i++) {
        const product = await buildProduct(database.db, { availableQuantity: INITIAL_STOCK, minimumOrderQuantity: 1 });
        productIds.push(product._id);
      }
    } finally {
      await database.close();
    }
    customer = await registerCustomer(server.baseUrl);
    for (const productId of productIds) await setCartLine(server.baseUrl, customer.token, productId, QUANTITY);
    locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
  });

  afterAll(async () => {
    try {
      killServerProcesses();
      await locker?.end().catch(() => undefined);
      await monitor?.end().catch(() => undefined);
    } finally {
      await postgres?.destroy();
    }
  });

  const books = async () => {
    const { rows } = await (monitor as pg.Client).query<{
      stock: number[];
      orders: number;
      cart: number;
      keys: number;
    }>(
      `select (select array_agg(available_quantity order by id) from products where id = any($1)) as stock,
              (select count(*)::int from orders where email = $2) as orders,
              (select count(*)::int from cart_lines c join users u on u.id = c.user_id where u.email = $2) as cart,
              (select count(*)::int from idempotency_keys) as keys`,
      [productIds, customer?.email],
    );
    return rows[0];
  };

  it('when it is killed after taking the stock of every line and writing the order but not its lines, then nothing of it stays', async () => {
    if (!server || !locker || !monitor || !customer) throw new Error('not set up');
    await locker.query('begin');
    let answer: ReturnType<typeof checkoutCart> | undefined;
    try {
      await locker.query('lock table order_lines in exclusive mode');
      answer = checkoutCart(server.baseUrl, customer.token, key);
      const [waiting] = await eventually('the checkout waiting to insert its lines', 10_000, async () => {
        const rows = await lockWaits(monitor as pg.Client, DATABASE_NAME);
        return rows.length === 1 ? rows : undefined;
      });
      expect(waiting?.query).toMatch(/^insert into "order_lines"/i);
      server.child.kill('SIGKILL');
      expect(await within(5_000, 'the exit', server.exited)).toBe('SIGKILL');
    } finally {
      await locker.query('rollback');
    }
    // Never acknowledged: the connection died with the process.
    expect((await answer)?.status).toBe(0);
    await eventually('the killed checkout rolled back', 10_000, async () => {
      const now = await books();
      return now?.stock.every((stock) => stock === INITIAL_STOCK) ? true : undefined;
    });
    expect(await books()).toEqual({ stock: Array(LINES).fill(INITIAL_STOCK), orders: 0, cart: LINES, keys: 0 });
  });

  it('when the customer tries again with the same key on a new process, then one order is made, and a second retry answers it', async () => {
    if (!customer) throw new Error('not set up');
    server = await startServerProcess(databaseUrl, server?.port);
    const first = await checkoutCart(server.baseUrl, customer.token, key);
    expect(first.status, JSON.stringify(first)).toBe(201);
    const again = await checkoutCart(server.baseUrl, customer.token, key);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(await books()).toEqual({
      stock: Array(LINES).fill(INITIAL_STOCK - QUANTITY),
      orders: 1,
      cart: 0,
      keys: 1,
    });

    server.child.kill('SIGTERM');
    expect(await within(15_000, 'the exit', server.exited), server.output()).toBe(0);
  });
});
