// Section 2, orders (PostgreSQL): ORDER_CUSTOMERS customers, one keep-alive connection each, order
// at random from a few products for the run's seconds. One product has little stock and sells out
// during the run, so that orders queue on its row lock and the "no oversell" check has teeth.
// Afterwards the books must balance for every product: initial stock - quantities of the orders
// answered 200 == final stock, never below zero, and the orders table agrees with the answers.
//
// Not autocannon here: at the end of its duration it drops the requests in flight unanswered while
// the server still places those orders, and the books could not balance. Each customer's loop below
// stops *starting* orders at the deadline and waits for the answer of the one in flight.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { call } from '../lib/store-process.mjs';
import { createProduct, registerCustomers } from './catalogue.mjs';
import { startCpuMeter } from './cpu.mjs';
import { percentile } from './load.mjs';
import { queryRows } from './postgres.mjs';

export const ORDER_CUSTOMERS = 50;
const PLENTY_STOCK = 1_000_000;
// At a couple of hundred orders a second, a quarter of them for this product at 3 units on average,
// it sells out within the first seconds: the rest of the run also checks the refusals.
export const SCARCE_STOCK = 300;
const MAX_QUANTITY = 5;
const PHONE_NUMBER = '+1 555 0100';
// The answer once the stock is gone: expected, not an error (contract/messages.ts).
const OUT_OF_STOCK = 'You cannot order more than our stock';
const STOCK_POLL_MS = 200;
const REQUEST_TIMEOUT_MS = 10_000;

const PRODUCTS = [
  { label: 'A', stock: PLENTY_STOCK },
  { label: 'B', stock: PLENTY_STOCK },
  { label: 'C', stock: PLENTY_STOCK },
  { label: 'D (sells out)', stock: SCARCE_STOCK, scarce: true },
];

export async function benchOrders(session, { baseUrl, admin, databaseUrl, seconds, ourPids, log }) {
  log(`  creating ${PRODUCTS.length} products and registering ${ORDER_CUSTOMERS} customers...`);
  const runId = randomUUID().slice(0, 8);
  const products = await Promise.all(
    PRODUCTS.map(async (spec) => {
      const created = await createProduct(baseUrl, admin, {
        name: `Bench order part ${spec.label} ${runId}`,
        price: 25,
        minimumOderQantity: 1,
        availableQantity: spec.stock,
      });
      return { ...spec, id: created._id, initial: created.availableQantity, okOrders: 0, okQuantity: 0 };
    }),
  );
  const customers = await registerCustomers(baseUrl, `bench-buyer-${runId}`, ORDER_CUSTOMERS);

  log(`  ${ORDER_CUSTOMERS} customers ordering for ${seconds} s...`);
  const scarce = products.find((product) => product.scarce);
  const stockWatch = watchStock(baseUrl, scarce);
  const meter = startCpuMeter(await ourPids());
  let load;
  try {
    load = await placeOrders(session, { baseUrl, customers, products, scarce, seconds });
  } finally {
    stockWatch.stop();
  }
  const otherWork = meter.stop(await ourPids());

  for (const product of products) {
    const { body } = await call(baseUrl, 'GET', `/api/products/${product.id}`);
    product.final = body.availableQantity;
  }
  const stored = await queryRows(
    databaseUrl,
    'SELECT product_id, count(*)::int AS orders, sum(quantity)::int AS quantity FROM orders ' +
      'WHERE product_id = ANY($1::uuid[]) GROUP BY product_id',
    [products.map((product) => product.id)],
  );
  for (const product of products) {
    const row = stored.find((candidate) => candidate.product_id === product.id);
    product.storedOrders = row?.orders ?? 0;
    product.storedQuantity = row?.quantity ?? 0;
  }

  const okOrders = products.reduce((sum, product) => sum + product.okOrders, 0);
  const all = Float64Array.from(load.latencies).sort();
  const ok = Float64Array.from(load.okLatencies).sort();
  return {
    seconds: load.seconds,
    okOrders,
    answers: all.length,
    ordersPerSecond: okOrders / load.seconds,
    answersPerSecond: all.length / load.seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    okP50: percentile(ok, 50),
    okP99: percentile(ok, 99),
    outOfStock: load.outOfStock,
    unexpected: load.unexpected,
    serverErrors: load.serverErrors,
    requestErrors: load.requestErrors,
    soldOutAtSeconds: load.soldOutAtSeconds,
    lowestSeenScarceStock: stockWatch.lowest(),
    products,
    otherWork,
  };
}

/** Every customer orders in a loop until the deadline; answers what came back, and how fast. */
async function placeOrders(session, { baseUrl, customers, products, scarce, seconds }) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const tally = {
    latencies: [],
    okLatencies: [],
    outOfStock: 0,
    serverErrors: 0,
    unexpected: {},
    requestErrors: {},
    soldOutAtSeconds: undefined,
  };
  let stopped = false;
  const stop = session.own('orders load', { close: () => (stopped = true) });
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const customerLoop = async (customer) => {
    // One connection per customer, kept alive between its orders.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!stopped && performance.now() < deadline) {
        const product = products[Math.floor(Math.random() * products.length)];
        const quantity = 1 + Math.floor(Math.random() * MAX_QUANTITY);
        const sent = performance.now();
        let answer;
        try {
          answer = await postJson(agent, `${baseUrl}/api/myOrder`, customer.token, {
            productId: product.id,
            quantity,
            phoneNumber: PHONE_NUMBER,
          });
        } catch (error) {
          const key = error?.code ?? error?.message ?? String(error);
          tally.requestErrors[key] = (tally.requestErrors[key] ?? 0) + 1;
          continue;
        }
        const ms = performance.now() - sent;
        tally.latencies.push(ms);
        const placed = answer.status === 200 ? JSON.parse(answer.body) : undefined;
        // A 200 must be the order asked for; anything else counts as unexpected.
        if (placed && placed.productId === product.id && placed.quantity === quantity) {
          const counted = byId.get(product.id);
          counted.okOrders += 1;
          counted.okQuantity += quantity;
          tally.okLatencies.push(ms);
          continue;
        }
        const message = safeMessage(answer.body);
        if (answer.status === 400 && message === OUT_OF_STOCK) {
          tally.outOfStock += 1;
          if (product === scarce) tally.soldOutAtSeconds ??= (performance.now() - started) / 1000;
          continue;
        }
        if (answer.status >= 500) tally.serverErrors += 1;
        const key = `${answer.status} ${message}`.slice(0, 160);
        tally.unexpected[key] = (tally.unexpected[key] ?? 0) + 1;
      }
    } finally {
      agent.destroy();
    }
  };

  try {
    await Promise.all(customers.map(customerLoop));
  } finally {
    await stop();
  }
  return { ...tally, seconds: (performance.now() - started) / 1000 };
}

function postJson(agent, url, token, json) {
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    request.on('error', reject);
    request.end(body);
  });
}

function safeMessage(body) {
  try {
    return JSON.parse(body).message ?? '';
  } catch {
    return String(body).slice(0, 100);
  }
}

/** Reads the scarce product's stock every STOCK_POLL_MS during the run: it must never be negative. */
function watchStock(baseUrl, product) {
  let lowest;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { body } = await call(baseUrl, 'GET', `/api/products/${product.id}`);
      lowest = Math.min(lowest ?? Infinity, body.availableQantity);
    } catch {
      // A read that fails under load is no finding here; the final read decides.
    } finally {
      busy = false;
    }
  }, STOCK_POLL_MS);
  return { stop: () => clearInterval(timer), lowest: () => lowest };
}
