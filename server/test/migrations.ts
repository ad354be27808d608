import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../db/client.js';
import { pgliteExtensions } from '../db/pglite-extensions.js';
import { migrationsFolder } from '../db/pglite-template.js';
import * as schema from '../db/schema.js';

/**
 * A store as an earlier release left it, for the test of one migration on older data: an in-memory
 * PGlite with the migrations up to and including `last` (a journal tag). The test writes rows as
 * they were then with `client`, runs `migrateTheRest`, and reads what the migration made of them.
 * PGlite only, whatever TEST_DATABASE_URL says: the same SQL runs on both.
 */
export async function storeMigratedUpTo(last: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'brakehouse-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  if (end < 0) throw new Error(`no migration ${last} in the journal`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));

  const client = await PGlite.create({ extensions: pgliteExtensions });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: folder });
  return {
    client,
    db: db as unknown as Database,
    migrateTheRest: () => migrate(db, { migrationsFolder: migrationsFolder() }),
    async close() {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
