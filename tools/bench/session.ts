// Everything a benchmark run starts (server processes, the bare server, temporary folders, throwaway
// databases, load generators, browsers) is registered here, so that it is undone in reverse order:
// as soon as its part of the run is done, on Ctrl-C, on an error, and at worst when the process exits.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  isRunning,
  startStore,
  stopStore,
  waitUntilHealthy,
  type StartOptions,
  type StoreProcess,
} from '../lib/store-process.js';

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Owned {
  label: string;
  close: () => unknown;
  kill: () => unknown;
  closing: Promise<void> | undefined;
  closed: boolean;
}

export interface Session {
  interrupted: boolean;
  /**
   * Registers something to undo: `close` (may be async) is the orderly way, `kill` (synchronous)
   * the last resort on exit. Answers a function that closes it now (once; later calls wait for it).
   */
  own(label: string, undo: { close: () => unknown; kill?: () => unknown }): () => Promise<void>;
  /** Closes everything still open, newest first. */
  closeAll(): Promise<void>;
}

export function createSession(): Session {
  const owned: Owned[] = [];

  /** Closes one thing once; a failure to close is reported and does not stop the rest. */
  function release(entry: Owned) {
    entry.closing ??= (async () => {
      try {
        await entry.close();
      } catch (error) {
        console.error(`clean-up: could not close ${entry.label}: ${errorMessage(error)}`);
      } finally {
        entry.closed = true;
        const index = owned.indexOf(entry);
        if (index >= 0) owned.splice(index, 1);
      }
    })();
    return entry.closing;
  }

  // Last resort (the script crashed or called process.exit while something was still open): only
  // synchronous work can run here, so processes get SIGKILL and databases a synchronous psql.
  process.once('exit', () => {
    for (const entry of [...owned].reverse()) {
      if (entry.closed) continue;
      try {
        entry.kill();
      } catch {
        // Nothing more can be done while exiting.
      }
    }
  });

  const session: Session = {
    interrupted: false,
    own(label, { close, kill = close }) {
      const entry: Owned = { label, close, kill, closing: undefined, closed: false };
      owned.push(entry);
      // After Ctrl-C, whatever is still being started is closed at once and the run goes no further.
      if (session.interrupted) {
        void release(entry);
        throw new Error('interrupted');
      }
      return () => release(entry);
    },
    async closeAll() {
      for (const entry of [...owned].reverse()) await release(entry);
    },
  };
  return session;
}

export interface TempDir {
  dir: string;
  remove: () => Promise<void>;
}

/** A fresh temporary folder, deleted with the session. */
export function makeTempDir(session: Session, prefix: string): TempDir {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  return { dir, remove: session.own(`temporary folder ${dir}`, { close: removeDir }) };
}

export interface RunningStore {
  server: StoreProcess;
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Warning and error lines shown per store after it stopped; the rest are counted. */
const WARNINGS_SHOWN = 20;

/**
 * Starts the store (lib/store-process.ts: `node dist/server/main.js` by default) as `npm start` runs
 * it: NODE_ENV=production and the default log level unless `logLevel` says otherwise. Its log goes
 * to a temporary file (at the default level a line per request: through a pipe it would cost this
 * process, the load generator); once it has stopped, the warnings and errors in it are shown with
 * `logPrefix`. Unless `waitForHealth` is false, waits until GET /api/health answers 200.
 */
export async function benchStore(
  session: Session,
  {
    waitForHealth = true,
    logPrefix = '[server]',
    env,
    ...options
  }: StartOptions & { waitForHealth?: boolean; logPrefix?: string },
): Promise<RunningStore> {
  const logs = makeTempDir(session, 'brakehouse-bench-log-');
  const logFile = path.join(logs.dir, 'store.log');
  const server = startStore({
    inheritEnvironment: true,
    env: { NODE_ENV: 'production', ...env },
    logFile,
    ...options,
  });
  const stopServer = session.own(`server process ${server.child.pid}`, {
    close: () => stopStore(server),
    kill: () => isRunning(server) && server.child.kill('SIGKILL'),
  });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await stopServer();
      await showWarnings(logFile, logPrefix);
      await logs.remove();
    })());
  if (waitForHealth) {
    try {
      await waitUntilHealthy(server);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { server, baseUrl: server.baseUrl, stop };
}

/** Prints the log's warnings, errors and lines that are not pino's JSON (a crash's stack, say). */
async function showWarnings(logFile: string, prefix: string) {
  let found = 0;
  try {
    const lines = createInterface({ input: createReadStream(logFile), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!isWarningOrWorse(line)) continue;
      found += 1;
      if (found <= WARNINGS_SHOWN) console.error(`${prefix} ${line}`);
    }
  } catch (error) {
    console.error(`${prefix} its log could not be read: ${errorMessage(error)}`);
  }
  if (found > WARNINGS_SHOWN) console.error(`${prefix} ... ${found - WARNINGS_SHOWN} more warnings and errors`);
}

const LEVEL = /"level":(\d+|"[a-z]+")/;
const QUIET_LEVELS = new Set(['10', '20', '30', '"trace"', '"debug"', '"info"']);

function isWarningOrWorse(line: string) {
  if (line.trim() === '') return false;
  const level = LEVEL.exec(line)?.[1];
  return level === undefined || !QUIET_LEVELS.has(level);
}
