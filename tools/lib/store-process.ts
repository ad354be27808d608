// The real, built store as a child process on loopback: built when stale, started, waited for,
// stopped or killed. One harness for the tools (`npm run bench`, `npm run soak`) and the tests that
// start the server process (server/test/server-process.ts: faults, scale, main); the API calls that
// set a store up as the web app would are in store-api.ts beside this file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, apiPaths } from '../../contract/paths.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1';
/** How long a store may take to answer its health check, a first start on PostgreSQL included. */
const START_TIMEOUT_MS = 90_000;
// main.ts gives requests in flight 10 s after SIGTERM; past that the server is killed.
const STOP_TIMEOUT_MS = 12_000;
const RECENT_LINES = 20;

/**
 * Builds the web app and the server when their sources are newer than dist/ (`npm run build`,
 * scripts/build-if-stale.mjs). Quiet unless the build fails; `showProgress` prints its output as it
 * comes (the tools), and a failure then ends this process as it ends `npm start`.
 */
export function buildStore({ showProgress = false } = {}) {
  const build = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: PROJECT_ROOT,
    stdio: showProgress ? 'inherit' : 'pipe',
    encoding: 'utf8',
  });
  if (build.status === 0) return;
  if (showProgress) process.exit(build.status ?? 1);
  throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}

export interface StoreSettings {
  port: number;
  /** PostgreSQL; unset, PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** LOG_LEVEL; unset, the store's default, as `npm start` runs it. */
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' | undefined;
  /**
   * Start from this process's environment (PATH, NODE_OPTIONS...: the tools) instead of PATH alone
   * (the tests: nothing of the developer's shell leaks in). Either way DATABASE_URL and LOG_LEVEL
   * come only from here, so that a measurement never writes to the store's real database by accident.
   */
  inheritEnvironment?: boolean;
  /** More settings, applied last: ADMIN_EMAILS, REDIS_URL, NODE_ENV, a balancer's PUBLIC_URL... */
  env?: Record<string, string>;
}

/**
 * Loopback, its own address as PUBLIC_URL, no rate limits (the load comes from one address), and
 * no drain at SIGTERM (no balancer to tell; a test that wants one sets SHUTDOWN_DRAIN_SECONDS).
 */
export function storeEnvironment(settings: StoreSettings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = settings.inheritEnvironment ? { ...process.env } : { PATH: process.env.PATH ?? '' };
  delete env.DATABASE_URL;
  delete env.LOG_LEVEL;
  Object.assign(env, {
    PORT: String(settings.port),
    HOST,
    PUBLIC_URL: `http://${HOST}:${settings.port}`,
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    MEDIA_RATE_LIMIT_PER_MINUTE: '0',
    SEARCHES_AT_ONCE_PER_CLIENT: '0',
    SHUTDOWN_DRAIN_SECONDS: '0',
  });
  if (settings.dataDir) env.DATA_DIR = settings.dataDir;
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  if (settings.logLevel) env.LOG_LEVEL = settings.logLevel;
  return Object.assign(env, settings.env);
}

export interface StartOptions extends StoreSettings {
  /** The script node runs, relative to `rootDir`: the compiled server, or `scripts/start.mjs` (npm start). */
  entry?: string;
  /** The project to run (the bench runs a frozen copy of the build). */
  rootDir?: string;
  /** Echo each line of its output to stderr with this prefix, as it comes (the soak shows warnings). */
  echo?: string;
  /**
   * Send its output to this file instead of through a pipe: a store that logs every request must
   * neither cost this process (it may be the load generator) nor wait for it to read.
   */
  logFile?: string;
}

/** How a process ended: its exit code, or the name of the signal that ended it. */
export type Exit = number | NodeJS.Signals | null;

export interface StoreProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Set once it has exited. */
  exit: Exit | undefined;
  exited: Promise<Exit>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its last lines, for an error message. */
  recentLog(): string[];
}

const started = new Set<StoreProcess>();

/** Starts the store (`node dist/server/main.js` of this project by default) without waiting for it. */
export function startStore({ entry = 'dist/server/main.js', rootDir = PROJECT_ROOT, ...options }: StartOptions) {
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(process.execPath, [path.join(rootDir, entry)], {
    cwd: rootDir,
    env: storeEnvironment(options),
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd !== undefined) closeSync(logFd); // the child has its own copy
  let output = '';
  const store: StoreProcess = {
    child,
    port: options.port,
    baseUrl: `http://${HOST}:${options.port}`,
    exit: undefined,
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        store.exit = code ?? signal;
        started.delete(store);
        resolve(store.exit);
      }),
    ),
    output: () => (options.logFile ? readFileSync(options.logFile, 'utf8') : output),
    recentLog: () => lastLines(options.logFile ? tailOf(options.logFile) : output, RECENT_LINES),
  };
  started.add(store);
  for (const stream of [child.stdout, child.stderr]) {
    let partLine = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      output += chunk;
      if (!options.echo) return;
      const lines = (partLine + chunk).split('\n');
      partLine = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) console.error(`${options.echo} ${line}`);
    });
  }
  return store;
}

const lastLines = (text: string, count: number) => text.split('\n').filter(Boolean).slice(-count);

/** The end of a log file, which may have grown to hundreds of megabytes. */
function tailOf(file: string, bytes = 16_384) {
  const fd = openSync(file, 'r');
  try {
    const start = Math.max(0, fstatSync(fd).size - bytes);
    const buffer = Buffer.alloc(bytes);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, bytes, start));
  } finally {
    closeSync(fd);
  }
}

export const isRunning = (store: StoreProcess | undefined): store is StoreProcess =>
  store !== undefined && store.exit === undefined;

export const describeExit = (status: Exit) => (typeof status === 'string' ? `signal ${status}` : `exit code ${status}`);

/** "; its last output: ..." for an error message, or nothing when it wrote nothing. */
export function describeRecentLog(store: StoreProcess) {
  const lines = store.recentLog();
  return lines.length > 0 ? `; its last output:\n  ${lines.join('\n  ')}` : '';
}

/** Waits until GET /api/health answers 200; fails early, with its last output, if it exits. */
export async function waitUntilHealthy(store: StoreProcess, timeoutMs = START_TIMEOUT_MS) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (store.exit !== undefined) {
      throw new Error(`the server exited while starting (${describeExit(store.exit)})${describeRecentLog(store)}`);
    }
    if ((await probe(store.baseUrl, `${API_PREFIX}${apiPaths.health}`)) === 200) return;
    await sleep(50);
  }
  throw new Error(
    `GET ${API_PREFIX}${apiPaths.health} did not answer 200 within ${timeoutMs} ms${describeRecentLog(store)}`,
  );
}

/**
 * One GET on a connection of its own (no keep-alive pool that could hold a stale socket): the
 * status, or the connection's error code (ECONNREFUSED when nothing listens on the port).
 */
export function probe(baseUrl: string, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}${url}`, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** SIGTERM lets the store finish what is in flight and close its database; SIGKILL if it hangs. */
export async function stopStore(store: StoreProcess) {
  if (!isRunning(store)) return;
  store.child.kill('SIGTERM');
  const stoppedInTime = await Promise.race([store.exited.then(() => true), sleep(STOP_TIMEOUT_MS, false)]);
  if (!stoppedInTime) {
    store.child.kill('SIGKILL');
    await store.exited;
  }
}

/** Kills, with SIGKILL, every store this process started that still runs: for afterAll and exits. */
export function killStores() {
  for (const store of started) store.child.kill('SIGKILL');
}

/** A process's resident memory in kB, from /proc (Linux); undefined once it is gone. */
export function readRssKb(pid: number | undefined): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
