// `npm run bench`: measures the store as its users feel it, on loopback (never part of `npm test` or
// CI), prints one table per section and writes bench/results.md. Each line says whether its budget
// is met; an unmet budget is reported, not fatal: the exit code is 0 after a complete run, 1 when a
// section could not measure (an error), 130 after Ctrl-C.
//
//   1. API reads (api-reads.ts), on PGlite and on PostgreSQL
//   2. Orders (orders.ts), on PostgreSQL
//   2b. Checkout of three-line carts (checkout.ts), on PostgreSQL
//   3. Web: JS/CSS transfer and Lighthouse (web.ts), on PGlite
//   4. Start-up and idle memory (startup.ts), on PGlite and on PostgreSQL
//   5. Catalogue search at a real shop's size (catalogue-search.ts), on PGlite and on PostgreSQL
//   6. The catalogue in bulk: a 10,000-part CSV file imported, exported and imported again
//      (catalogue-csv.ts), on PGlite, in a fresh store of its own
//
// Each database gets a store of its own (a fresh temporary data folder; on PostgreSQL a throwaway
// bench_<random> database, dropped afterwards), filled to 1,000 products and reviews through the API;
// one API read on the process that filled it (for reference); then the store is started again on the
// filled data and the load sections run against it as `npm start` runs it (default log level), one
// API read again with warnings and errors logged only; then it is stopped and `npm start` is timed on
// the same data.
//
// The catalogue section has databases of its own: a generated catalogue of 100,000 parts, 2,000 model
// years and 1,000,000 fitment rows (catalogue-data.ts) is written into a fresh data folder / throwaway
// database before a store is started on it; once its search index answers, it is searched under load.
//
// Environment: BENCH_SECONDS (10: each load measurement), BENCH_PORT (3400: the store; the bare
// server takes the next port and Lighthouse's Chromium the one after), BENCH_DATABASE_URL (a
// PostgreSQL URL of a role that may create databases; default postgres://postgres@127.0.0.1:5432/
// postgres, skipped when nothing answers there), BENCH_SECTIONS (api,orders,checkout,web,startup,
// catalogue,csv: a subset), BENCH_LIGHTHOUSE_REPORTS (a folder for every Lighthouse run's JSON report),
// BENCH_CATALOGUE_PARTS (100000: the catalogue section's parts, 1000000 for a distributor's size, with
// fitment rows in proportion), BENCH_CATALOGUE_DATABASES (pglite,postgres: the catalogue section's
// databases, one or both), BENCH_INDEX_WAIT_SECONDS (120 per 100,000 parts, at least 120: how long
// the catalogue section waits for the store's search index before measuring whatever answers).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertPortFree, wholeNumber } from '../lib/settings.js';
import { PROJECT_ROOT, readRssKb } from '../lib/store-process.js';
import {
  benchApiReads,
  fillingProcessEndpoint,
  QUIET_LOG_LEVEL,
  quietLogEndpoint,
  readEndpoints,
} from './api-reads.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, fillCatalogue } from './catalogue.js';
import { benchCatalogueCsv } from './catalogue-csv.js';
import { catalogueSize, DISTRIBUTOR_PARTS, generateCatalogue, SHOP_SIZE } from './catalogue-data.js';
import { benchCatalogueSearch } from './catalogue-search.js';
import { benchCheckout } from './checkout.js';
import { machineTimes } from './cpu.js';
import { benchOrders } from './orders.js';
import {
  backendPids,
  createThrowawayDatabase,
  DEFAULT_ADMIN_URL,
  describeServer,
  probePostgres,
  type PostgresProbe,
  type ThrowawayDatabase,
} from './postgres.js';
import { buildSections, formatMarkdown, formatText } from './report.js';
import type { DatabaseKey, Outcome, Results } from './results.js';
import { benchStore, createSession, errorMessage, makeTempDir, type RunningStore, type Session } from './session.js';
import { snapshotBuild } from './snapshot.js';
import { benchStartup, IDLE_SECONDS } from './startup.js';
import { benchLighthouse, benchTransfer, lighthousePages, samplePartId, transferPages } from './web.js';

const SECTIONS = ['api', 'orders', 'checkout', 'web', 'startup', 'catalogue', 'csv'] as const;
type SectionName = (typeof SECTIONS)[number];
const CONNECTIONS = 50;
/** How long the catalogue section waits for the store's index, per 100,000 parts (at least this). */
const INDEX_WAIT_SECONDS = 120;
const RESULTS_FILE = path.join(PROJECT_ROOT, 'bench', 'results.md');
// How long the machine's CPU use is sampled before and after the run, with nothing of ours running.
const IDLE_SAMPLE_MS = 2000;
const startedAt = performance.now();
const log = (message: string) => {
  const elapsed = `${Math.round((performance.now() - startedAt) / 1000)} s`.padStart(5);
  console.log(message.startsWith('\n') ? `\n[${elapsed}] ${message.slice(1)}` : `[${elapsed}] ${message}`);
};

interface Settings {
  seconds: number;
  connections: number;
  port: number;
  barePort: number;
  chromePort: number;
  adminUrl: string;
  sections: Set<SectionName>;
  catalogueParts: number;
  /** The databases the catalogue section measures (BENCH_CATALOGUE_DATABASES). */
  catalogueDatabases: Set<DatabaseKey>;
  indexWaitSeconds: number;
}

/** What the sections measured; the run's facts (Results' meta) are added at the end. */
type Measured = Omit<Results, 'meta'>;

interface Database {
  key: DatabaseKey;
  label: string;
  adminUrl?: string;
}

const isSection = (name: string): name is SectionName => (SECTIONS as readonly string[]).includes(name);

function readSettings(): Settings {
  const port = wholeNumber('BENCH_PORT', 3400, 1024, 65533);
  const catalogueParts = wholeNumber('BENCH_CATALOGUE_PARTS', SHOP_SIZE.parts, 1_000, DISTRIBUTOR_PARTS);
  const names = (process.env.BENCH_SECTIONS || SECTIONS.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isSection(name));
  if (unknown.length > 0 || names.length === 0) {
    console.error(`BENCH_SECTIONS: a comma-separated list of ${SECTIONS.join(', ')} (got ${unknown.join(', ')})`);
    process.exit(1);
  }
  const databaseKeys: readonly DatabaseKey[] = ['pglite', 'postgres'];
  const catalogueDatabases = (process.env.BENCH_CATALOGUE_DATABASES || databaseKeys.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknownDatabases = catalogueDatabases.filter((name) => !(databaseKeys as readonly string[]).includes(name));
  if (unknownDatabases.length > 0 || catalogueDatabases.length === 0) {
    console.error(`BENCH_CATALOGUE_DATABASES: pglite, postgres or both (got ${unknownDatabases.join(', ')})`);
    process.exit(1);
  }
  return {
    seconds: wholeNumber('BENCH_SECONDS', 10, 1, 600),
    connections: CONNECTIONS,
    port,
    barePort: port + 1,
    chromePort: port + 2,
    adminUrl: process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL,
    sections: new Set(names.filter(isSection)),
    catalogueParts,
    catalogueDatabases: new Set(catalogueDatabases as DatabaseKey[]),
    indexWaitSeconds: wholeNumber(
      'BENCH_INDEX_WAIT_SECONDS',
      Math.max(INDEX_WAIT_SECONDS, Math.round((INDEX_WAIT_SECONDS * catalogueParts) / SHOP_SIZE.parts)),
      1,
      7_200,
    ),
  };
}

async function main() {
  const settings = readSettings();
  const session = createSession();
  const interrupt = (signal: string) => {
    session.interrupted = true;
    console.error(`\n${signal}: stopping everything the benchmark started...`);
    void session.closeAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', () => interrupt('SIGINT'));
  process.once('SIGTERM', () => interrupt('SIGTERM'));

  let results;
  try {
    results = await run(session, settings);
  } catch (error) {
    if (session.interrupted) return; // interrupt() cleans up and exits
    console.error(`\nBenchmark aborted: ${errorMessage(error)}`);
    await session.closeAll();
    process.exit(1);
  }
  await session.closeAll();
  if (session.interrupted) return;

  const sections = buildSections(results, settings);
  console.log(formatText(sections, results.meta));
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, await prettyMarkdown(formatMarkdown(sections, results.meta)));
  console.log(`\nWritten to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  const failed = countFailedSections(results);
  if (failed > 0) console.error(`${failed} measurement(s) failed: see the tables.`);
  process.exit(failed > 0 ? 1 : 0);
}

async function run(session: Session, settings: Settings): Promise<Results> {
  const started = performance.now();
  const facts = machineFacts(settings);
  const results: Measured = {
    api: [],
    orders: undefined,
    checkout: undefined,
    web: undefined,
    startup: [],
    catalogue: [],
    csv: undefined,
  };
  // Everything runs from a copy of the build (snapshot.ts): a rebuild by someone else mid-run
  // cannot change what is measured.
  const rootDir = (await snapshotBuild(session, log)).dir;
  // Other people's work on this machine slows every number down: say how busy it was.
  const busyAtStart = await machineBusy(IDLE_SAMPLE_MS);
  for (const [port, what] of [
    [settings.port, 'the store'],
    [settings.barePort, 'the bare server'],
    [settings.chromePort, "Lighthouse's Chromium"],
  ] as const) {
    await assertPortFree(port, `BENCH_PORT (${port} is for ${what})`);
  }

  await databasePhase(session, settings, rootDir, results, { key: 'pglite', label: 'PGlite' });

  const wantsPostgres = (['api', 'orders', 'checkout', 'startup', 'catalogue'] as const).some((name) =>
    settings.sections.has(name),
  );
  const postgres = wantsPostgres
    ? await probePostgres(settings.adminUrl)
    : { available: false as const, reason: 'no PostgreSQL section in BENCH_SECTIONS' };
  if (postgres.available) {
    await databasePhase(session, settings, rootDir, results, {
      key: 'postgres',
      label: 'PostgreSQL',
      adminUrl: settings.adminUrl,
    });
  } else {
    log(`\nPostgreSQL sections skipped: ${postgres.reason}`);
    const notRun = { notRun: postgres.reason };
    if (settings.sections.has('api')) results.api.push({ database: 'PostgreSQL', ...notRun });
    if (settings.sections.has('orders')) results.orders = notRun;
    if (settings.sections.has('checkout')) results.checkout = notRun;
    if (settings.sections.has('startup')) results.startup.push({ database: 'PostgreSQL', key: 'postgres', ...notRun });
  }
  if (settings.sections.has('catalogue')) await cataloguePhase(session, settings, rootDir, results, postgres);
  if (settings.sections.has('csv')) {
    log('\n== Catalogue in bulk (CSV), PGlite ==');
    results.csv = await attempt(session, () => benchCatalogueCsv(session, { rootDir, port: settings.port, log }));
  }

  for (const name of SECTIONS.filter((section) => !settings.sections.has(section))) {
    const notRun = { notRun: 'left out by BENCH_SECTIONS' };
    if (name === 'api') results.api.push({ database: 'all', ...notRun });
    if (name === 'orders') results.orders = notRun;
    if (name === 'checkout') results.checkout = notRun;
    if (name === 'web') results.web = notRun;
    if (name === 'startup') results.startup.push({ database: 'all', key: 'pglite', ...notRun });
    if (name === 'catalogue') results.catalogue.push({ database: 'all', key: 'pglite', ...notRun });
    if (name === 'csv') results.csv = notRun;
  }
  const meta = {
    ...facts,
    busyAtStart,
    busyAtEnd: await machineBusy(IDLE_SAMPLE_MS),
    loadEnd: os.loadavg()[0] ?? 0,
    runSeconds: (performance.now() - started) / 1000,
    postgres: postgres.available ? describeServer(settings.adminUrl) : postgres.reason,
  };
  return { ...results, meta };
}

/**
 * One database: a fresh store on it, filled; the load sections that run on this database; its
 * memory after them; one API read again with warnings and errors logged only; then, stopped, the
 * start-up section on the same data. A failure ends the phase and is recorded for each of its
 * sections that had not run yet.
 */
async function databasePhase(
  session: Session,
  settings: Settings,
  rootDir: string,
  results: Measured,
  database: Database,
) {
  const wants = (name: SectionName) => settings.sections.has(name);
  const runsHere = {
    api: wants('api'),
    orders: wants('orders') && database.key === 'postgres',
    checkout: wants('checkout') && database.key === 'postgres',
    web: wants('web') && database.key === 'pglite',
    startup: wants('startup'),
  };
  if (!Object.values(runsHere).some(Boolean)) return;
  log(`\n== ${database.label} ==`);
  const folder = makeTempDir(session, 'brakehouse-bench-');
  let throwaway: ThrowawayDatabase | undefined;
  let store: RunningStore | undefined;
  let afterLoadRssKb: number | undefined;
  // Its label before there is a product to read: a failure before then is recorded under it too.
  const quietLog = quietLogEndpoint('');
  const fillingProcess = fillingProcessEndpoint('');
  const startOn = (logLevel?: typeof QUIET_LOG_LEVEL) =>
    benchStore(session, {
      rootDir,
      port: settings.port,
      dataDir: folder.dir,
      databaseUrl: throwaway?.url,
      logLevel,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSWORD },
    });
  try {
    if (database.adminUrl) {
      throwaway = await createThrowawayDatabase(session, database.adminUrl);
      log(`Throwaway database ${throwaway.name} on ${describeServer(database.adminUrl)}`);
    }
    store = await startOn();
    // Our processes, for telling our CPU use from other people's (cpu.ts).
    const databasePids = async () =>
      throwaway && database.adminUrl ? backendPids(database.adminUrl, throwaway.name) : [];
    const ourPids = async () => [store?.server.child.pid ?? 0, ...(await databasePids())];
    log(`Filling the catalogue through the API...`);
    const catalogue = await fillCatalogue(store.baseUrl);
    log(`  ${catalogue.products} products, ${catalogue.reviews} reviews in ${catalogue.seconds.toFixed(1)} s`);
    // A product in the middle of the catalogue: neither the newest nor the oldest row.
    const productId = catalogue.productIds[Math.floor(catalogue.productIds.length / 2)] ?? '';
    const reads = { ...settings, productId, ourPids, log };

    if (runsHere.api) {
      log(`API read on the process that filled the catalogue:`);
      const { baseUrl } = store;
      const endpoint = fillingProcessEndpoint(productId);
      results.api.push({
        database: database.label,
        endpoint: fillingProcess.label,
        ...(await attempt(session, () => benchApiReads(session, { ...reads, baseUrl, endpoints: [endpoint] }))),
      });
    }
    // The sections measure a store started on the filled data, as after a deploy: the process that
    // filled it carries the state of 2,000 writes (the row above), which the warn row below, on a
    // fresh process, would not share.
    if (store.server.exit !== undefined) throw new Error('the store exited while being filled');
    await store.stop();
    store = await startOn();

    if (runsHere.api) {
      log(`API reads (${settings.seconds} s each for the store and the bare server):`);
      const { baseUrl } = store;
      results.api.push({
        database: database.label,
        ...(await attempt(session, () =>
          benchApiReads(session, { ...reads, baseUrl, endpoints: readEndpoints(productId) }),
        )),
      });
    }
    if (runsHere.orders && throwaway) {
      log('Orders:');
      const { baseUrl } = store;
      const databaseUrl = throwaway.url;
      results.orders = await attempt(session, () =>
        benchOrders(session, {
          baseUrl,
          admin: catalogue.admin,
          databaseUrl,
          seconds: settings.seconds,
          ourPids,
          log,
        }),
      );
    }
    if (runsHere.checkout && throwaway) {
      log('Checkout:');
      const { baseUrl } = store;
      const databaseUrl = throwaway.url;
      results.checkout = await attempt(session, () =>
        benchCheckout(session, {
          baseUrl,
          admin: catalogue.admin,
          databaseUrl,
          seconds: settings.seconds,
          ourPids,
          log,
        }),
      );
    }
    if (runsHere.web) {
      const { baseUrl } = store;
      const part = await attempt(session, () => samplePartId(baseUrl));
      const partId = part.result;
      if (partId === undefined) {
        results.web = { transfer: { error: part.error }, lighthouse: { error: part.error } };
      } else {
        const pages = transferPages(partId);
        log(`Web: transfer of ${pages.map((page) => page.label).join(', ')}...`);
        const transfer = await attempt(session, () => benchTransfer(session, { baseUrl, pages }));
        const lighthouse = await attempt(session, () =>
          benchLighthouse(session, { baseUrl, pages: lighthousePages(partId), chromePort: settings.chromePort, log }),
        );
        results.web = { transfer, lighthouse };
      }
    }
    if (runsHere.api || runsHere.orders || runsHere.checkout) {
      await sleep(IDLE_SECONDS * 1000);
      afterLoadRssKb = readRssKb(store.server.child.pid);
    }
    if (store.server.exit !== undefined) throw new Error('the store exited during the run');
    await store.stop();

    if (runsHere.api) {
      log(`API read again, with LOG_LEVEL=${QUIET_LOG_LEVEL}:`);
      store = await startOn(QUIET_LOG_LEVEL);
      const { baseUrl } = store;
      const endpoint = quietLogEndpoint(productId);
      results.api.push({
        database: database.label,
        endpoint: quietLog.label,
        ...(await attempt(session, () => benchApiReads(session, { ...reads, baseUrl, endpoints: [endpoint] }))),
      });
      await store.stop();
    }

    if (runsHere.startup) {
      log('Start-up (npm start on the existing data):');
      const databaseUrl = throwaway?.url;
      results.startup.push({
        database: database.label,
        key: database.key,
        afterLoadRssKb,
        ...(await attempt(session, () =>
          benchStartup(session, {
            rootDir,
            port: settings.port,
            dataDir: folder.dir,
            databaseUrl,
            databasePids,
            log,
          }),
        )),
      });
    }
  } catch (error) {
    if (session.interrupted) throw error;
    const failure = { error: errorMessage(error) };
    log(`${database.label}: ${failure.error}`);
    const apiEntry = (endpoint?: string) =>
      results.api.some((entry) => entry.database === database.label && entry.endpoint === endpoint);
    if (runsHere.api && !apiEntry(fillingProcess.label)) {
      results.api.push({ database: database.label, endpoint: fillingProcess.label, ...failure });
    }
    if (runsHere.api && !apiEntry()) results.api.push({ database: database.label, ...failure });
    if (runsHere.api && !apiEntry(quietLog.label)) {
      results.api.push({ database: database.label, endpoint: quietLog.label, ...failure });
    }
    if (runsHere.orders && !results.orders) results.orders = failure;
    if (runsHere.checkout && !results.checkout) results.checkout = failure;
    if (runsHere.web && !results.web) results.web = { transfer: failure, lighthouse: failure };
    if (runsHere.startup && !results.startup.some((entry) => entry.database === database.label)) {
      results.startup.push({ database: database.label, key: database.key, ...failure });
    }
  } finally {
    await store?.stop();
    await throwaway?.drop();
    await folder.remove();
  }
}

/**
 * The catalogue section: the catalogue generated once, then on each database a store of its own
 * loaded with it (catalogue-search.ts). A failure is recorded for its database; the other still runs.
 */
async function cataloguePhase(
  session: Session,
  settings: Settings,
  rootDir: string,
  results: Measured,
  postgres: PostgresProbe,
) {
  log('\n== Catalogue search ==');
  const started = performance.now();
  const catalogue = generateCatalogue(catalogueSize(settings.catalogueParts));
  const generateSeconds = (performance.now() - started) / 1000;
  log(
    `Generated ${catalogue.parts.length.toLocaleString('en-US')} parts, ${catalogue.vehicles.length.toLocaleString('en-US')} ` +
      `model years, ${catalogue.fitment.part.length.toLocaleString('en-US')} fitment rows in ${generateSeconds.toFixed(1)} s`,
  );
  const databases: Database[] = [];
  const leftOut = 'left out by BENCH_CATALOGUE_DATABASES';
  if (settings.catalogueDatabases.has('pglite')) databases.push({ key: 'pglite', label: 'PGlite' });
  else results.catalogue.push({ database: 'PGlite', key: 'pglite', notRun: leftOut });
  if (!settings.catalogueDatabases.has('postgres')) {
    results.catalogue.push({ database: 'PostgreSQL', key: 'postgres', notRun: leftOut });
  } else if (postgres.available) {
    databases.push({ key: 'postgres', label: 'PostgreSQL', adminUrl: settings.adminUrl });
  } else results.catalogue.push({ database: 'PostgreSQL', key: 'postgres', notRun: postgres.reason });
  for (const database of databases) {
    log(`${database.label}:`);
    results.catalogue.push({
      database: database.label,
      key: database.key,
      ...(await attempt(session, () =>
        benchCatalogueSearch(session, {
          rootDir,
          port: settings.port,
          adminUrl: database.adminUrl,
          catalogue,
          generateSeconds,
          seconds: settings.seconds,
          connections: settings.connections,
          indexWaitSeconds: settings.indexWaitSeconds,
          log,
        }),
      )),
    });
  }
}

/** The file as `prettier --check` wants it (aligned tables), with the project's settings. */
async function prettyMarkdown(markdown: string) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(RESULTS_FILE)) ?? {};
  return prettier.format(markdown, { ...options, filepath: RESULTS_FILE });
}

/** Runs one measurement; answers { result } or, when it threw, { error } (the run goes on). */
async function attempt<T>(session: Session, measurement: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { result: await measurement() };
  } catch (error) {
    if (session.interrupted) throw error; // Ctrl-C: no more measurements
    log(`  failed: ${errorMessage(error)}`);
    return { error: errorMessage(error) };
  }
}

function countFailedSections(results: Results) {
  const entries = [
    ...results.api,
    results.orders,
    results.checkout,
    results.web?.transfer,
    results.web?.lighthouse,
    ...results.startup,
    ...results.catalogue,
    results.csv,
  ];
  return entries.filter((entry) => entry?.error).length;
}

/** The share of the machine's CPU time (all cores) spent on anything but idling over `ms`; Linux only. */
async function machineBusy(ms: number) {
  const times = () => {
    const fields = machineTimes();
    // user nice system idle iowait irq softirq steal ...: idle and iowait are idle time.
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
  };
  try {
    const before = times();
    await sleep(ms);
    const after = times();
    return 1 - (after.idle - before.idle) / (after.total - before.total);
  } catch {
    return undefined;
  }
}

function machineFacts(settings: Settings) {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return undefined;
    }
  };
  return {
    date: new Date().toISOString(),
    node: process.version,
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown CPU',
    memoryGiB: os.totalmem() / 1024 ** 3,
    platform: `${os.type()} ${os.release()}`,
    commit: git('rev-parse', '--short', 'HEAD') ?? 'unknown',
    dirty: Boolean(git('status', '--porcelain', '--untracked-files=no')),
    loadStart: os.loadavg()[0] ?? 0,
    seconds: settings.seconds,
    connections: settings.connections,
  };
}

void main();
