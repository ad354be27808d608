import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killWhileWaiting, restart, setUpCrashWorld, stopCleanly, type CrashWorld } from '../test/crash-fixture.js';
import { eventually, placeOrder } from '../test/server-process.js';

/**
 * The server process killed (SIGKILL: out of memory, a power cut) while orders are half placed:
 * stock taken, order row not yet written. PostgreSQL must roll all of it back, and a new process
 * on the same database must serve as before.
 */
const HALF_PLACED = 3;
const INITIAL_STOCK = 50;

describe('the server process when it is killed in the middle of placing orders', () => {
  let world: CrashWorld;
  let tearDown: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ world, tearDown } = await setUpCrashWorld('brakehouse_crash', { count: HALF_PLACED, stock: INITIAL_STOCK }));
  });
  afterAll(() => tearDown());

  const stockAndOrders = async (productId: string) => {
    const { rows } = await world.monitor.query<{ stock: number; orders: number }>(
      `select p.available_quantity as stock, (select count(*)::int from orders o where o.product_id = p.id) as orders
         from products p where p.id = $1`,
      [productId],
    );
    return rows[0];
  };

  it('when it is killed after taking the stock but before writing the orders, then PostgreSQL rolls every one back', async () => {
    const { monitor, productIds, customer } = world;
    /** The killed process's sessions (its pool's connections). */
    let sessions: number[] = [];
    // The orders table is locked: each order's transaction locks its product, takes the stock,
    // then waits to insert its order row.
    const answers = await killWhileWaiting(world, {
      table: 'orders',
      waiting: HALF_PLACED,
      requests: () => productIds.map((productId) => placeOrder(world.server.baseUrl, customer.token, productId, 5)),
      check: (query) => expect(query).toMatch(/^insert into "orders"/i),
      whileWaiting: async (pids) => {
        // Each has already updated its product's stock (the UPDATE's lock on products is held).
        const { rows: updated } = await monitor.query<{ pid: number }>(
          `select distinct l.pid from pg_locks l join pg_class c on c.oid = l.relation
            where c.relname = 'products' and l.mode = 'RowExclusiveLock' and l.granted and l.pid = any($1)`,
          [pids],
        );
        expect(updated).toHaveLength(HALF_PLACED);
        const { rows } = await monitor.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and pid not in (pg_backend_pid(), $2)',
          [world.databaseName, world.lockerPid],
        );
        sessions = rows.map((row) => row.pid);
      },
    });
    // No request was acknowledged: each lost its connection with the process.
    for (const answer of answers) expect(answer.status).toBe(0);
    // PostgreSQL notices the dead client once its statement can go on, and ends its session.
    await eventually('the sessions of the killed process ended', 10_000, async () => {
      const { rows } = await monitor.query<{ alive: number }>(
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
    const server = await restart(world);
    const productId = world.productIds[0] ?? '';
    const answer = await placeOrder(server.baseUrl, world.customer.token, productId, 5);
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    expect(await stockAndOrders(productId)).toEqual({ stock: INITIAL_STOCK - 5, orders: 1 });
    expect(await stopCleanly(world), server.output()).toBe(0);
  });
});
