// `npm run soak`: a bounded soak test of the real, built server on loopback (not part of `npm test`).
// Starts the store on a fresh database, registers a few customers, runs a mixed read/write load
// with autocannon for SOAK_SECONDS, samples the server's memory, and checks afterwards that every
// order was deleted again (the stock is what it was). Exit code 1 when anything failed.
//
// Environment: SOAK_SECONDS (default 180), SOAK_CONNECTIONS (20), SOAK_PORT (3210),
// SOAK_DATABASE_URL (a PostgreSQL URL; embedded PGlite in a temporary folder when unset).
import autocannon, { type Instance, type Request, type Result } from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Order } from '../contract/orders.js';
import { apiPaths, apiRoutes } from '../contract/paths.js';
import type { Product } from '../contract/products.js';
import { assertPortFree, wholeNumber } from './lib/settings.js';
import { api, bearer, call, everyPart, registerCustomer as signUp, type SignedIn } from './lib/store-api.js';
import {
  buildStore,
  describeExit,
  describeRecentLog,
  HOST,
  isRunning,
  readRssKb,
  startStore,
  stopStore,
  waitUntilHealthy,
  type Exit,
  type StoreProcess,
} from './lib/store-process.js';

const CUSTOMER_COUNT = 10;
const PHONE_NUMBER = '+1 555 0100';
const REQUEST_TIMEOUT_SECONDS = 10;
const MEMORY_SAMPLE_EVERY_SECONDS = 15;
// A sample this close to the end would duplicate the end sample.
const MEMORY_SAMPLE_END_MARGIN_SECONDS = 5;
// Memory "grew steadily" only when every sample is higher than the one before AND the end is more
// than this factor above the start. A healthy server's RSS climbs while V8's heap and the database's
// buffers grow to their working size, then levels off; a leak keeps climbing for the whole run. The
// factor keeps allocator noise on a run that happens to rise a little each time from failing it.
const MEMORY_GROWTH_LIMIT = 1.5;
// With fewer samples there is no trend to judge (SOAK_SECONDS below about 30).
const MEMORY_TREND_MIN_SAMPLES = 3;
// Examples of failed answers kept per request and status, for the report.
const FAILURE_EXAMPLES_KEPT = 3;

interface Settings {
  seconds: number;
  connections: number;
  port: number;
  baseUrl: string;
  databaseUrl: string | undefined;
}

interface Session {
  settings: Settings;
  server: StoreProcess | undefined;
  dataDir: string | undefined;
  load: Instance | undefined;
  cleaning: Promise<void> | undefined;
  interrupted: boolean;
}

type Counts = Record<string, number>;
interface Failures {
  [request: string]: { count: number; examples: string[] };
}
interface Writes {
  ordersPlaced: number;
  ordersDeleted: number;
  profilesSaved: number;
}
interface Load {
  result: Result;
  failures: Failures;
  writes: Writes;
  socketErrors: Counts;
}
interface MemorySample {
  second: number;
  kb: number | undefined;
  label: string;
}
interface Stock {
  products: Product[];
  total: number;
}
type StockComparison = ReturnType<typeof compareStock>;
type MemoryJudgement = ReturnType<typeof judgeMemory>;
interface Checks {
  serverExit: Exit | undefined;
  stock: StockComparison;
  memory: MemoryJudgement;
}

function main() {
  const settings = readSettings();
  const session: Session = {
    settings,
    server: undefined,
    dataDir: undefined,
    load: undefined,
    cleaning: undefined,
    interrupted: false,
  };
  process.once('SIGINT', () => interrupt(session, 'SIGINT'));
  process.once('SIGTERM', () => interrupt(session, 'SIGTERM'));
  // Last resort when the script itself crashes: never leave the server running or its data behind.
  process.once('exit', () => {
    if (isRunning(session.server)) session.server.child.kill('SIGKILL');
    if (session.dataDir) rmSync(session.dataDir, { recursive: true, force: true });
  });
  soak(session)
    .then((failures) => cleanUp(session).then(() => failures))
    .then(
      (failures) => process.exit(failures.length > 0 ? 1 : 0),
      (error) => {
        // After Ctrl-C the run fails on the stopped server; interrupt() reports and exits instead.
        if (session.interrupted) return;
        const { server } = session;
        const serverGone =
          server?.exit !== undefined
            ? ` (the server had exited: ${describeExit(server.exit)})${describeRecentLog(server)}`
            : '';
        console.error(`\nSoak test aborted: ${error instanceof Error ? error.message : String(error)}${serverGone}`);
        return cleanUp(session).finally(() => process.exit(1));
      },
    );
}

// ---------------------------------------------------------------------------------------------
// Settings

function readSettings(): Settings {
  const port = wholeNumber('SOAK_PORT', 3210, 1, 65535);
  return {
    seconds: wholeNumber('SOAK_SECONDS', 180, 1, 24 * 60 * 60),
    connections: wholeNumber('SOAK_CONNECTIONS', 20, 1, 1000),
    port,
    baseUrl: `http://${HOST}:${port}`,
    databaseUrl: process.env.SOAK_DATABASE_URL || undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The run

/** Runs the whole soak; answers the reasons it failed (none when it passed). */
async function soak(session: Session): Promise<string[]> {
  const { settings } = session;
  buildStore({ showProgress: true });
  await assertPortFree(settings.port, 'SOAK_PORT');
  session.dataDir = mkdtempSync(path.join(os.tmpdir(), 'brakehouse-soak-'));
  const server = startStore({
    port: settings.port,
    dataDir: session.dataDir,
    databaseUrl: settings.databaseUrl,
    // Warnings and errors, shown as they come; every request at the default level would bury them.
    logLevel: 'warn',
    inheritEnvironment: true,
    env: { NODE_ENV: 'production' },
    echo: '[server]',
  });
  session.server = server;
  await waitUntilHealthy(server);

  const customers = await registerCustomers(settings.baseUrl);
  const stockBefore = await readStock(settings.baseUrl);
  const products = productsWithPlentyOfStock(stockBefore.products, settings.connections);
  console.log(
    `Soaking ${settings.baseUrl} (${settings.databaseUrl ? 'PostgreSQL' : 'PGlite'}) for ${settings.seconds} s ` +
      `with ${settings.connections} connections, ${customers.length} customers, ` +
      `${products.length} of ${stockBefore.products.length} products ordered...`,
  );

  const idleMemory = readRssKb(server.child.pid);
  const memory = sampleMemoryDuringLoad(server.child.pid, settings.seconds);
  const load = await runLoad(session, customers, products, stockBefore.products);
  memory.stop();
  memory.samples.push({ second: load.result.duration, kb: readRssKb(server.child.pid), label: 'end' });

  // Requests cut off by the end of the run may still be finishing on the server: let them land, so
  // that the clean-up below sees (and deletes) every order they placed.
  await sleep(1000);
  const leftoverOrders = await deleteLeftoverOrders(settings.baseUrl, customers);
  const stockAfter = await readStock(settings.baseUrl);

  const checks: Checks = {
    serverExit: server.exit,
    stock: compareStock(stockBefore, stockAfter),
    memory: judgeMemory(memory.samples),
  };
  const failures = reasonsToFail(load, checks);
  printReport({ settings, load, idleMemory, memory: memory.samples, leftoverOrders, checks, failures, server });
  return failures;
}

// ---------------------------------------------------------------------------------------------
// Clean-up (the server's start and stop are in lib/store-process.ts)

/** Stops the load and the server, then deletes the temporary data folder. Safe to call twice. */
function cleanUp(session: Session) {
  session.cleaning ??= (async () => {
    session.load?.stop();
    if (session.server) await stopStore(session.server);
    if (session.dataDir) rmSync(session.dataDir, { recursive: true, force: true });
    session.dataDir = undefined;
  })();
  return session.cleaning;
}

function interrupt(session: Session, signal: string) {
  session.interrupted = true;
  console.error(`\n${signal}: stopping the load and the server...`);
  void cleanUp(session).finally(() => process.exit(130));
}

// ---------------------------------------------------------------------------------------------
// Set-up through the API, as the web app does it

/** Each customer signs up (better-auth) and trades the session cookie for a bearer token. */
async function registerCustomers(baseUrl: string) {
  const runId = randomUUID().slice(0, 8);
  const numbers = Array.from({ length: CUSTOMER_COUNT }, (_, index) => index + 1);
  return Promise.all(numbers.map((number) => registerCustomer(baseUrl, `soak-${runId}-${number}@example.com`)));
}

function registerCustomer(baseUrl: string, email: string) {
  return signUp(baseUrl, { email, password: `soak-${randomUUID()}`, name: 'Soak Rider' });
}

async function readStock(baseUrl: string): Promise<Stock> {
  const products = await everyPart(baseUrl);
  const total = products.reduce((sum, product) => sum + product.availableQantity, 0);
  return { products, total };
}

/**
 * Products that can take an order from every connection at once with room to spare (each connection
 * holds at most one order at a time), so no order fails for want of stock.
 */
function productsWithPlentyOfStock(products: Product[], connections: number) {
  const plenty = products.filter((product) => product.availableQantity >= 2 * connections * product.minimumOderQantity);
  if (plenty.length === 0) {
    throw new Error(`no product has stock for ${connections} concurrent orders; lower SOAK_CONNECTIONS`);
  }
  return plenty;
}

/**
 * Orders still standing after the load (placed by requests the end of the run cut off before
 * their DELETE): deleted here so the stock check sees every order given back. Answers how many.
 */
async function deleteLeftoverOrders(baseUrl: string, customers: SignedIn[]) {
  let deleted = 0;
  for (const customer of customers) {
    const headers = bearer(customer.token);
    const ordersOf = `${api(apiPaths.orders)}?email=${encodeURIComponent(customer.email)}`;
    const { body: orders } = await call<Order[]>(baseUrl, 'GET', ordersOf, { headers });
    for (const order of orders) {
      await call(baseUrl, 'DELETE', api(apiPaths.order(order._id)), { headers });
      deleted += 1;
    }
  }
  return deleted;
}

// ---------------------------------------------------------------------------------------------
// The load

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/**
 * One connection's loop: 13 reads and 3 writes (about 19 % writes). An order stays placed for a few
 * requests before its DELETE, so orders for one product overlap across connections. When an order
 * fails, its DELETE has nothing to delete and the loop starts over (autocannon counts a "reset").
 */
function requestLoop(
  customers: SignedIn[],
  orderedProducts: Product[],
  allProducts: Product[],
  { failures, writes }: { failures: Failures; writes: Writes },
): Request[] {
  let nextCustomer = 0;
  const customer = () => customers[nextCustomer++ % customers.length] as SignedIn;
  const json = { 'content-type': 'application/json' };
  // What a connection remembers between its requests: who placed its order, and which.
  const placed = (context: Record<string, unknown>) => context as { customer?: SignedIn; orderId?: string };

  const productList: Request = { method: 'GET', path: `${api(apiPaths.products)}?limit=6` };
  const reviewList: Request = { method: 'GET', path: `${api(apiPaths.reviews)}?limit=6` };
  const homePage: Request = { method: 'GET', path: '/', headers: { accept: 'text/html' } };
  const oneProduct: Request = {
    method: 'GET',
    path: api(apiRoutes.product),
    setupRequest: (request) => ({ ...request, path: api(apiPaths.product(pick(allProducts)._id)) }),
  };
  const placeOrder: Request = {
    method: 'POST',
    path: api(apiPaths.orders),
    setupRequest: (request, context) => {
      const product = pick(orderedProducts);
      const who = customer();
      placed(context).customer = who;
      return {
        ...request,
        headers: { ...request.headers, ...json, ...bearer(who.token) },
        body: JSON.stringify({
          productId: product._id,
          quantity: product.minimumOderQantity,
          phoneNumber: PHONE_NUMBER,
        }),
      };
    },
    onResponse: (status, body, context) => {
      placed(context).orderId = status === 200 ? (JSON.parse(body) as Order)._id : undefined;
      if (status === 200) writes.ordersPlaced += 1;
    },
  };
  const deleteOrder: Request = {
    method: 'DELETE',
    path: api(apiRoutes.order),
    setupRequest: (request, context) => {
      const { orderId, customer: who } = placed(context);
      return (
        orderId &&
        who && {
          ...request,
          path: api(apiPaths.order(orderId)),
          headers: { ...request.headers, ...bearer(who.token) },
        }
      );
    },
    onResponse: (status) => {
      if (status === 200) writes.ordersDeleted += 1;
    },
  };
  const saveProfile: Request = {
    method: 'POST',
    path: api(apiPaths.userInfo),
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, ...json, ...bearer(customer().token) },
      body: JSON.stringify({
        education: 'Soak Test Academy',
        location: 'Loopback',
        phoneNumber: PHONE_NUMBER,
        linkedIn: 'https://www.linkedin.com/in/soak-rider',
      }),
    }),
    onResponse: (status) => {
      if (status === 200) writes.profilesSaved += 1;
    },
  };

  return [
    productList,
    oneProduct,
    reviewList,
    homePage,
    placeOrder,
    oneProduct,
    productList,
    deleteOrder,
    reviewList,
    oneProduct,
    homePage,
    saveProfile,
    productList,
    oneProduct,
    reviewList,
    oneProduct,
  ].map((request) => recordingFailures(request, failures));
}

/** Wraps a request's onResponse so every non-2xx answer is counted and a few kept as examples. */
function recordingFailures(request: Request, failures: Failures): Request {
  const label = `${request.method} ${request.path}`;
  return {
    ...request,
    onResponse: (status, body, context, headers) => {
      if (status < 200 || status > 299) {
        const key = `${label} -> ${status}`;
        const entry = (failures[key] ??= { count: 0, examples: [] });
        entry.count += 1;
        if (entry.examples.length < FAILURE_EXAMPLES_KEPT) entry.examples.push(body.slice(0, 300));
      }
      request.onResponse?.(status, body, context, headers);
    },
  };
}

async function runLoad(
  session: Session,
  customers: SignedIn[],
  orderedProducts: Product[],
  allProducts: Product[],
): Promise<Load> {
  const { settings } = session;
  const failures: Failures = {};
  const writes: Writes = { ordersPlaced: 0, ordersDeleted: 0, profilesSaved: 0 };
  const socketErrors: Counts = {};
  const instance = autocannon({
    url: settings.baseUrl,
    connections: settings.connections,
    duration: settings.seconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    requests: requestLoop(customers, orderedProducts, allProducts, { failures, writes }),
  });
  session.load = instance;
  instance.on('reqError', (error) => {
    const key = error?.code ?? error?.message ?? String(error);
    socketErrors[key] = (socketErrors[key] ?? 0) + 1;
  });
  const result = await instance;
  session.load = undefined;
  return { result, failures, writes, socketErrors };
}

/**
 * "Memory at start" is taken after a warm-up (a quarter of the run, at most 10 s: the first requests
 * compile code and fill caches, which is growth but no leak), then every 15 s; the caller adds the
 * end sample.
 */
function sampleMemoryDuringLoad(pid: number | undefined, seconds: number) {
  const warmUp = Math.max(1, Math.min(10, Math.round(seconds / 4)));
  const lastSampleAt = seconds - MEMORY_SAMPLE_END_MARGIN_SECONDS;
  const sampleTimes = [warmUp];
  const lastTime = () => sampleTimes[sampleTimes.length - 1] ?? warmUp;
  while (lastTime() + MEMORY_SAMPLE_EVERY_SECONDS <= lastSampleAt) {
    sampleTimes.push(lastTime() + MEMORY_SAMPLE_EVERY_SECONDS);
  }
  const samples: MemorySample[] = [];
  const timers = sampleTimes.map((second) =>
    setTimeout(() => {
      samples.push({ second, kb: readRssKb(pid), label: second === warmUp ? 'start (after warm-up)' : '' });
    }, second * 1000),
  );
  return { samples, stop: () => timers.forEach(clearTimeout) };
}

// ---------------------------------------------------------------------------------------------
// Verdict

function compareStock(before: Stock, after: Stock) {
  const afterById = new Map(after.products.map((product) => [product._id, product.availableQantity]));
  const changed = before.products
    .filter((product) => afterById.get(product._id) !== product.availableQantity)
    .map((product) => ({ name: product.name, before: product.availableQantity, after: afterById.get(product._id) }));
  return { before: before.total, after: after.total, changed };
}

function judgeMemory(samples: MemorySample[]) {
  const known = samples.map((sample) => sample.kb).filter((kb): kb is number => kb !== undefined);
  if (known.length < MEMORY_TREND_MIN_SAMPLES) {
    return { judged: false, grewSteadily: false, start: undefined, end: undefined };
  }
  const start = known[0] ?? 0;
  const end = known[known.length - 1] ?? 0;
  const alwaysRising = known.every((kb, index) => index === 0 || kb > (known[index - 1] ?? 0));
  return { judged: true, grewSteadily: alwaysRising && end > MEMORY_GROWTH_LIMIT * start, start, end };
}

function reasonsToFail(load: Load, checks: Checks) {
  const reasons: string[] = [];
  const errors = errorCount(load.result);
  if (errors > 0) reasons.push(`${errors} request(s) failed (non-2xx answers, socket errors or timeouts)`);
  if (checks.serverExit !== undefined)
    reasons.push(`the server exited during the run (${describeExit(checks.serverExit)})`);
  if (checks.stock.before !== checks.stock.after || checks.stock.changed.length > 0) {
    reasons.push(
      `the stock is ${checks.stock.after} after the load but was ${checks.stock.before} before ` +
        `(${checks.stock.changed.length} product(s) changed)`,
    );
  }
  if (checks.memory.grewSteadily) {
    reasons.push(
      `memory grew steadily: every sample above the one before, end ${mb(checks.memory.end)} > ` +
        `${MEMORY_GROWTH_LIMIT} x start ${mb(checks.memory.start)}`,
    );
  }
  return reasons;
}

const errorCount = (result: Result) => result.non2xx + result.errors; // errors include timeouts

// ---------------------------------------------------------------------------------------------
// Report

const mb = (kb: number | undefined) => (kb === undefined ? 'n/a' : `${(kb / 1024).toFixed(1)} MB`);
const line = (label: string, value: string) => console.log(`  ${`${label}:`.padEnd(22)}${value}`);

interface Report {
  settings: Settings;
  load: Load;
  idleMemory: number | undefined;
  memory: MemorySample[];
  leftoverOrders: number;
  checks: Checks;
  failures: string[];
  server: StoreProcess;
}

function printReport({ settings, load, idleMemory, memory, leftoverOrders, checks, failures, server }: Report) {
  const { result } = load;
  console.log('\nSoak test report');
  line('database', settings.databaseUrl ? 'PostgreSQL (SOAK_DATABASE_URL)' : 'PGlite (temporary folder)');
  line('duration', `${result.duration} s, ${settings.connections} connections`);
  line('requests', `${result.requests.total} (${(result.requests.total / result.duration).toFixed(1)}/s)`);
  line('status codes', statusBreakdown(result.statusCodeStats));
  line(
    'writes',
    `${load.writes.ordersPlaced} orders placed, ${load.writes.ordersDeleted} deleted, ` +
      `${load.writes.profilesSaved} profiles saved`,
  );
  line(
    'errors',
    `${errorCount(result)} (non-2xx ${result.non2xx}, socket errors ${result.errors - result.timeouts}, ` +
      `timeouts ${result.timeouts})`,
  );
  for (const [key, entry] of Object.entries(load.failures)) {
    console.log(`    ${key}: ${entry.count}`);
    for (const example of entry.examples) console.log(`      body: ${example}`);
  }
  for (const [key, count] of Object.entries(load.socketErrors)) console.log(`    socket ${key}: ${count}`);
  const { latency } = result;
  line('latency', `p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms`);
  line('memory idle', mb(idleMemory));
  line('memory start / end', `${mb(memory[0]?.kb)} / ${mb(memory[memory.length - 1]?.kb)}`);
  for (const sample of memory) {
    console.log(`    at ${String(sample.second).padStart(6)} s: ${mb(sample.kb)}  ${sample.label}`.trimEnd());
  }
  line('memory trend', memoryVerdict(checks.memory));
  line('leftover orders', `${leftoverOrders} (cut off by the end of the run, deleted afterwards)`);
  line('stock', `${checks.stock.before} before, ${checks.stock.after} after`);
  for (const product of checks.stock.changed) console.log(`    ${product.name}: ${product.before} -> ${product.after}`);
  line('server log lines', `${server.output().split('\n').filter(Boolean).length} (warnings and errors)`);
  console.log(failures.length === 0 ? '\nPASS' : `\nFAIL\n${failures.map((reason) => `  - ${reason}`).join('\n')}`);
}

function statusBreakdown(statusCodeStats: Result['statusCodeStats']) {
  return Object.entries(statusCodeStats)
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ');
}

function memoryVerdict(memory: MemoryJudgement) {
  if (!memory.judged) return `not judged (fewer than ${MEMORY_TREND_MIN_SAMPLES} samples; run longer)`;
  return memory.grewSteadily ? 'grew steadily' : 'no steady growth';
}

main();
