// Section 4, start-up and idle memory: `node scripts/start.mjs` (what `npm start` runs, without npm's
// own start-up) on a data folder / database that already exists, timed from spawn to the first 200
// on /, STARTUP_RUNS times; each time the server then idles IDLE_SECONDS and its RSS is read.
// A run during which other work took the machine (cpu.ts) is repeated, up to EXTRA_RUNS times, and
// the medians are of the quiet runs when there are STARTUP_RUNS of them.
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, readRssKb, type StoreProcess } from '../lib/store-process.js';
import { NOISY_SHARE, startCpuMeter } from './cpu.js';
import { median } from './load.js';
import { benchStore, type Session } from './session.js';

const STARTUP_RUNS = 3;
const EXTRA_RUNS = 2;
export const STARTUP_BUDGET_MS = 2000;
export const IDLE_SECONDS = 5;
export const IDLE_MEMORY_BUDGET_MB = { pglite: 350, postgres: 150 };
const POLL_EVERY_MS = 10;
const START_TIMEOUT_MS = 90_000;

export interface StartupRun {
  ms: number;
  rssKb: number | undefined;
  otherWork: number | undefined;
  noisy: boolean;
}

export interface StartupResult {
  runs: StartupRun[];
  /** The runs the medians are of. */
  counted: StartupRun[];
  medianMs: number | undefined;
  medianRssKb: number | undefined;
}

interface StartupSettings {
  rootDir: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL processes of the store's database. */
  databasePids: () => Promise<number[]>;
  log: (message: string) => void;
}

export async function benchStartup(
  session: Session,
  { rootDir, port, dataDir, databaseUrl, databasePids, log }: StartupSettings,
): Promise<StartupResult> {
  const runs: StartupRun[] = [];
  const quiet = () => runs.filter((run) => !run.noisy);
  for (let run = 1; quiet().length < STARTUP_RUNS && run <= STARTUP_RUNS + EXTRA_RUNS; run += 1) {
    const meter = startCpuMeter();
    const started = performance.now();
    const { server, baseUrl, stop } = await benchStore(session, {
      entry: 'scripts/start.mjs',
      rootDir,
      logPrefix: '[npm start]',
      port,
      dataDir,
      databaseUrl,
      waitForHealth: false,
    });
    try {
      const ms = (await firstOkPage(baseUrl, server)) - started;
      const otherWork = meter.stop([server.child.pid ?? 0, ...(await databasePids())]);
      await sleep(IDLE_SECONDS * 1000);
      const rssKb = readRssKb(server.child.pid);
      const noisy = otherWork !== undefined && otherWork > NOISY_SHARE;
      runs.push({ ms, rssKb, otherWork, noisy });
      log(
        `  run ${run}: ${(ms / 1000).toFixed(2)} s to the first 200 on /, RSS ${((rssKb ?? NaN) / 1024).toFixed(0)} MiB` +
          (noisy ? `; other work took ${Math.round((otherWork ?? 0) * 100)} % of the machine: one more run` : ''),
      );
    } finally {
      await stop();
    }
  }
  // Too few quiet runs (the machine stayed busy): the first STARTUP_RUNS, noisy or not, and the
  // report says so.
  const counted = quiet().length >= STARTUP_RUNS ? quiet() : runs.slice(0, STARTUP_RUNS);
  return {
    runs,
    counted,
    medianMs: median(counted.map((run) => run.ms)),
    medianRssKb: median(counted.map((run) => run.rssKb).filter((kb): kb is number => kb !== undefined)),
  };
}

/** Polls GET / until it answers 200; answers performance.now() at that moment. */
async function firstOkPage(baseUrl: string, server: StoreProcess) {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (!isRunning(server)) throw new Error('npm start exited before answering /');
    const status = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => undefined,
    );
    if (status === 200) return performance.now();
    await sleep(POLL_EVERY_MS);
  }
  throw new Error(`GET / did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
}
