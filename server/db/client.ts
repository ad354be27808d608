import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions.js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { copyPgliteTemplate, loadPgliteTemplate, migrationsFolder } from './pglite-template.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** One database engine behind one small interface, chosen once at start. */
export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Applies the migrations, then runs `afterMigrate`, with no other instance doing the same. */
  migrate(afterMigrate?: (db: Database) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A new embedded database that started as the build's copy holding the sample catalogue. */
  startedWithSample?: boolean;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /**
   * A new embedded database starts with the sample catalogue when the build prepared a copy with it
   * (the store's first start; the seed then finds it there).
   */
  sampleCatalogue?: boolean;
}

/**
 * PGlite's start parameters, plus our PostgreSQL settings (`-c` overrides postgresql.conf).
 *
 * shared_buffers=16MB: initdb writes PostgreSQL's default, 128MB. Inside PGlite, shared memory is
 * WebAssembly memory that is written (zero-filled) when it is set up at start, so all of it is
 * resident whether a page is ever read or not: with 128MB, shared memory came to 145MB of the
 * server's 378MB idle RSS (memory budget: 350MB). The store's whole database, system catalogues
 * included, is about 9MB with the benchmark's 1,000 parts and 1,000 reviews (the two catalogue tables
 * under 1MB together), so 2,048 pages of 8kB hold all of it with room for orders and accounts to
 * grow; shared memory becomes 24MB (wal_buffers follows at 1/32: 512kB). A page that no longer
 * fits is read again from the data folder, which the OS keeps cached, and the catalogue's answers
 * are cached above the database anyway. Measurements: docs/decisions/0012-pglite-memory.md.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Any fixed 64-bit key: instances on one PostgreSQL take turns migrating and seeding. */
const MIGRATION_LOCK_KEY = 7_252_031_115;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.sampleCatalogue);
}

async function openPglite(dataDir: string, sampleCatalogue = false): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const clusterDir = inMemory ? undefined : path.join(dataDir, 'pglite');
  if (clusterDir) mkdirSync(dataDir, { recursive: true });
  const unlock = clusterDir ? lockDataDir(dataDir) : () => undefined;
  const isNew = !clusterDir || !existsSync(path.join(clusterDir, 'PG_VERSION'));
  let client: PGlite;
  let copied: 'sample' | 'empty' | undefined;
  try {
    copied =
      isNew && clusterDir !== undefined ? copyPgliteTemplate(clusterDir, { sample: sampleCatalogue }) : undefined;
    client = await PGlite.create(clusterDir, {
      ...(isNew && !copied ? loadPgliteTemplate() : {}),
      startParams: PGLITE_START_PARAMS,
      extensions: pgliteExtensions,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    startedWithSample: copied === 'sample',
    async migrate(afterMigrate) {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
      await afterMigrate?.(db);
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}

/** How long a request waits for a connection: an unreachable database fails it in time to answer 503. */
const CONNECT_TIMEOUT_MS = 1_500;

type ConnectCallback = Parameters<pg.Pool['connect']>[0];

/**
 * A pool that takes a client back when its connection ends while it is checked out. Drizzle's
 * transaction() releases nothing when its BEGIN fails (drizzle-orm 0.45), so every transaction that
 * began just as the server went down would hold a slot for good, and pool.end() would wait forever.
 */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenDropped);
  }
}

function releasedWhenDropped(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', dropped);
    release(error);
  };
  const dropped = () => giveBack(new Error('the connection ended while the client was checked out'));
  client.once('end', dropped);
  client.release = giveBack;
  return client;
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new Pool({ connectionString, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may one dropped while a request holds it (the server shut down mid-transaction): the query
  // fails, the request answers 503, and the client leaves the pool.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    async migrate(afterMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
          await afterMigrate?.(drizzlePg({ client, schema }) as unknown as Database);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
