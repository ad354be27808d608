// The catalogue index in one process, at a distributor's size (issue 27, decision 0039): how long the
// catalogue takes to read and index, what the index holds in memory, and how long its searches take
// called in-process, with a share of them asked of the SQL search too and compared. Not part of
// `npm run bench` (that measures the store over HTTP, catalogue section); run it by hand:
//
//   npx tsx --expose-gc tools/bench/index-probe.ts
//
// Environment: PROBE_DIR (the PGlite folder, default a temporary one; kept for REUSE=1 runs),
// PROBE_DATABASE_URL (a PostgreSQL database to fill and search instead), N (searches, 3,000), CHECK
// (how many of them are compared with the SQL search, 100), MEMORY_ONLY=1 (build and measure only).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { catalogueQuerySchema } from '../../contract/index.js';
import { CatalogueIndex } from '../../server/catalogue/index/catalogue-index.js';
import { loadCatalogue } from '../../server/catalogue/index/load.js';
import { createCatalogueSearch, sqlLexicon } from '../../server/catalogue/search.js';
import { openDatabase } from '../../server/db/client.js';
import { generateCatalogue, loadCatalogue as fillDatabase, SHOP_SIZE } from './catalogue-data.js';
import { createSearchMix, queryObject } from './catalogue-search.js';

/** The same answer as JSON, whatever the order of its keys (the index defines `items` last: answer-json.ts). */
const sameAnswer = (a: unknown, b: unknown) =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));
const dataDir = process.env.PROBE_DIR ?? mkdtempSync(path.join(tmpdir(), 'brakehouse-index-'));
const databaseUrl = process.env.PROBE_DATABASE_URL;
const reuse = Boolean(process.env.REUSE) && !databaseUrl && existsSync(path.join(dataDir, 'pglite'));
const memoryOnly = Boolean(process.env.MEMORY_ONLY);
const searches = Number(process.env.N ?? 3000);
const checked = Number(process.env.CHECK ?? 100);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

const catalogue = memoryOnly && reuse ? undefined : generateCatalogue(SHOP_SIZE);
if (!reuse && catalogue) {
  const report = await fillDatabase({ databaseUrl, dataDir }, catalogue, console.log);
  console.log(`catalogue written in ${report.seconds.toFixed(1)} s`);
}

const database = await openDatabase({ databaseUrl, dataDir, poolSize: 4 });
gc();
const before = process.memoryUsage();
let started = performance.now();
const snapshot = await loadCatalogue(database.db);
const readMs = performance.now() - started;
started = performance.now();
const index = await CatalogueIndex.build(snapshot, sqlLexicon(database.db));
const buildMs = performance.now() - started;
snapshot.fitment.clear();
gc();
const after = process.memoryUsage();
console.log(
  `${index.size.toLocaleString('en-US')} parts read in ${(readMs / 1000).toFixed(1)} s, indexed in ${(buildMs / 1000).toFixed(1)} s; ` +
    `heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}, array buffers ${mb(before.arrayBuffers)} -> ${mb(after.arrayBuffers)}, ` +
    `RSS ${mb(before.rss)} -> ${mb(after.rss)}`,
);

if (!memoryOnly && catalogue) {
  const { rows } = (await database.db.execute(sql`select id::text as id from vehicles`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const next = createSearchMix({ parts: catalogue.parts, vehicleIds: rows.map(({ id }) => id) });
  const sqlSearch = createCatalogueSearch(database.db);
  const times: number[] = [];
  const byShape = new Map<string, number[]>();
  let differ = 0;
  for (let at = 0; at < searches; at += 1) {
    const request = next();
    const query = catalogueQuerySchema.parse(queryObject(new URLSearchParams(request.path.split('?')[1] ?? '')));
    const start = performance.now();
    const answer = await index.search(query);
    times.push(performance.now() - start);
    const shape = (request as { shape?: string }).shape ?? 'all';
    byShape.set(shape, [...(byShape.get(shape) ?? []), performance.now() - start]);
    if (at < checked && !sameAnswer(await sqlSearch.search(query), answer)) {
      differ += 1;
      console.log(`differs from SQL: ${request.path}`);
    }
  }
  times.sort((a, b) => a - b);
  for (const [shape, shapeTimes] of byShape) {
    shapeTimes.sort((a, b) => a - b);
    const mean = shapeTimes.reduce((sum, time) => sum + time, 0) / shapeTimes.length;
    console.log(
      `  ${shape}: ${shapeTimes.length}, mean ${mean.toFixed(2)} ms, p90 ${(shapeTimes[Math.floor(shapeTimes.length * 0.9)] ?? 0).toFixed(2)}`,
    );
  }
  const at = (share: number) => (times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0).toFixed(2);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  console.log(
    `${searches} searches in-process: p50 ${at(0.5)} ms, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}, mean ${mean.toFixed(2)}; ` +
      `${differ} of ${Math.min(checked, searches)} differ from the SQL search`,
  );
}
await database.close();
if (!process.env.PROBE_DIR) rmSync(dataDir, { recursive: true, force: true });
