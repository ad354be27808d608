import {
  buildStore,
  killStores,
  startStore,
  waitUntilHealthy,
  type StoreProcess,
} from '../../tools/lib/store-process.js';
import { freePorts } from './private-postgres.js';

/**
 * The real server process (`node dist/server/main.js`), as production runs it, for the fault and
 * scale tests: the tools' harness (tools/lib) with the tests' settings.
 */
export { placeOrder, registerCustomer, signInForToken } from '../../tools/lib/store-api.js';
export { probe } from '../../tools/lib/store-process.js';

/** The ports fault tests may give the server process. */
export const SERVER_PORTS = { from: 3300, to: 3399 };
const START_TIMEOUT_MS = 30_000;

export type ServerProcess = StoreProcess;

/** Builds the server and the web app when the sources are newer than dist (a minute the first time). */
export const buildServer = () => buildStore();

/** Kills, with SIGKILL, every server process still running: for afterAll, whatever happened. */
export const killServerProcesses = killStores;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `attempt` every 50 ms until it answers something other than undefined; fails after `limitMs`. */
export async function eventually<T>(what: string, limitMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(50);
  }
}

/** `promise`, or an error naming `what` after `ms`. */
export async function within<T>(ms: number, what: string, promise: Promise<T> | undefined): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts the compiled server on the given PostgreSQL database, on `port` or a free one of 3300-3399,
 * and waits until it is healthy. The same port means the same PUBLIC_URL: its tokens stay valid.
 * Warnings and errors only are logged, and nothing of the developer's environment but PATH is passed.
 */
export async function startServerProcess(
  databaseUrl: string,
  port?: number,
  /** More settings (ADMIN_EMAILS, REDIS_URL, a shared PUBLIC_URL behind a balancer, ...). */
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  port ??= (await freePorts(SERVER_PORTS.from, SERVER_PORTS.to))[0] ?? 0;
  const server = startStore({ port, databaseUrl, logLevel: 'warn', env });
  await waitUntilHealthy(server, START_TIMEOUT_MS);
  return server;
}
