import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server of the tests' own, in a temporary folder: fault tests stop it, restart it and
 * kill its clients, which they must never do to the machine's shared server.
 */
export interface PrivatePostgres {
  readonly port: number;
  /** A postgres:// URL to one of its databases (trust authentication, user postgres). */
  url(database?: string): string;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  running(): boolean;
  start(): Promise<void>;
  /** Fast shutdown (`pg_ctl stop -m fast`): client connections are ended, as in a real outage. */
  stop(): Promise<void>;
  /** Stops it, whatever state it is in, and deletes its folder; safe to call more than once. */
  destroy(): Promise<void>;
}

export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR || '/usr/lib/postgresql/15/bin';
/** The ports fault tests may use for servers of their own. */
export const PRIVATE_PORTS = { from: 55400, to: 55499 };
const PG_CTL_TIMEOUT_SECONDS = 30;

const isRoot = () => process.getuid?.() === 0;

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user. */
function command(binary: string, args: string[]): [string, string[]] {
  const file = path.join(POSTGRES_BIN_DIR, binary);
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

function run(binary: string, args: string[], cwd: string) {
  const [file, fullArgs] = command(binary, args);
  return new Promise<string>((resolve, reject) => {
    execFile(file, fullArgs, { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${binary} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Up to `wanted` ports of [from, to] that nothing listens on now, from a random start. */
export async function freePorts(from: number, to: number, wanted = 1) {
  const count = to - from + 1;
  const offset = Math.floor(Math.random() * count);
  const free: number[] = [];
  for (let i = 0; i < count && free.length < wanted; i++) {
    const port = from + ((offset + i) % count);
    if (await portIsFree(port)) free.push(port);
  }
  if (free.length === 0) throw new Error(`no free port in ${from}-${to}`);
  return free;
}

/** Fails with a message saying what is missing: the fault tests must not pass by skipping. */
export function assertPostgresBinaries() {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((name) => !existsSync(path.join(POSTGRES_BIN_DIR, name)));
  if (missing.length > 0) {
    throw new Error(
      `The fault tests start a PostgreSQL server of their own and need its binaries: ${missing.join(', ')} ` +
        `not found in ${POSTGRES_BIN_DIR}. Install PostgreSQL 15 (apt-get install postgresql-15) or set ` +
        'POSTGRES_BIN_DIR to the folder holding initdb and pg_ctl.',
    );
  }
}

/** initdb in a new temporary folder, then starts it on a free port of 55400-55499. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  assertPostgresBinaries();
  const folder = mkdtempSync(path.join(tmpdir(), 'brakehouse-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'postgres.log');
  let running = false;
  let destroyed = false;
  let port = 0;

  const pgCtl = (args: string[]) => run('pg_ctl', ['-D', dataDir, ...args], folder);
  const logTail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '');
  /** If the test process dies before afterAll, the server must still not outlive it. */
  const stopOnExit = () => {
    if (!running) return;
    const [file, args] = command('pg_ctl', ['-D', dataDir, 'stop', '-m', 'immediate', '-w']);
    try {
      execFileSync(file, args, { cwd: folder, stdio: 'ignore' });
    } catch {
      // already gone
    }
  };
  process.on('exit', stopOnExit);

  const handle: PrivatePostgres = {
    get port() {
      return port;
    },
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: handle.url() });
      await client.connect();
      try {
        await client.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return handle.url(name);
    },
    running: () => running,
    async start() {
      if (running) return;
      await pgCtl(['start', '-w', '-t', String(PG_CTL_TIMEOUT_SECONDS), '-l', logFile]).catch((error: Error) => {
        throw new Error(`${error.message}\n--- postgres.log ---\n${logTail()}`);
      });
      running = true;
    },
    async stop() {
      if (!running) return;
      await pgCtl(['stop', '-m', 'fast', '-w', '-t', String(PG_CTL_TIMEOUT_SECONDS)]);
      running = false;
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        if (running || existsSync(path.join(dataDir, 'postmaster.pid'))) {
          await pgCtl(['stop', '-m', 'fast', '-w', '-t', String(PG_CTL_TIMEOUT_SECONDS)]).catch(() =>
            pgCtl(['stop', '-m', 'immediate', '-w']).catch(() => undefined),
          );
        }
        running = false;
      } finally {
        process.off('exit', stopOnExit);
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };

  try {
    if (isRoot()) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(folder, uid, gid);
    }
    await run(
      'initdb',
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      folder,
    );
    const conf = path.join(dataDir, 'postgresql.conf');
    // Another test may take a port between the check and the start: then the next free one is tried.
    let lastError: unknown;
    for (const candidate of await freePorts(PRIVATE_PORTS.from, PRIVATE_PORTS.to, 5)) {
      appendFileSync(
        conf,
        [
          '',
          `port = ${candidate}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${folder}'`,
          'fsync = on',
          'max_connections = 50',
          'shared_buffers = 16MB',
          '',
        ].join('\n'),
      );
      port = candidate;
      try {
        await handle.start();
        return handle;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}

/**
 * The sessions of `database` (other than the caller's) waiting for a lock, with their statement.
 * Ask from a client outside any transaction: within one, pg_stat_activity answers a snapshot.
 */
export async function lockWaits(client: pg.Client, database: string) {
  const { rows } = await client.query<{ pid: number; query: string }>(
    `select pid, query from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    [database],
  );
  return rows;
}
