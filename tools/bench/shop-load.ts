// What the two write sections (orders.ts, checkout.ts) share: their settings, the parts they sell
// (one of them scarce), a keep-alive request that reports no answer as an error, the watch on the
// scarce part's stock, and the measured run itself (CPU of others, the stock watch stopped after).
import http from 'node:http';
import { apiPaths } from '../../contract/paths.js';
import type { Product } from '../../contract/products.js';
import { api, call, type SignedIn } from '../lib/store-api.js';
import { createProduct } from './catalogue.js';
import { startCpuMeter } from './cpu.js';

const STOCK_POLL_MS = 200;
const REQUEST_TIMEOUT_MS = 10_000;

export interface ShopLoadSettings {
  baseUrl: string;
  admin: SignedIn;
  databaseUrl: string;
  seconds: number;
  ourPids: () => Promise<number[]>;
  log: (message: string) => void;
}

/** A part of a run: its label in the report, its stock, and whether it is the one that sells out. */
export interface PartSpec {
  label: string;
  stock: number;
  scarce: boolean;
}

/** The parts of a run as created: their ids and the stock they started with. */
export async function createParts(
  baseUrl: string,
  admin: SignedIn,
  specs: readonly PartSpec[],
  name: (label: string) => string,
) {
  return Promise.all(
    specs.map(async (spec) => {
      const created = await createProduct(baseUrl, admin, {
        name: name(spec.label),
        price: 25,
        minimumOderQantity: 1,
        availableQantity: spec.stock,
      });
      return { label: spec.label, scarce: spec.scarce, id: created._id, initial: created.availableQantity };
    }),
  );
}

export interface Answer {
  status: number;
  body: string;
}

/** One request on `agent`'s kept-alive connection; no answer within the timeout is an error. */
export function keepAliveRequest(
  agent: http.Agent,
  method: string,
  url: string,
  headers: Record<string, string>,
  json?: unknown,
) {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const bodyHeaders =
    body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = http.request(url, { method, agent, headers: { ...bodyHeaders, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () =>
      outgoing.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Reads the scarce product's stock every STOCK_POLL_MS during the run: it must never be negative. */
function watchStock(baseUrl: string, productId: string) {
  let lowest: number | undefined;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { body } = await call<Product>(baseUrl, 'GET', api(apiPaths.product(productId)));
      lowest = Math.min(lowest ?? Infinity, body.availableQantity);
    } catch {
      // A read that fails under load is no finding here; the final read decides.
    } finally {
      busy = false;
    }
  }, STOCK_POLL_MS);
  return { stop: () => clearInterval(timer), lowest: () => lowest };
}

/**
 * Runs the load with the scarce part's stock watched and the other processes' CPU measured; answers
 * the load's result, that share, and the lowest stock seen.
 */
export async function measuredRun<T>(
  { baseUrl, ourPids }: Pick<ShopLoadSettings, 'baseUrl' | 'ourPids'>,
  scarceId: string,
  run: () => Promise<T>,
) {
  const stockWatch = watchStock(baseUrl, scarceId);
  const meter = startCpuMeter(await ourPids());
  let load: T;
  try {
    load = await run();
  } finally {
    stockWatch.stop();
  }
  const otherWork = meter.stop(await ourPids());
  return { load, otherWork, lowestSeenScarceStock: stockWatch.lowest() };
}
