import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and, on PostgreSQL, drops the test's database. */
  dispose(): Promise<void>;
  /** On PostgreSQL, the test's database (for a connection of a test's own). */
  url?: string;
}

/** The PostgreSQL server for database tests, when set (CI sets it when one answers). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A new, migrated, empty database for one test file: in-memory PGlite by default, or a database of
 * its own on the server of TEST_DATABASE_URL, dropped afterwards. `onDisk`: PGlite in a directory of
 * its own, as the store runs it, for tests that time the store (in memory, a growing table is copied
 * whole to a larger buffer now and then: a pause of 100-200 ms the store never has).
 */
export async function createTestDatabase({ onDisk = false }: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const dataDir = onDisk ? mkdtempSync(path.join(tmpdir(), 'brakehouse-test-')) : 'memory://';
    const database = await openDatabase({ dataDir });
    await database.migrate();
    return {
      ...database,
      async dispose() {
        await database.close();
        if (onDisk) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `brakehouse_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async dispose() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one statement on a PostgreSQL server as its administrator (creating or dropping a database). */
export async function adminQuery(sql: string, serverUrl = testDatabaseUrl): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
