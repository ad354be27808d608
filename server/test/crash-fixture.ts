import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { buildProduct } from './factories.js';
import { lockWaits, startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import {
  buildServer,
  eventually,
  killServerProcesses,
  registerCustomer,
  startServerProcess,
  type ServerProcess,
  within,
} from './server-process.js';

/**
 * What the crash tests share (server/faults/crash-mid-*.test.ts): a private PostgreSQL with one
 * database, a store process on it, parts of a known stock, a customer, and two clients of our own:
 * `locker`, which holds a table lock so that the store's transaction stops half way, and `monitor`,
 * which watches pg_stat_activity and reads the tables from outside any transaction.
 */
export interface CrashWorld {
  databaseName: string;
  databaseUrl: string;
  /** The running store process (replaced by `restart`). */
  server: ServerProcess;
  locker: pg.Client;
  /** The locker's session, which is none of the store's. */
  lockerPid: number;
  monitor: pg.Client;
  customer: { email: string; token: string };
  productIds: string[];
}

export async function setUpCrashWorld(
  databaseName: string,
  parts: { count: number; stock: number },
): Promise<{ world: CrashWorld; tearDown: () => Promise<void> }> {
  let postgres: PrivatePostgres | undefined;
  const clients: pg.Client[] = [];
  const tearDown = async () => {
    try {
      killServerProcesses();
      for (const client of clients) await client.end().catch(() => undefined);
    } finally {
      await postgres?.destroy();
    }
  };
  try {
    postgres = await startPrivatePostgres();
    buildServer();
    const databaseUrl = await postgres.createDatabase(databaseName);
    const server = await startServerProcess(databaseUrl); // migrates and seeds the database
    const productIds: string[] = [];
    const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 1 });
    try {
      for (let i = 0; i < parts.count; i++) {
        const product = await buildProduct(database.db, { availableQuantity: parts.stock, minimumOrderQuantity: 1 });
        productIds.push(product._id);
      }
    } finally {
      await database.close();
    }
    const customer = await registerCustomer(server.baseUrl);
    const [locker, monitor] = [
      new pg.Client({ connectionString: databaseUrl }),
      new pg.Client({ connectionString: databaseUrl }),
    ];
    clients.push(locker, monitor);
    await Promise.all([locker.connect(), monitor.connect()]);
    const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
    return {
      world: { databaseName, databaseUrl, server, locker, lockerPid, monitor, customer, productIds },
      tearDown,
    };
  } catch (error) {
    await tearDown();
    throw error;
  }
}

/**
 * Locks `table` against writes, starts `requests`, waits until `waiting` of the store's statements
 * wait on the lock (each checked by `check`), lets `whileWaiting` look around, then kills the store
 * with SIGKILL and releases the lock. Answers the requests' answers once they have settled.
 */
export async function killWhileWaiting<Answer>(
  world: CrashWorld,
  {
    table,
    waiting,
    requests,
    check,
    whileWaiting,
  }: {
    table: string;
    waiting: number;
    requests: () => Promise<Answer>[];
    check: (query: string) => void;
    whileWaiting?: (pids: number[]) => Promise<void>;
  },
): Promise<Answer[]> {
  const { locker, monitor, server } = world;
  await locker.query('begin');
  let answers: Promise<Answer>[] = [];
  try {
    await locker.query(`lock table ${table} in exclusive mode`);
    answers = requests();
    const rows = await eventually(`${waiting} statements waiting on ${table}`, 10_000, async () => {
      const found = await lockWaits(monitor, world.databaseName);
      return found.length === waiting ? found : undefined;
    });
    for (const row of rows) check(row.query);
    await whileWaiting?.(rows.map((row) => row.pid));
    server.child.kill('SIGKILL');
    if ((await within(5_000, 'the exit', server.exited)) !== 'SIGKILL')
      throw new Error('the store did not die of SIGKILL');
  } finally {
    await locker.query('rollback');
  }
  return Promise.all(answers);
}

/** A new store process on the same database and port, as after a restart. */
export async function restart(world: CrashWorld): Promise<ServerProcess> {
  world.server = await startServerProcess(world.databaseUrl, world.server.port);
  return world.server;
}

/** Stops the store with SIGTERM and answers its exit code (0 when it shut down cleanly). */
export async function stopCleanly(world: CrashWorld) {
  world.server.child.kill('SIGTERM');
  return within(15_000, 'the exit', world.server.exited);
}
