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
import { validationMessages } from '../../contract/messages.js';
import type { Order } from '../../contract/orders.js';
import { apiPaths } from '../../contract/paths.js';
import type { Product } from '../../contract/products.js';
import { api, call, type SignedIn } from '../lib/store-api.js';
import { registerCustomers } from './catalogue.js';
import { percentile } from './load.js';
import { queryRows } from './postgres.js';
import type { Session } from './session.js';
import { createParts, keepAliveRequest, measuredRun, type ShopLoadSettings } from './shop-load.js';

export const ORDER_CUSTOMERS = 50;
const PLENTY_STOCK = 1_000_000;
// At a couple of hundred orders a second, a quarter of them for this product at 3 units on average,
// it sells out within the first seconds: the rest of the run also checks the refusals.
export const SCARCE_STOCK = 300;
const MAX_QUANTITY = 5;
const PHONE_NUMBER = '+1 555 0100';
// The answer once the stock is gone: expected, not an error.
const OUT_OF_STOCK = validationMessages.orderQuantityAboveStock;

const PRODUCTS = [
  { label: 'A', stock: PLENTY_STOCK, scarce: false },
  { label: 'B', stock: PLENTY_STOCK, scarce: false },
  { label: 'C', stock: PLENTY_STOCK, scarce: false },
  { label: 'D (sells out)', stock: SCARCE_STOCK, scarce: true },
];

/** A product of the run, with the orders answered 200 for it. */
interface OrderedProduct {
  label: string;
  scarce: boolean;
  id: string;
  initial: number;
  okOrders: number;
  okQuantity: number;
}

/** After the run: its stock read back through the API, its orders counted in the database. */
export interface ProductBooks extends OrderedProduct {
  final: number;
  storedOrders: number;
  storedQuantity: number;
}

type Counts = Record<string, number>;

export interface OrdersResult {
  seconds: number;
  okOrders: number;
  answers: number;
  ordersPerSecond: number;
  answersPerSecond: number;
  p50: number | undefined;
  p99: number | undefined;
  okP50: number | undefined;
  okP99: number | undefined;
  outOfStock: number;
  unexpected: Counts;
  serverErrors: number;
  requestErrors: Counts;
  soldOutAtSeconds: number | undefined;
  lowestSeenScarceStock: number | undefined;
  products: ProductBooks[];
  otherWork: number | undefined;
}

export async function benchOrders(
  session: Session,
  { baseUrl, admin, databaseUrl, seconds, ourPids, log }: ShopLoadSettings,
): Promise<OrdersResult> {
  log(`  creating ${PRODUCTS.length} products and registering ${ORDER_CUSTOMERS} customers...`);
  const runId = randomUUID().slice(0, 8);
  const products: OrderedProduct[] = (
    await createParts(baseUrl, admin, PRODUCTS, (label) => `Bench order part ${label} ${runId}`)
  ).map((part) => ({ ...part, okOrders: 0, okQuantity: 0 }));
  const customers = await registerCustomers(baseUrl, `bench-buyer-${runId}`, ORDER_CUSTOMERS);

  log(`  ${ORDER_CUSTOMERS} customers ordering for ${seconds} s...`);
  const scarce = products.find((product) => product.scarce);
  const { load, otherWork, lowestSeenScarceStock } = await measuredRun({ baseUrl, ourPids }, scarce?.id ?? '', () =>
    placeOrders(session, { baseUrl, customers, products, scarce, seconds }),
  );

  const stored = await queryRows<{ product_id: string; orders: number; quantity: number }>(
    databaseUrl,
    'SELECT product_id, count(*)::int AS orders, sum(quantity)::int AS quantity FROM orders ' +
      'WHERE product_id = ANY($1::uuid[]) GROUP BY product_id',
    [products.map((product) => product.id)],
  );
  const books: ProductBooks[] = [];
  for (const product of products) {
    const { body } = await call<Product>(baseUrl, 'GET', api(apiPaths.product(product.id)));
    const row = stored.find((candidate) => candidate.product_id === product.id);
    books.push({
      ...product,
      final: body.availableQantity,
      storedOrders: row?.orders ?? 0,
      storedQuantity: row?.quantity ?? 0,
    });
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
    lowestSeenScarceStock,
    products: books,
    otherWork,
  };
}

interface Tally {
  latencies: number[];
  okLatencies: number[];
  outOfStock: number;
  serverErrors: number;
  unexpected: Counts;
  requestErrors: Counts;
  soldOutAtSeconds: number | undefined;
}

/** Every customer orders in a loop until the deadline; answers what came back, and how fast. */
async function placeOrders(
  session: Session,
  {
    baseUrl,
    customers,
    products,
    scarce,
    seconds,
  }: {
    baseUrl: string;
    customers: SignedIn[];
    products: OrderedProduct[];
    scarce: OrderedProduct | undefined;
    seconds: number;
  },
): Promise<Tally & { seconds: number }> {
  const tally: Tally = {
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
  const ordersUrl = `${baseUrl}${api(apiPaths.orders)}`;

  const customerLoop = async (customer: SignedIn) => {
    // One connection per customer, kept alive between its orders.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!stopped && performance.now() < deadline) {
        const product = products[Math.floor(Math.random() * products.length)] as OrderedProduct;
        const quantity = 1 + Math.floor(Math.random() * MAX_QUANTITY);
        const sent = performance.now();
        let answer;
        try {
          answer = await keepAliveRequest(
            agent,
            'POST',
            ordersUrl,
            { authorization: `Bearer ${customer.token}` },
            { productId: product.id, quantity, phoneNumber: PHONE_NUMBER },
          );
        } catch (error) {
          const { code, message } = error as NodeJS.ErrnoException;
          const key = code ?? message ?? String(error);
          tally.requestErrors[key] = (tally.requestErrors[key] ?? 0) + 1;
          continue;
        }
        const ms = performance.now() - sent;
        tally.latencies.push(ms);
        const placed = answer.status === 200 ? (JSON.parse(answer.body) as Order) : undefined;
        // A 200 must be the order asked for; anything else counts as unexpected.
        if (placed && placed.productId === product.id && placed.quantity === quantity) {
          product.okOrders += 1;
          product.okQuantity += quantity;
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

function safeMessage(body: string): string {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? '';
  } catch {
    return String(body).slice(0, 100);
  }
}
