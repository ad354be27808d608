import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { seedProducts } from './sample-catalogue.js';
import { seedCatalogueOnce } from './seed.js';

describe('openDatabase on PGlite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brakehouse-client-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when it opens a data folder, then shared_buffers is 16MB, not the 128MB that keeps the idle server over its memory budget', async () => {
    const database = await openDatabase({ dataDir });
    try {
      // PGlite's and node-postgres's results both carry `rows`; the shared Database type leaves it unknown.
      const { rows } = (await database.db.execute(sql`show shared_buffers`)) as { rows: unknown[] };
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  });

  it('when a new data folder asks for the sample catalogue, then after the seed it holds it: copied from the build, or else added, never both', async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'sample'), sampleCatalogue: true });
    try {
      let added = false;
      await database.migrate(async (db) => {
        added = await seedCatalogueOnce(db);
      });
      expect(added).toBe(!database.startedWithSample);
      const { rows } = (await database.db.execute(sql`select count(*)::int as n from products`)) as {
        rows: Array<{ n: number }>;
      };
      expect(rows).toEqual([{ n: seedProducts.length }]);
    } finally {
      await database.close();
    }
  });
});
