// Section 1, API reads: each read endpoint under autocannon, against the store and against a bare
// node:http server (bare-server.ts) that answers the very same bytes (headers too) from memory. The
// ratio of the two rates is what the store's framework, validation, logging and database cost on top
// of HTTP itself, on this machine, whatever its speed.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '../../contract/paths.js';
import { api } from '../lib/store-api.js';
import { HOST } from '../lib/store-process.js';
import type { BareServerSetup } from './bare-server.js';
import { startCpuMeter } from './cpu.js';
import { measureAlternating, median, type LoadSummary } from './load.js';
import type { Session } from './session.js';

export const READ_BUDGET = { minRatio: 0.6, maxP99Ms: 25 };
const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const BARE_START_TIMEOUT_MS = 10_000;

export interface ReadEndpoint {
  label: string;
  path: string;
}

export const readEndpoints = (productId: string): ReadEndpoint[] => [
  { label: `GET ${api(apiPaths.products)}?limit=6`, path: `${api(apiPaths.products)}?limit=6` },
  { label: `GET ${api(apiPaths.products)}/<id>`, path: api(apiPaths.product(productId)) },
  { label: `GET ${api(apiPaths.reviews)}?limit=6`, path: `${api(apiPaths.reviews)}?limit=6` },
];

/** The level of the extra rows that show what logging costs, and how they are marked. */
export const QUIET_LOG_LEVEL = 'warn';
export const QUIET_LOG_LABEL = `LOG_LEVEL=${QUIET_LOG_LEVEL}`;

/**
 * The endpoint measured again with QUIET_LOG_LEVEL, after the other sections: one product, whose
 * answer the orders section does not change (a list's first page would show its new parts).
 */
export const quietLogEndpoint = (productId: string): ReadEndpoint => {
  const { label, path } = readEndpoints(productId)[1] as ReadEndpoint;
  return { label: `${label} (${QUIET_LOG_LABEL})`, path };
};

/**
 * The product read once more on the process that filled the catalogue (2,000 writes, sign-ups and
 * whole-list reads behind it), before the store is started again for the budgeted rows. It is not
 * held to the budget: it shows what a long-running process's state costs next to a fresh start,
 * so that a difference between the rows above is not mistaken for the cost of logging.
 */
export const FILLING_PROCESS_LABEL = 'on the process that filled it, not budgeted';

export const fillingProcessEndpoint = (productId: string): ReadEndpoint => {
  const { label, path } = readEndpoints(productId)[1] as ReadEndpoint;
  return { label: `${label} (${FILLING_PROCESS_LABEL})`, path };
};

export interface ReadRow {
  endpoint: string;
  bytes: number;
  store: LoadSummary;
  bare: LoadSummary;
  /** The median over the rounds of store req/s ÷ bare req/s in the same round (roundRatio). */
  ratio: number;
  /** The share of the machine that other processes took meanwhile (cpu.ts). */
  otherWork: number | undefined;
}

interface ReadSettings {
  baseUrl: string;
  barePort: number;
  endpoints: ReadEndpoint[];
  seconds: number;
  connections: number;
  /** The store's processes (its own and its database's). */
  ourPids: () => Promise<number[]>;
  log: (message: string) => void;
}

/** Answers one row per endpoint. */
export async function benchApiReads(
  session: Session,
  { baseUrl, barePort, endpoints, seconds, connections, ourPids, log }: ReadSettings,
): Promise<ReadRow[]> {
  // autocannon asks for no compression, so neither does the capture: the bare server must send the
  // bytes the store sends to autocannon.
  const answers = await Promise.all(endpoints.map((endpoint) => capture(`${baseUrl}${endpoint.path}`)));
  const bare = await startBareServer(session, barePort, endpoints, answers);
  const bareUrl = `http://${HOST}:${barePort}`;
  try {
    await checkBareAnswers(bareUrl, endpoints, answers);
    const rows: ReadRow[] = [];
    for (const [index, endpoint] of endpoints.entries()) {
      log(`  ${endpoint.label}: store and bare server, in turns...`);
      const meter = startCpuMeter([bare.pid, ...(await ourPids())]);
      const measured = await measureAlternating(session, {
        urls: { store: `${baseUrl}${endpoint.path}`, bare: `${bareUrl}${endpoint.path}` },
        seconds,
        connections,
      });
      const otherWork = meter.stop([bare.pid, ...(await ourPids())]);
      rows.push({
        endpoint: endpoint.label,
        bytes: answers[index]?.body.length ?? 0,
        ...measured,
        ratio: roundRatio(measured.store, measured.bare),
        otherWork,
      });
    }
    return rows;
  } finally {
    await bare.stop();
  }
}

/**
 * The store's rate over the bare server's, round by round (each pair measured seconds apart), and
 * the median of those: a burst of other work on the machine during one round moves one ratio, not
 * the result, as it would move a ratio of the totals.
 */
export function roundRatio(store: Pick<LoadSummary, 'roundRates'>, bare: Pick<LoadSummary, 'roundRates'>) {
  const ratios = store.roundRates.flatMap((rate, round) => {
    const bareRate = bare.roundRates[round];
    return bareRate ? [rate / bareRate] : [];
  });
  return median(ratios) ?? 0;
}

/**
 * Headers that belong to the connection or the moment rather than to the answer: node:http writes
 * its own (date, keep-alive...), for the bare server as for the store.
 */
const PER_CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function capture(url: string): Promise<Answer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  if (response.headers.get('content-encoding')) throw new Error(`GET ${url} was compressed although not asked to`);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name)));
  return { status: response.status, headers, body };
}

async function startBareServer(session: Session, port: number, endpoints: ReadEndpoint[], answers: Answer[]) {
  // Run by tsx as this process is: fork() passes on its loader (process.execArgv).
  const child = fork(BARE_SERVER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = session.own(`bare server ${child.pid}`, {
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: () => child.kill('SIGKILL'),
  });
  const setup: BareServerSetup = {
    host: HOST,
    port,
    routes: endpoints.map((endpoint, index) => ({
      path: endpoint.path,
      status: answers[index]?.status ?? 0,
      headers: answers[index]?.headers ?? {},
      body: answers[index]?.body.toString('base64') ?? '',
    })),
  };
  const listening = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code, signal) => reject(new Error(`the bare server exited (${signal ?? code})`)));
    setTimeout(() => reject(new Error('the bare server did not start')), BARE_START_TIMEOUT_MS).unref();
  });
  child.send(setup);
  try {
    await listening;
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, pid: child.pid ?? 0 };
}

/**
 * The yardstick must answer byte for byte what the store answers (status, headers, body), or the
 * ratio means nothing: the security headers alone cost a third of a bare server's rate.
 */
async function checkBareAnswers(bareUrl: string, endpoints: ReadEndpoint[], answers: Answer[]) {
  const same = (a: Record<string, string>, b: Record<string, string>) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  for (const [index, endpoint] of endpoints.entries()) {
    const got = await capture(`${bareUrl}${endpoint.path}`);
    const expected = answers[index];
    if (!expected || !got.body.equals(expected.body) || !same(got.headers, expected.headers)) {
      throw new Error(`the bare server's answer to ${endpoint.path} differs from the store's`);
    }
  }
}
