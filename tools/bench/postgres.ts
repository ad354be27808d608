// A throwaway database on a PostgreSQL server (the machine's shared one on 127.0.0.1:5432, or
// BENCH_DATABASE_URL's): created for one part of the run and dropped afterwards. The server itself is
// never started, stopped or otherwise touched.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { errorMessage, type Session } from './session.js';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECT_TIMEOUT_MS = 3000;

/** Where a URL points, without its password, for the report. */
export const describeServer = (url: string) => {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || 5432}`;
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type PostgresProbe = { available: true } | { available: false; reason: string };

export async function probePostgres(adminUrl: string): Promise<PostgresProbe> {
  try {
    await withClient(adminUrl, (client) => client.query('SELECT 1'));
    return { available: true };
  } catch (error) {
    return {
      available: false,
      reason: `no PostgreSQL answers at ${describeServer(adminUrl)} (${errorMessage(error)})`,
    };
  }
}

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** Creates bench_<random> on the admin URL's server. */
export async function createThrowawayDatabase(session: Session, adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // WITH (FORCE) (PostgreSQL 13+) ends connections the stopped server may not have closed yet.
  const dropSql = `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`;
  const drop = session.own(`database ${name}`, {
    close: () => withClient(adminUrl, (client) => client.query(dropSql)),
    kill: () => spawnSync('psql', [adminUrl, '-c', dropSql], { stdio: 'ignore', timeout: 10_000 }),
  });
  return { url: url.toString(), name, drop };
}

/** The pids of the PostgreSQL processes serving a database (our store's connections), on this machine. */
export async function backendPids(adminUrl: string, name: string) {
  const rows = await queryRows<{ pid: number }>(adminUrl, 'SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    name,
  ]);
  return rows.map((row) => row.pid);
}

/** Runs one query against a database; answers its rows. */
export const queryRows = <Row extends pg.QueryResultRow>(url: string, sql: string, parameters: unknown[] = []) =>
  withClient(url, async (client) => (await client.query<Row>(sql, parameters)).rows);
