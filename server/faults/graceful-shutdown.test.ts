import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { buildProduct } from '../test/factories.js';
import { lockWaits, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.js';
import {
  buildServer,
  eventually,
  killServerProcesses,
  placeOrder,
  probe,
  registerCustomer,
  startServerProcess,
  type ServerProcess,
  within,
} from '../test/server-process.js';

/**
 * SIGTERM (a deploy, a scale-down) while orders are in flight: the real process stops taking new
 * requests, finishes the ones it has, and only then exits, with code 0.
 */
const DATABASE_NAME = 'brakehouse_shutdown';
const IN_FLIGHT = 4;
const INITIAL_STOCK = 100;

describe('the server process when it gets SIGTERM with orders in flight', () => {
  let postgres: PrivatePostgres | undefined;
  let database: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  let locker: pg.Client | undefined;
  /** Watches pg_stat_activity, from outside any transaction. */
  let monitor: pg.Client | undefined;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    buildServer();
    const databaseUrl = await postgres.createDatabase(DATABASE_NAME);
    server = await startServerProcess(databaseUrl); // migrates and seeds the database
    database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 2 });
    locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    monitor = new pg.Client({ connectionString: postgres.url() });
    await monitor.connect();
  });

  afterAll(async () => {
    try {
      killServerProcesses();
      await locker?.end().catch(() => undefined);
      await monitor?.end().catch(() => undefined);
      await within(5_000, 'closing the database', database?.close()).catch(() => undefined);
    } finally {
      await postgres?.destroy();
    }
  });

  it('when SIGTERM comes while orders wait on a lock, then new requests are refused, those orders finish with 200, and it exits 0', async () => {
    if (!server || !database || !locker || !monitor) throw new Error('not set up');
    const product = await buildProduct(database.db, { availableQuantity: INITIAL_STOCK, minimumOrderQuantity: 1 });
    const customers = await Promise.all(
      Array.from({ length: IN_FLIGHT }, () => registerCustomer(server?.baseUrl ?? '')),
    );

    // Orders deterministically in flight: the product's row is locked, so each waits inside the server.
    await locker.query('begin');
    let settled = 0;
    let orders: ReturnType<typeof placeOrder>[] = [];
    try {
      await locker.query('select id from products where id = $1 for update', [product._id]);
      orders = customers.map((customer, i) =>
        placeOrder(server?.baseUrl ?? '', customer.token, product._id, i + 1).finally(() => settled++),
      );
      const waiting = await eventually(`${IN_FLIGHT} orders waiting on the row lock`, 10_000, async () => {
        const rows = await lockWaits(monitor as pg.Client, DATABASE_NAME);
        return rows.length === IN_FLIGHT ? rows : undefined;
      });
      for (const row of waiting) expect(row.query).toMatch(/from "products".*for (no key )?update/i);

      server.child.kill('SIGTERM');
      // It stops taking requests at once: a request made now is refused (or answered 503).
      await eventually('the port closed to new requests', 2_000, async () =>
        (await probe(server?.baseUrl ?? '', '/api/health')) === 200 ? undefined : true,
      );
      expect(['ECONNREFUSED', 503]).toContain(await probe(server.baseUrl, '/api/products'));
      // ...but it is still running, holding the orders it took.
      expect(server.child.exitCode).toBeNull();
      expect(settled).toBe(0);
    } finally {
      await locker.query('commit');
    }
    const answers = await Promise.all(orders);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer)).toBe(200);
    expect(await within(15_000, 'the exit', server.exited), server.output()).toBe(0);
    expect(server.output()).not.toMatch(/"level":(50|60)/); // nothing logged as an error or a crash

    const ids = answers.map((answer) => answer.body._id ?? '');
    const { rows: stored } = await locker.query<{ id: string; quantity: number }>(
      'select id, quantity from orders where product_id = $1',
      [product._id],
    );
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
    const { rows } = await locker.query<{ available_quantity: number }>(
      'select available_quantity from products where id = $1',
      [product._id],
    );
    const ordered = stored.reduce((sum, row) => sum + row.quantity, 0);
    expect(ordered).toBe(1 + 2 + 3 + 4);
    expect(rows[0]?.available_quantity).toBe(INITIAL_STOCK - ordered);
  });
});
