// Section 2b, checkout (PostgreSQL): CHECKOUT_CUSTOMERS customers, one keep-alive connection each,
// each filling its cart with CART_LINES different products at random (PUT /api/cart/{id}) and
// checking it out (POST /api/checkout, a fresh Idempotency-Key each time), over and over for the
// run's seconds. One product has little stock and sells out during the run: checkouts then queue on
// its row lock, some answer 409 PART_UNAVAILABLE, and the "no oversell" check has teeth. Afterwards
// the books must balance for every product: initial stock - units of the lines of the orders
// answered 201 == final stock, never below zero; the orders stored are exactly those answered 201,
// and each has its CART_LINES lines (none half-made).
//
// As in orders.ts, not autocannon (it drops the requests in flight at its deadline, and the books
// could not balance): each customer's loop stops *starting* carts at the deadline and waits for the
// one in flight. Not store-api's fetch helpers either: fetch shares one pool of connections, and
// this section keeps one connection per customer, as orders.ts does.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/paths.js';
import { apiErrors } from '../../contract/errors.js';
import type { Order } from '../../contract/orders.js';
import { apiPaths } from '../../contract/paths.js';
import type { Product } from '../../contract/products.js';
import { api, call, WORKSHOP_ADDRESS, type SignedIn } from '../lib/store-api.js';
import { registerCustomers } from './catalogue.js';
import { percentile } from './load.js';
import { queryRows } from './postgres.js';
import type { Session } from './session.js';
import { createParts, keepAliveRequest, measuredRun, type Answer, type ShopLoadSettings } from './shop-load.js';

export const CHECKOUT_CUSTOMERS = 50;
export const CART_LINES = 3;
export const MAX_LINE_QUANTITY = 3;
const PLENTY_STOCK = 1_000_000;
// Three carts in five hold this product, at 2 units on average: at 30 checkouts a second (2 busy
// cores) it sells out in about 4 s, at 100 in under 2 s; the rest of the run checks the refusals.
export const SCARCE_CHECKOUT_STOCK = 150;
const PHONE_NUMBER = '+1 555 0100';
// A checkout that got no answer (socket error, timeout) is sent again with the same key, which
// answers the order it made if it made one: its outcome is then known and the books can balance.
const CHECKOUT_ATTEMPTS = 3;

// Expected answers, not errors: a line put in the cart after the stock ran out (the line is then
// taken from another product), and a checkout whose line sold out since it was put in the cart.
const OUT_OF_STOCK = apiErrors.quantityAboveStock;
const UNAVAILABLE = apiErrors.partUnavailable;

export const CHECKOUT_PRODUCTS = [
  { label: 'A', stock: PLENTY_STOCK, scarce: false },
  { label: 'B', stock: PLENTY_STOCK, scarce: false },
  { label: 'C', stock: PLENTY_STOCK, scarce: false },
  { label: 'D', stock: PLENTY_STOCK, scarce: false },
  { label: 'E (sells out)', stock: SCARCE_CHECKOUT_STOCK, scarce: true },
];

/** A product of the run, with the lines of the orders answered 201 that hold it. */
interface CheckoutProduct {
  label: string;
  scarce: boolean;
  id: string;
  initial: number;
  okLines: number;
  okQuantity: number;
}

/** After the run: its stock read back through the API, its order lines counted in the database. */
export interface CheckoutProductBooks extends CheckoutProduct {
  final: number;
  storedLines: number;
  storedQuantity: number;
}

/** The orders of the run's customers in the database, against the 201 answers. */
export interface StoredCheckouts {
  orders: number;
  /** Orders by their number of lines: { '3': 812 } when none is half-made. */
  byLineCount: Record<string, number>;
  /** Orders whose summary (units in all) is not the sum of their lines. */
  summaryMismatch: number;
  /** Answered 201 but not stored. */
  missing: number;
  /** Stored but never answered 201. */
  extra: number;
}

type Counts = Record<string, number>;

export interface CheckoutResult {
  seconds: number;
  okOrders: number;
  answers: number;
  ordersPerSecond: number;
  answersPerSecond: number;
  p50: number | undefined;
  p99: number | undefined;
  okP50: number | undefined;
  okP99: number | undefined;
  /** Whole loops (cart filled, checkout answered), for reference. */
  loops: number;
  loopsPerSecond: number;
  loopP50: number | undefined;
  loopP99: number | undefined;
  /** Each PUT of a cart line, for reference. */
  putP50: number | undefined;
  putP99: number | undefined;
  unavailable: number;
  cartRefusals: number;
  retried: number;
  unknownOutcome: number;
  unexpected: Counts;
  serverErrors: number;
  requestErrors: Counts;
  soldOutAtSeconds: number | undefined;
  lowestSeenScarceStock: number | undefined;
  products: CheckoutProductBooks[];
  stored: StoredCheckouts;
  otherWork: number | undefined;
}

export async function benchCheckout(
  session: Session,
  { baseUrl, admin, databaseUrl, seconds, ourPids, log }: ShopLoadSettings,
): Promise<CheckoutResult> {
  log(`  creating ${CHECKOUT_PRODUCTS.length} products and registering ${CHECKOUT_CUSTOMERS} customers...`);
  const runId = randomUUID().slice(0, 8);
  const products: CheckoutProduct[] = (
    await createParts(baseUrl, admin, CHECKOUT_PRODUCTS, (label) => `Bench checkout part ${label} ${runId}`)
  ).map((part) => ({ ...part, okLines: 0, okQuantity: 0 }));
  const emailPrefix = `bench-checkout-${runId}`;
  const customers = await registerCustomers(baseUrl, emailPrefix, CHECKOUT_CUSTOMERS);

  log(`  ${CHECKOUT_CUSTOMERS} customers filling carts of ${CART_LINES} lines and checking out for ${seconds} s...`);
  const scarce = products.find((product) => product.scarce);
  const { load, otherWork, lowestSeenScarceStock } = await measuredRun({ baseUrl, ourPids }, scarce?.id ?? '', () =>
    checkOut(session, { baseUrl, customers, products, scarce, seconds }),
  );

  const ids = products.map((product) => product.id);
  const lines = await queryRows<{ product_id: string; lines: number; quantity: number }>(
    databaseUrl,
    'SELECT product_id, count(*)::int AS lines, sum(quantity)::int AS quantity FROM order_lines ' +
      'WHERE product_id = ANY($1::uuid[]) GROUP BY product_id',
    [ids],
  );
  const books: CheckoutProductBooks[] = [];
  for (const product of products) {
    const { body } = await call<Product>(baseUrl, 'GET', api(apiPaths.product(product.id)));
    const row = lines.find((candidate) => candidate.product_id === product.id);
    books.push({
      ...product,
      final: body.availableQantity,
      storedLines: row?.lines ?? 0,
      storedQuantity: row?.quantity ?? 0,
    });
  }
  // Every order of the run's customers, with its lines: made by this section and nothing else.
  const orders = await queryRows<{ id: string; lines: number; units: number; line_units: number }>(
    databaseUrl,
    'SELECT o.id, count(l.order_id)::int AS lines, o.quantity AS units, ' +
      'coalesce(sum(l.quantity), 0)::int AS line_units FROM orders o ' +
      'LEFT JOIN order_lines l ON l.order_id = o.id WHERE o.email LIKE $1 GROUP BY o.id',
    [`${emailPrefix}-%`],
  );

  const all = Float64Array.from(load.latencies).sort();
  const ok = Float64Array.from(load.okLatencies).sort();
  const loops = Float64Array.from(load.loopTimes).sort();
  const puts = Float64Array.from(load.putLatencies).sort();
  return {
    seconds: load.seconds,
    okOrders: load.okOrderIds.size,
    answers: all.length,
    ordersPerSecond: load.okOrderIds.size / load.seconds,
    answersPerSecond: all.length / load.seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    okP50: percentile(ok, 50),
    okP99: percentile(ok, 99),
    loops: loops.length,
    loopsPerSecond: loops.length / load.seconds,
    loopP50: percentile(loops, 50),
    loopP99: percentile(loops, 99),
    putP50: percentile(puts, 50),
    putP99: percentile(puts, 99),
    unavailable: load.unavailable,
    cartRefusals: load.cartRefusals,
    retried: load.retried,
    unknownOutcome: load.unknownOutcome,
    unexpected: load.unexpected,
    serverErrors: load.serverErrors,
    requestErrors: load.requestErrors,
    soldOutAtSeconds: load.soldOutAtSeconds,
    lowestSeenScarceStock,
    products: books,
    stored: compareStored(orders, load.okOrderIds),
    otherWork,
  };
}

/** A line the customer puts in the cart. */
export interface CartChoice<P> {
  product: P;
  quantity: number;
}

/**
 * CART_LINES different products at random, 1 to MAX_LINE_QUANTITY units each; `spares` are the
 * others, shuffled, to take a line from when a product cannot be put in the cart (sold out).
 */
export function pickCart<P>(products: readonly P[], random: () => number = Math.random) {
  const shuffled = [...products];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as P, shuffled[index] as P];
  }
  const quantity = () => 1 + Math.floor(random() * MAX_LINE_QUANTITY);
  return {
    lines: shuffled.slice(0, CART_LINES).map((product): CartChoice<P> => ({ product, quantity: quantity() })),
    spares: shuffled.slice(CART_LINES),
  };
}

/** Whether an order's lines are the cart's, line for line (in any order). */
export function linesMatch(
  ordered: readonly { productId: string | null; quantity: number }[],
  cart: readonly { productId: string; quantity: number }[],
) {
  const key = (line: { productId: string | null; quantity: number }) => `${line.productId} ${line.quantity}`;
  const want = cart.map(key).sort();
  const got = ordered.map(key).sort();
  return got.length === want.length && got.every((line, index) => line === want[index]);
}

/** The stored orders against the ids answered 201. */
export function compareStored(
  orders: readonly { id: string; lines: number; units: number; line_units: number }[],
  answered: ReadonlySet<string>,
): StoredCheckouts {
  const byLineCount: Record<string, number> = {};
  for (const order of orders) byLineCount[order.lines] = (byLineCount[order.lines] ?? 0) + 1;
  const stored = new Set(orders.map((order) => order.id));
  return {
    orders: orders.length,
    byLineCount,
    summaryMismatch: orders.filter((order) => order.units !== order.line_units).length,
    missing: [...answered].filter((id) => !stored.has(id)).length,
    extra: [...stored].filter((id) => !answered.has(id)).length,
  };
}

interface Tally {
  latencies: number[];
  okLatencies: number[];
  loopTimes: number[];
  putLatencies: number[];
  okOrderIds: Set<string>;
  unavailable: number;
  cartRefusals: number;
  retried: number;
  unknownOutcome: number;
  serverErrors: number;
  unexpected: Counts;
  requestErrors: Counts;
  soldOutAtSeconds: number | undefined;
}

/** Every customer fills a cart and checks out in a loop until the deadline; answers what came back. */
async function checkOut(
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
    products: CheckoutProduct[];
    scarce: CheckoutProduct | undefined;
    seconds: number;
  },
): Promise<Tally & { seconds: number }> {
  const tally: Tally = {
    latencies: [],
    okLatencies: [],
    loopTimes: [],
    putLatencies: [],
    okOrderIds: new Set(),
    unavailable: 0,
    cartRefusals: 0,
    retried: 0,
    unknownOutcome: 0,
    serverErrors: 0,
    unexpected: {},
    requestErrors: {},
    soldOutAtSeconds: undefined,
  };
  let stopped = false;
  const stop = session.own('checkout load', { close: () => (stopped = true) });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const checkoutUrl = `${baseUrl}${api(apiPaths.checkout)}`;
  const lineUrl = (product: CheckoutProduct) => `${baseUrl}${api(apiPaths.cartLine(product.id))}`;
  const checkoutBody = { shippingMethod: 'standard', phoneNumber: PHONE_NUMBER, address: WORKSHOP_ADDRESS };

  const countUnexpected = (what: string, answer: Answer) => {
    if (answer.status >= 500) tally.serverErrors += 1;
    const { code, message } = parseError(answer.body);
    const key = `${what} ${answer.status} ${code} ${message}`.slice(0, 160);
    tally.unexpected[key] = (tally.unexpected[key] ?? 0) + 1;
  };
  // The first refusal of the scarce product: put in a cart, or checked out.
  const soldOut = () => (tally.soldOutAtSeconds ??= (performance.now() - started) / 1000);
  const countRequestError = (what: string, error: unknown) => {
    const { code, message } = error as NodeJS.ErrnoException;
    const key = `${what}: ${code ?? message ?? String(error)}`;
    tally.requestErrors[key] = (tally.requestErrors[key] ?? 0) + 1;
  };

  const customerLoop = async (customer: SignedIn) => {
    // One connection per customer, kept alive between its requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, url: string, json: unknown, headers: Record<string, string> = {}) =>
      keepAliveRequest(agent, method, url, { authorization: `Bearer ${customer.token}`, ...headers }, json);
    // Lines that may still be in the cart after a checkout that made no order: taken out before the
    // next cart, so that every checkout is of exactly CART_LINES lines.
    const leftovers = new Set<CheckoutProduct>();

    /** Takes out the lines a checkout that made no order left in the cart; false when one would not go. */
    const emptyCart = async () => {
      for (const product of leftovers) {
        const answer = await send('DELETE', lineUrl(product), undefined);
        if (answer.status !== 200) {
          countUnexpected('DELETE cart line:', answer);
          return false;
        }
        leftovers.delete(product);
      }
      return true;
    };
    const putLine = async (line: CartChoice<CheckoutProduct>) => {
      leftovers.add(line.product);
      const sent = performance.now();
      const answer = await send('PUT', lineUrl(line.product), { quantity: line.quantity });
      tally.putLatencies.push(performance.now() - sent);
      return answer;
    };
    const isOutOfStock = (answer: Answer) =>
      answer.status === OUT_OF_STOCK.status && parseError(answer.body).code === OUT_OF_STOCK.code;

    /** Puts the cart's lines, a spare product for one that is sold out; answers the lines, or undefined. */
    const fillCart = async () => {
      const { lines, spares } = pickCart(products);
      for (const line of lines) {
        let answer = await putLine(line);
        while (isOutOfStock(answer) && spares.length > 0) {
          tally.cartRefusals += 1;
          if (line.product === scarce) soldOut();
          line.product = spares.shift() as CheckoutProduct;
          answer = await putLine(line);
        }
        if (answer.status !== 200) {
          countUnexpected('PUT cart line:', answer);
          return undefined;
        }
      }
      return lines.map(({ product, quantity }) => ({ product, productId: product.id, quantity }));
    };

    /** Sends the checkout, again with the same key while no answer comes; the last answer and its time. */
    const checkoutOnce = async () => {
      const key = randomUUID();
      for (let attempt = 1; ; attempt += 1) {
        const sent = performance.now();
        try {
          const answer = await send('POST', checkoutUrl, checkoutBody, { [IDEMPOTENCY_KEY_HEADER]: key });
          return { answer, ms: performance.now() - sent };
        } catch (error) {
          countRequestError('checkout', error);
          if (attempt >= CHECKOUT_ATTEMPTS || stopped) return undefined;
          tally.retried += 1;
        }
      }
    };

    try {
      while (!stopped && performance.now() < deadline) {
        const loopStarted = performance.now();
        let cart;
        try {
          if (!(await emptyCart())) continue;
          cart = await fillCart();
        } catch (error) {
          countRequestError('cart', error);
          continue;
        }
        if (!cart) continue;

        const result = await checkoutOnce();
        if (!result) {
          // The order may or may not exist: the books will say so.
          tally.unknownOutcome += 1;
          continue;
        }
        const { answer, ms } = result;
        tally.latencies.push(ms);
        tally.loopTimes.push(performance.now() - loopStarted);
        const placed = answer.status === 201 ? (JSON.parse(answer.body) as Order) : undefined;
        // A 201 must be the order of the cart; anything else counts as unexpected.
        if (placed && linesMatch(placed.lines, cart)) {
          tally.okOrderIds.add(placed._id);
          tally.okLatencies.push(ms);
          for (const line of cart) {
            line.product.okLines += 1;
            line.product.okQuantity += line.quantity;
          }
          leftovers.clear();
          continue;
        }
        const { code, errors } = parseError(answer.body);
        if (answer.status === UNAVAILABLE.status && code === UNAVAILABLE.code) {
          tally.unavailable += 1;
          if (scarce && errors.some((error) => error.field === `cart.${scarce.id}`)) soldOut();
          continue;
        }
        countUnexpected('checkout:', answer);
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

/** An error answer's code, message and field errors; what can be had of a body that is not one. */
function parseError(body: string) {
  try {
    const parsed = JSON.parse(body) as { code?: string; message?: string; errors?: { field: string }[] };
    return { code: parsed.code ?? '', message: parsed.message ?? '', errors: parsed.errors ?? [] };
  } catch {
    return { code: '', message: String(body).slice(0, 100), errors: [] };
  }
}
