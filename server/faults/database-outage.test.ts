import type { FastifyInstance } from 'fastify';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, apiMessages } from '../../contract/index.js';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createLogger } from '../http/logger.js';
import { testConfig } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { freePorts, PRIVATE_PORTS, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.js';
import { eventually, sleep, within } from '../test/server-process.js';

/**
 * The store on PostgreSQL, under a steady load of orders and catalogue reads, while its database
 * server stops (a fast shutdown ends every connection, as a real outage does) and comes back.
 */
const ORDER_WORKERS = 8;
const CATALOGUE_WORKERS = 2;
const CUSTOMERS = 4;
const INITIAL_STOCK = 1_000_000;
/** An answer during the outage must come at once, not when some timeout runs out. */
const FAIL_FAST_MS = 2_000;
const RECOVERY_LIMIT_MS = 10_000;
const DATABASE_NAME = 'brakehouse_outage';

interface Outcome {
  kind: 'order' | 'catalogue';
  started: number;
  ended: number;
  /** The HTTP status, or 0 when no answer came (connection error or our own 15 s limit). */
  status: number;
  body: unknown;
  productId?: string;
  quantity?: number;
}

/** Order workers and catalogue readers that keep going, a few ms apart, until stopped. */
function startLoad(baseUrl: string, tokens: string[], productIds: string[]) {
  const outcomes: Outcome[] = [];
  let running = true;

  async function request(kind: Outcome['kind'], url: string, init: RequestInit, extra: Partial<Outcome> = {}) {
    const started = performance.now();
    let status = 0;
    let body: unknown;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      status = response.status;
      const text = await response.text();
      body = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
    } catch (error) {
      body = String(error);
    }
    outcomes.push({ kind, started, ended: performance.now(), status, body, ...extra });
  }

  const orderWorker = async (worker: number) => {
    for (let n = 0; running; n++) {
      const token = tokens[(worker + n) % tokens.length] ?? '';
      const productId = productIds[(worker + n) % productIds.length] ?? '';
      const quantity = 1 + ((worker + n) % 3);
      await request(
        'order',
        `${baseUrl}/api/myOrder`,
        {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ productId, quantity, phoneNumber: '+1 555 0100', address: 'Workshop 7' }),
        },
        { productId, quantity },
      );
      await sleep(5);
    }
  };
  const catalogueWorker = async () => {
    while (running) {
      await request('catalogue', `${baseUrl}/api/products`, {});
      await sleep(10);
    }
  };
  const workers = [
    ...Array.from({ length: ORDER_WORKERS }, (_, worker) => orderWorker(worker)),
    ...Array.from({ length: CATALOGUE_WORKERS }, () => catalogueWorker()),
  ];
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

const describeStatuses = (outcomes: Outcome[]) => {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(`${o.kind} ${o.status}`, (counts.get(`${o.kind} ${o.status}`) ?? 0) + 1);
  return Object.fromEntries(counts);
};

describe('the store when its PostgreSQL server stops under load', () => {
  let postgres: PrivatePostgres | undefined;
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let baseUrl = '';
  let databaseUrl = '';
  let load: ReturnType<typeof startLoad> | undefined;
  const productIds: string[] = [];
  const logs: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    databaseUrl = await postgres.createDatabase(DATABASE_NAME);
    database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 10 });
    await database.migrate();
    app = await buildApp({
      config: testConfig({ DATABASE_URL: databaseUrl }),
      database,
      logger: createLogger({
        level: 'warn',
        format: 'json',
        destination: { write: (line: string) => logs.push(JSON.parse(line)) },
      }),
    });
    for (let i = 0; i < 2; i++) {
      const product = await buildProduct(database.db, { availableQuantity: INITIAL_STOCK, minimumOrderQuantity: 1 });
      productIds.push(product._id);
    }
    const tokens: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) tokens.push((await signUpWithToken(app)).token);
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    load = startLoad(baseUrl, tokens, productIds);
  });

  afterAll(async () => {
    try {
      await load?.stop();
      await app?.close();
      await within(5_000, 'closing the database', database?.close()).catch(() => undefined);
    } finally {
      await postgres?.destroy();
    }
  });

  it('when its connections are cut again and again under load, then those requests answer 503 and the store goes on', async () => {
    if (!load || !postgres) throw new Error('not set up');
    const { outcomes } = load;
    await eventually('20 orders acknowledged', 10_000, async () =>
      outcomes.filter((o) => o.kind === 'order' && o.status === 200).length >= 20 ? true : undefined,
    );
    // As a DBA's pg_terminate_backend or a proxy restart would: every connection of the store, at
    // random points of its transactions.
    const admin = new pg.Client({ connectionString: postgres.url() });
    await admin.connect();
    const cutsBegan = performance.now();
    try {
      for (let round = 0; round < 20; round++) {
        await sleep(25);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [DATABASE_NAME],
        );
      }
    } finally {
      await admin.end();
    }
    const cutsEnded = performance.now();
    const firstSuccess = await eventually('an order acknowledged after the cuts', 5_000, async () =>
      outcomes.find((o) => o.kind === 'order' && o.started >= cutsEnded && o.status === 200),
    );
    await sleep(1_000);

    const duringCuts = outcomes.filter((o) => o.ended >= cutsBegan && o.started <= cutsEnded);
    console.log('while connections were cut:', describeStatuses(duringCuts));
    expect(duringCuts.some((o) => o.status === 503)).toBe(true);
    for (const outcome of duringCuts) expect([200, 503], JSON.stringify(outcome)).toContain(outcome.status);
    // Every connection the cuts broke went back to the pool: the store has all of them again.
    const after = outcomes.filter((o) => o.started >= firstSuccess.ended);
    console.log('after the cuts:', describeStatuses(after));
    expect(after.filter((o) => o.kind === 'order').length).toBeGreaterThanOrEqual(20);
    for (const outcome of after) expect(outcome.status, JSON.stringify(outcome)).toBe(200);
  });

  it('when PostgreSQL stops, then every request answers 503 with a clear message within 2 s, and health says 503', async () => {
    if (!load || !postgres) throw new Error('not set up');
    const { outcomes } = load;
    // The load runs normally first: orders are acknowledged.
    await eventually('20 orders acknowledged before the outage', 10_000, async () =>
      outcomes.filter((o) => o.kind === 'order' && o.status === 200).length >= 20 ? true : undefined,
    );

    const stopping = performance.now();
    await postgres.stop();
    const downSince = performance.now();
    console.log(`fast shutdown took ${Math.round(downSince - stopping)} ms`);
    await sleep(1_500);

    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(503);

    const duringOutage = outcomes.filter((o) => o.started >= downSince);
    console.log('during the outage:', describeStatuses(duringOutage));
    expect(duringOutage.filter((o) => o.kind === 'order').length).toBeGreaterThanOrEqual(20);
    expect(duringOutage.filter((o) => o.kind === 'catalogue').length).toBeGreaterThanOrEqual(5);
    for (const outcome of duringOutage) {
      expect(outcome.status, JSON.stringify(outcome)).toBe(503);
      expect(outcome.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: apiErrors.databaseUnavailable.code,
        message: apiMessages.databaseUnavailable,
      });
      expect(outcome.ended - outcome.started).toBeLessThan(FAIL_FAST_MS);
    }
    // Requests in flight when it stopped: done or 503, never a 500 or a hang.
    const inFlight = outcomes.filter((o) => o.started < downSince && o.ended > stopping);
    console.log('in flight while it stopped:', describeStatuses(inFlight));
    for (const outcome of inFlight) expect([200, 503], JSON.stringify(outcome)).toContain(outcome.status);
    // An outage is logged as a warning, not as a crash of the request.
    expect(logs.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(logs.some((entry) => entry.level === 40 && entry.msg === 'database unavailable')).toBe(true);
  });

  it('when PostgreSQL is back, then the store serves again by itself within 10 s, without a restart', async () => {
    if (!load || !postgres) throw new Error('not set up');
    const { outcomes } = load;
    await postgres.start();
    const upSince = performance.now();
    const firstSuccess = await eventually('an order acknowledged after the restart', RECOVERY_LIMIT_MS, async () =>
      outcomes.find((o) => o.kind === 'order' && o.started >= upSince && o.status === 200),
    );
    console.log(`first order acknowledged ${Math.round(firstSuccess.ended - upSince)} ms after PostgreSQL was back`);
    await sleep(1_500);

    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const recovered = outcomes.filter((o) => o.started >= firstSuccess.ended);
    console.log('after recovery:', describeStatuses(recovered));
    expect(recovered.filter((o) => o.kind === 'order').length).toBeGreaterThanOrEqual(20);
    for (const outcome of recovered) expect(outcome.status, JSON.stringify(outcome)).toBe(200);
  });

  it('when the load stops, then every acknowledged order is stored and the stock matches the stored orders', async () => {
    if (!load) throw new Error('not set up');
    await load.stop();
    const { outcomes } = load;
    // Nothing but answers the tests expect: served, or told the database is away.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);

    const acknowledged = outcomes.filter((o) => o.kind === 'order' && o.status === 200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows: stored } = await client.query<{ id: string; product_id: string; quantity: number }>(
        'select id, product_id, quantity from orders',
      );
      const storedIds = new Set(stored.map((row) => row.id));
      const missing = acknowledged.filter((o) => !storedIds.has((o.body as { _id: string })._id));
      expect(missing).toEqual([]);
      // Orders stored but not acknowledged: committed just as the connection was cut (allowed).
      console.log(
        `orders: ${acknowledged.length} acknowledged, ${stored.length} stored, ` +
          `${outcomes.filter((o) => o.kind === 'order' && o.status === 503).length} refused with 503`,
      );

      for (const productId of productIds) {
        const { rows } = await client.query<{ available_quantity: number }>(
          'select available_quantity from products where id = $1',
          [productId],
        );
        const ordered = stored
          .filter((row) => row.product_id === productId)
          .reduce((sum, row) => sum + row.quantity, 0);
        expect(ordered).toBeGreaterThan(0);
        expect(rows[0]?.available_quantity).toBe(INITIAL_STOCK - ordered);
      }
    } finally {
      await client.end();
    }
  });

  it('when the store shuts down after the outage, then its database pool closes at once (no connection left held)', async () => {
    if (!load || !app || !database) throw new Error('not set up');
    await load.stop();
    await app.close();
    const began = performance.now();
    await within(5_000, 'closing the database pool', database.close());
    expect(performance.now() - began).toBeLessThan(1_000);
    database = undefined;
  });
});

describe('the store when its database host takes connections but never answers', () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => sockets.add(socket));
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    const [port] = await freePorts(PRIVATE_PORTS.from, PRIVATE_PORTS.to);
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/brakehouse`;
    database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 10 });
    // With AUTH_SECRET set, building the app reads nothing from the database.
    const config = testConfig({ DATABASE_URL: databaseUrl, AUTH_SECRET: 'a'.repeat(32) });
    app = await buildApp({ config, database, logger: false });
  });

  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await within(5_000, 'closing the database', database?.close()).catch(() => undefined);
    await new Promise((resolve) => silent.close(resolve));
  });

  it('when a request needs the database, then it answers 503 within 2 s instead of hanging', async () => {
    if (!app) throw new Error('not set up');
    const answers = await Promise.all(
      ['/api/products', '/api/products', '/api/reviews', '/api/health'].map(async (url) => {
        const began = performance.now();
        const response = await app?.inject({ method: 'GET', url });
        return { url, status: response?.statusCode, body: response?.json(), ms: performance.now() - began };
      }),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer)).toBe(503);
      expect(answer.ms).toBeLessThan(FAIL_FAST_MS);
    }
    expect(answers[0]?.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: apiErrors.databaseUnavailable.code,
      message: apiMessages.databaseUnavailable,
    });
  });
});
