import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { buildProduct } from '../test/factories.js';
import { lockWaits, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.js';
import {
  buildServer,
  eventually,
  killServerProcesses,
  placeOrder,
  registerCustomer,
  startServerProcess,
  type ServerProcess,
  within,
} from '../test/server-process.js';

/**
 * The server process killed (SIGKILL: out of memory, a power cut) while orders are half placed:
 * stock taken, order row not yet written. PostgreSQL must roll all of it back, and a new process
 * on the same database must serve as before.
 */
const DATABASE_NAME = 'brakehouse_crash';

const backendPid = async (client: pg.Client) =>
  (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
const HALF_PLACED = 3;
const INITIAL_STOCK = 50;

describe('the server process when it is killed in the middle of placing orders', () => {
  let postgres: PrivatePostgres | undefined;
  let databaseUrl = '';
  let server: ServerProcess | undefined;
  let locker: pg.Client | undefined;
  /** Watches pg_stat_activity and reads the tables, from outside any transaction. */
  let monitor: pg.Client | undefined;
  let customer: { email: string; token: string } | undefined;
  const productIds: string[] = [];

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    buildServer();
    databaseUrl = await postgres.createDatabase(DATABASE_NAME);
    server = await startServerProcess(databaseUrl); // migrates and seeds the database
    const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 1 });
    try {
      for (let i = 0; i < HALF_PLACED; i++) {
        const product = await buildProduct(database.db, { availableQuantity: INITIAL_STOCK, minimumOrderQuantity: 1 });
        productIds.push(product._id);
      }
    } finally {
      await database.close();
    }
    customer = await registerCustomer(server.baseUrl);
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

  const stockAndOrders = async (productId: string) => {
    const { rows } = await (monitor as pg.Client).query<{ stock: number; orders: number }>(
      `select p.available_quantity as stock, (select count(*)::int from orders o where o.product_id = p.id) as orders
         from products p where p.id = $1`,
      [productId],
    );
    return rows[0];
  };

  it('when it is killed after taking the stock but before writing the orders, then PostgreSQL rolls every one back', async () => {
    if (!server || !locker || !monitor || !customer) throw new Error('not set up');
    // The orders table is locked: each order's transaction locks its product, takes the stock,
    // then waits to insert its order row.
    await locker.query('begin');
    let answers: ReturnType<typeof placeOrder>[] = [];
    /** The killed process's sessions (its pool's connections). */
    let sessions: number[] = [];
    try {
      await locker.query('lock table orders in exclusive mode');
      const token = customer.token;
      answers = productIds.map((productId) => placeOrder(server?.baseUrl ?? '', token, productId, 5));
      const waiting = await eventually(`${HALF_PLACED} orders waiting to insert their row`, 10_000, async () => {
        const rows = await lockWaits(monitor as pg.Client, DATABASE_NAME);
        return rows.length === HALF_PLACED ? rows : undefined;
      });
      for (const row of waiting) expect(row.query).toMatch(/^insert into "orders"/i);
      // Each has already updated its product's stock (the UPDATE's lock on products is held).
      const { rows: updated } = await monitor.query<{ pid: number }>(
        `select distinct l.pid from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'products' and l.mode = 'RowExclusiveLock' and l.granted and l.pid = any($1)`,
        [waiting.map((row) => row.pid)],
      );
      expect(updated).toHaveLength(HALF_PLACED);
      const { rows } = await monitor.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid not in (pg_backend_pid(), $2)',
        [DATABASE_NAME, await backendPid(locker)],
      );
      sessions = rows.map((row) => row.pid);

      server.child.kill('SIGKILL');
      expect(await within(5_000, 'the exit', server.exited)).toBe('SIGKILL');
    } finally {
      await locker.query('rollback');
    }
    // No request was acknowledged: each lost its connection with the process.
    for (const answer of await Promise.all(answers)) expect(answer.status).toBe(0);
    // PostgreSQL notices the dead client once its statement can go on, and ends its session.
    await eventually('the sessions of the killed process ended', 10_000, async () => {
      const { rows } = await (monitor as pg.Client).query<{ alive: number }>(
        'select count(*)::int as alive from pg_stat_activity where pid = any($1)',
        [sessions],
      );
      return rows[0]?.alive === 0 ? true : undefined;
    });

    for (const productId of productIds) {
      expect(await stockAndOrders(productId)).toEqual({ stock: INITIAL_STOCK, orders: 0 });
    }
  });

  it('when a new process starts on the same database, then it serves and an order goes through', async () => {
    if (!customer) throw new Error('not set up');
    server = await startServerProcess(databaseUrl, server?.port);
    const productId = productIds[0] ?? '';
    const answer = await placeOrder(server.baseUrl, customer.token, productId, 5);
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    expect(await stockAndOrders(productId)).toEqual({ stock: INITIAL_STOCK - 5, orders: 1 });

    server.child.kill('SIGTERM');
    expect(await within(15_000, 'the exit', server.exited), server.output()).toBe(0);
  });
});
