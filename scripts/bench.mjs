// `npm run bench`: measures the store as its users feel it, on loopback (never part of `npm test` or
// CI), prints one table per section and writes bench/results.md. Each line says whether its budget
// is met; an unmet budget is reported, not fatal: the exit code is 0 after a complete run, 1 when a
// section could not measure (an error), 130 after Ctrl-C.
//
//   1. API reads (scripts/bench/api-reads.mjs), on PGlite and on PostgreSQL
//   2. Orders (orders.mjs), on PostgreSQL
//   3. Web: JS/CSS transfer and Lighthouse (web.mjs), on PGlite
//   4. Start-up and idle memory (startup.mjs), on PGlite and on PostgreSQL
//
// Each database gets a store of its own (a fresh temporary data folder; on PostgreSQL a throwaway
// bench_<random> database, dropped afterwards), filled to 1,000 products and reviews through the API;
// the load sections run against it, then it is stopped and `npm start` is timed on the same data.
//
// Environment: BENCH_SECONDS (10: each load measurement), BENCH_PORT (3400: the store; the bare
// server takes the next port and Lighthouse's Chromium the one after), BENCH_DATABASE_URL (a
// PostgreSQL URL of a role that may create databases; default postgres://postgres@127.0.0.1:5432/
// postgres, skipped when nothing answers there), BENCH_SECTIONS (api,orders,web,startup: a subset).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchApiReads } from './bench/api-reads.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, fillCatalogue } from './bench/catalogue.mjs';
import { benchOrders } from './bench/orders.mjs';
import {
  backendPids,
  createThrowawayDatabase,
  DEFAULT_ADMIN_URL,
  describeServer,
  probePostgres,
} from './bench/postgres.mjs';
import { buildSections, formatMarkdown, formatText } from './bench/report.mjs';
import { createSession, errorMessage, makeTempDir, startStore } from './bench/session.mjs';
import { snapshotBuild } from './bench/snapshot.mjs';
import { benchStartup, IDLE_SECONDS } from './bench/startup.mjs';
import { benchLighthouse, benchTransfer } from './bench/web.mjs';
import { root } from './build-if-stale.mjs';
import { assertPortFree, readRssKb, wholeNumber } from './lib/store-process.mjs';

const SECTIONS = ['api', 'orders', 'web', 'startup'];
const CONNECTIONS = 50;
const RESULTS_FILE = path.join(root, 'bench', 'results.md');
// How long the machine's CPU use is sampled before and after the run, with nothing of ours running.
const IDLE_SAMPLE_MS = 2000;
const startedAt = performance.now();
const log = (message) => {
  const elapsed = `${Math.round((performance.now() - startedAt) / 1000)} s`.padStart(5);
  console.log(message.startsWith('\n') ? `\n[${elapsed}] ${message.slice(1)}` : `[${elapsed}] ${message}`);
};

function readSettings() {
  const port = wholeNumber('BENCH_PORT', 3400, 1024, 65533);
  const sections = new Set(
    (process.env.BENCH_SECTIONS || SECTIONS.join(','))
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const unknown = [...sections].filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0 || sections.size === 0) {
    console.error(`BENCH_SECTIONS: a comma-separated list of ${SECTIONS.join(', ')} (got ${unknown.join(', ')})`);
    process.exit(1);
  }
  return {
    seconds: wholeNumber('BENCH_SECONDS', 10, 1, 600),
    connections: CONNECTIONS,
    port,
    barePort: port + 1,
    chromePort: port + 2,
    adminUrl: process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL,
    sections,
  };
}

async function main() {
  const settings = readSettings();
  const session = createSession();
  const interrupt = (signal) => {
    session.interrupted = true;
    console.error(`\n${signal}: stopping everything the benchmark started...`);
    session.closeAll().finally(() => process.exit(130));
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

async function run(session, settings) {
  const started = performance.now();
  const results = {
    meta: machineFacts(settings),
    api: [],
    orders: undefined,
    web: undefined,
    startup: [],
  };
  // Everything runs from a copy of the build (snapshot.mjs): a rebuild by someone else mid-run
  // cannot change what is measured.
  settings.rootDir = (await snapshotBuild(session, log)).dir;
  // Other people's work on this machine slows every number down: say how busy it was.
  results.meta.busyAtStart = await machineBusy(IDLE_SAMPLE_MS);
  for (const [port, what] of [
    [settings.port, 'the store'],
    [settings.barePort, 'the bare server'],
    [settings.chromePort, "Lighthouse's Chromium"],
  ]) {
    await assertPortFree(port, `BENCH_PORT (${port} is for ${what})`);
  }

  await databasePhase(session, settings, results, { key: 'pglite', label: 'PGlite' });

  const wantsPostgres = ['api', 'orders', 'startup'].some((name) => settings.sections.has(name));
  const postgres = wantsPostgres
    ? await probePostgres(settings.adminUrl)
    : { available: false, reason: 'no PostgreSQL section in BENCH_SECTIONS' };
  results.meta.postgres = postgres.available ? describeServer(settings.adminUrl) : postgres.reason;
  if (postgres.available) {
    await databasePhase(session, settings, results, {
      key: 'postgres',
      label: 'PostgreSQL',
      adminUrl: settings.adminUrl,
    });
  } else {
    log(`\nPostgreSQL sections skipped: ${postgres.reason}`);
    const notRun = { notRun: postgres.reason };
    if (settings.sections.has('api')) results.api.push({ database: 'PostgreSQL', ...notRun });
    if (settings.sections.has('orders')) results.orders = notRun;
    if (settings.sections.has('startup')) results.startup.push({ database: 'PostgreSQL', key: 'postgres', ...notRun });
  }

  for (const name of SECTIONS.filter((section) => !settings.sections.has(section))) {
    const notRun = { notRun: 'left out by BENCH_SECTIONS' };
    if (name === 'api') results.api.push({ database: 'all', ...notRun });
    if (name === 'orders') results.orders = notRun;
    if (name === 'web') results.web = notRun;
    if (name === 'startup') results.startup.push({ database: 'all', key: 'pglite', ...notRun });
  }
  results.meta.busyAtEnd = await machineBusy(IDLE_SAMPLE_MS);
  results.meta.loadEnd = os.loadavg()[0];
  results.meta.runSeconds = (performance.now() - started) / 1000;
  return results;
}

/**
 * One database: a fresh store on it, filled; the load sections that run on this database; its
 * memory after them; then, stopped, the start-up section on the same data. A failure ends the
 * phase and is recorded for each of its sections that had not run yet.
 */
async function databasePhase(session, settings, results, database) {
  const wants = (name) => settings.sections.has(name);
  const runsHere = {
    api: wants('api'),
    orders: wants('orders') && database.key === 'postgres',
    web: wants('web') && database.key === 'pglite',
    startup: wants('startup'),
  };
  if (!Object.values(runsHere).some(Boolean)) return;
  log(`\n== ${database.label} ==`);
  const folder = makeTempDir(session, 'brakehouse-bench-');
  let throwaway;
  let store;
  let afterLoadRssKb;
  try {
    if (database.adminUrl) {
      throwaway = await createThrowawayDatabase(session, database.adminUrl);
      log(`Throwaway database ${throwaway.name} on ${describeServer(database.adminUrl)}`);
    }
    store = await startStore(session, {
      rootDir: settings.rootDir,
      port: settings.port,
      dataDir: folder.dir,
      databaseUrl: throwaway?.url,
      extraEnv: { ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSWORD },
    });
    // Our processes, for telling our CPU use from other people's (cpu.mjs).
    const databasePids = async () => (throwaway ? backendPids(database.adminUrl, throwaway.name) : []);
    const ourPids = async () => [store.server.child.pid, ...(await databasePids())];
    log(`Filling the catalogue through the API...`);
    const catalogue = await fillCatalogue(store.baseUrl);
    log(`  ${catalogue.products} products, ${catalogue.reviews} reviews in ${catalogue.seconds.toFixed(1)} s`);

    if (runsHere.api) {
      log(`API reads (${settings.seconds} s each for the store and the bare server):`);
      // A product in the middle of the catalogue: neither the newest nor the oldest row.
      const productId = catalogue.productIds[Math.floor(catalogue.productIds.length / 2)];
      results.api.push({
        database: database.label,
        ...(await attempt(session, () =>
          benchApiReads(session, { ...settings, baseUrl: store.baseUrl, productId, ourPids, log }),
        )),
      });
    }
    if (runsHere.orders) {
      log('Orders:');
      results.orders = await attempt(session, () =>
        benchOrders(session, {
          baseUrl: store.baseUrl,
          admin: catalogue.admin,
          databaseUrl: throwaway.url,
          seconds: settings.seconds,
          ourPids,
          log,
        }),
      );
    }
    if (runsHere.web) {
      log('Web: transfer of /...');
      const transfer = await attempt(session, () => benchTransfer(session, { baseUrl: store.baseUrl }));
      const lighthouse = await attempt(session, () =>
        benchLighthouse(session, { baseUrl: store.baseUrl, chromePort: settings.chromePort, log }),
      );
      results.web = { transfer, lighthouse };
    }
    if (runsHere.api || runsHere.orders) {
      await sleep(IDLE_SECONDS * 1000);
      afterLoadRssKb = readRssKb(store.server.child.pid);
    }
    if (store.server.exit) throw new Error('the store exited during the run');
    await store.stop();

    if (runsHere.startup) {
      log('Start-up (npm start on the existing data):');
      results.startup.push({
        database: database.label,
        key: database.key,
        afterLoadRssKb,
        ...(await attempt(session, () =>
          benchStartup(session, {
            rootDir: settings.rootDir,
            port: settings.port,
            dataDir: folder.dir,
            databaseUrl: throwaway?.url,
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
    if (runsHere.api && !results.api.some((entry) => entry.database === database.label)) {
      results.api.push({ database: database.label, ...failure });
    }
    if (runsHere.orders && !results.orders) results.orders = failure;
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

/** The file as `prettier --check` wants it (aligned tables), with the project's settings. */
async function prettyMarkdown(markdown) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(RESULTS_FILE)) ?? {};
  return prettier.format(markdown, { ...options, filepath: RESULTS_FILE });
}

/** Runs one measurement; answers { result } or, when it threw, { error } (the run goes on). */
async function attempt(session, measurement) {
  try {
    return { result: await measurement() };
  } catch (error) {
    if (session.interrupted) throw error; // Ctrl-C: no more measurements
    log(`  failed: ${errorMessage(error)}`);
    return { error: errorMessage(error) };
  }
}

function countFailedSections(results) {
  const entries = [...results.api, results.orders, results.web?.transfer, results.web?.lighthouse, ...results.startup];
  return entries.filter((entry) => entry?.error).length;
}

/** The share of the machine's CPU time (all cores) spent on anything but idling over `ms`; Linux only. */
async function machineBusy(ms) {
  const times = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal ...: idle and iowait are idle time.
    return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
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

function machineFacts(settings) {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
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
    loadStart: os.loadavg()[0],
    seconds: settings.seconds,
    connections: settings.connections,
  };
}

main();
