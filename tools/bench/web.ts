// Section 3, the web app as a browser gets it from the running store (loopback only: the store
// ships every asset, and the browser flags keep Chromium's own background traffic off).
//   1. Transfer: Chromium (playwright-core) opens each page of TRANSFER_PAGES as a first visit (an
//      empty cache) and waits for the network to go idle; every script and stylesheet it loaded is
//      gzipped at level 9 and counted, whatever the server sent.
//   2. Lighthouse 12 (its default config: mobile, simulated throttling) on a few pages. With
//      BENCH_LIGHTHOUSE_REPORTS=<folder>, every run's report (Lighthouse's JSON) is written there.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import type { Result as LighthouseResult } from 'lighthouse';
import type { Page } from 'playwright-core';
import { pagePaths } from '../../contract/pages.js';
import { apiPaths } from '../../contract/paths.js';
import type { CatalogueResponse } from '../../contract/products.js';
import { seedProducts } from '../../server/db/sample-catalogue.js';
import { median } from './load.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.js';
import { api, call } from '../lib/store-api.js';
import { makeTempDir, type Session } from './session.js';

export const CHROMIUM = CHROMIUM_PATH;
/** The first visit of each page of TRANSFER_PAGES (issue 14: the catalogue's pages keep the budget of /). */
export const TRANSFER_BUDGET_BYTES = { script: 100 * 1024, stylesheet: 25 * 1024 };

/** A page to measure: how the tables name it, and its path on the store. */
export interface WebPage {
  label: string;
  path: string;
}

/** The part of the sample catalogue whose page `/parts/{id}` is measured. */
export const SAMPLE_PART_SKU = seedProducts[0]?.sku ?? '';
export const PART_PAGE_LABEL = `${pagePaths.parts}/{id}`;
const page = (path: string): WebPage => ({ label: path, path });
const partPage = (partId: string): WebPage => ({ label: PART_PAGE_LABEL, path: pagePaths.part(partId) });

export const transferPages = (partId: string): WebPage[] => [page('/'), page(pagePaths.parts), partPage(partId)];
export const lighthousePages = (partId: string): WebPage[] => [
  page('/'),
  page(pagePaths.blog),
  page(pagePaths.login),
  page(pagePaths.parts),
  partPage(partId),
  page(pagePaths.cart),
];
/** For the tables when nothing was measured. */
export const TRANSFER_PAGE_LABELS = transferPages('').map((entry) => entry.label);
export const LIGHTHOUSE_PAGE_LABELS = lighthousePages('').map((entry) => entry.label);

/** The id of the sample part SAMPLE_PART_SKU in a running store (seeded at its first start). */
export async function samplePartId(baseUrl: string): Promise<string> {
  const query = new URLSearchParams({ q: SAMPLE_PART_SKU });
  const { body } = await call<CatalogueResponse>(baseUrl, 'GET', `${api(apiPaths.catalogue)}?${query}`, {
    headers: { 'accept-encoding': 'identity' },
  });
  const part = body.items.find((product) => product.sku.toLowerCase() === SAMPLE_PART_SKU.toLowerCase());
  if (!part) throw new Error(`the sample part ${SAMPLE_PART_SKU} is not in the store's catalogue`);
  return part._id;
}
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof LIGHTHOUSE_CATEGORIES)[number];
export const LIGHTHOUSE_BUDGET = 95;
// Performance scores move by 10-20 points between runs of one page here (layout shift, CPU
// contention: other people's browser tests on the same 2 cores lengthen the observed tasks that
// Lighthouse multiplies into Total Blocking Time): the median of five runs, as Lighthouse's own docs
// advise.
export const LIGHTHOUSE_RUNS = 5;
const PAGE_LOAD_TIMEOUT_MS = 60_000;
// Audits named per category that missed the budget, biggest loss first.
const LOST_POINTS_SHOWN = 4;
// Files named per type in the notes, biggest first.
const LARGEST_FILES_SHOWN = 5;

type AssetType = 'script' | 'stylesheet';

export interface TransferTotal {
  files: number;
  raw: number;
  gzip: number;
  unread: number;
  failed: string[];
  largest: { name: string; gzip: number }[];
}

export type Transfer = Record<AssetType, TransferTotal>;

/** What the first visit of one page loaded. */
export interface PageTransfer extends Transfer {
  page: string;
}

const emptyTotal = (): TransferTotal => ({ files: 0, raw: 0, gzip: 0, unread: 0, failed: [], largest: [] });

export async function benchTransfer(
  session: Session,
  { baseUrl, pages }: { baseUrl: string; pages: WebPage[] },
): Promise<PageTransfer[]> {
  // Imported here: only this section needs it, and it takes a moment to load.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    // This script cleans up on Ctrl-C itself; Playwright's own handlers would exit before it did.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  // Playwright kills the browsers it launched when this process exits, so `kill` has nothing to do.
  const close = session.own('Chromium (playwright-core)', { close: () => browser.close(), kill: () => undefined });
  try {
    const measured: PageTransfer[] = [];
    for (const { label, path } of pages) {
      // A context of its own: an empty cache, as on a first visit.
      const context = await browser.newContext();
      try {
        measured.push({ page: label, ...(await loadAssets(await context.newPage(), `${baseUrl}${path}`)) });
      } finally {
        await context.close();
      }
    }
    return measured;
  } finally {
    await close();
  }
}

/** Opens `url` and counts every script and stylesheet it loaded. */
async function loadAssets(page: Page, url: string): Promise<Transfer> {
  const bodies = new Map<string, Promise<{ type: AssetType; status: number; body: Buffer | undefined }>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && !bodies.has(response.url())) {
      const status = response.status();
      bodies.set(
        response.url(),
        response.body().then(
          (body) => ({ type, status, body }),
          () => ({ type, status, body: undefined }),
        ),
      );
    }
  });
  const response = await page.goto(url, { waitUntil: 'networkidle', timeout: PAGE_LOAD_TIMEOUT_MS });
  if (response?.status() !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${response?.status()}`);
  const totals: Transfer = { script: emptyTotal(), stylesheet: emptyTotal() };
  for (const [assetUrl, loaded] of bodies) {
    const { type, status, body } = await loaded;
    const total = totals[type];
    total.files += 1;
    // A missing asset (404) would be counted at the size of its error answer: say so instead.
    if (status !== 200) total.failed.push(`${new URL(assetUrl).pathname} answered ${status}`);
    if (body === undefined) {
      total.unread += 1;
      continue;
    }
    const gzip = gzipSync(body, { level: 9 }).length;
    total.raw += body.length;
    total.gzip += gzip;
    total.largest.push({ name: new URL(assetUrl).pathname.split('/').pop() ?? assetUrl, gzip });
  }
  for (const total of Object.values(totals)) {
    total.largest = total.largest.sort((a, b) => b.gzip - a.gzip).slice(0, LARGEST_FILES_SHOWN);
  }
  return totals;
}

type Scores = Partial<Record<Category, number>>;

export interface PageScores {
  page: string;
  /** The median of the runs, per category, 0-100. */
  scores: Scores;
  runScores: Scores[];
  lostPoints: string[];
  warnings: string[];
  benchmarkIndexes: number[];
}

export async function benchLighthouse(
  session: Session,
  {
    baseUrl,
    pages,
    chromePort,
    log,
  }: { baseUrl: string; pages: WebPage[]; chromePort: number; log: (message: string) => void },
): Promise<PageScores[]> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  // chrome-launcher reports a missing browser as an 'error' event nobody listens to, which would end
  // the whole run: say it here instead, as this measurement's failure.
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (scripts/ensure-chromium.mjs installs it)`);
  // Our own profile folder, removed after Chrome (registered first, so closed last).
  const profile = makeTempDir(session, 'brakehouse-bench-chrome-');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    port: chromePort, // its DevTools port: one of ours, not a random one
    userDataDir: profile.dir,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const close = session.own(`Chromium for Lighthouse (${chrome.pid})`, {
    close: async () => {
      const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : undefined;
      chrome.kill();
      await exited;
    },
    kill: () => chrome.kill(),
  });
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  const audit = async (url: string) =>
    (
      await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      })
    )?.lhr;
  try {
    const results: PageScores[] = [];
    for (const { label: page, path } of pages) {
      const runs: { lhr: LighthouseResult; scores: Scores }[] = [];
      const warnings: string[] = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
        log(`  Lighthouse ${page}, run ${run} of ${LIGHTHOUSE_RUNS}...`);
        const { lhr, retried } = await auditOnce(audit, `${baseUrl}${path}`, log);
        if (reports) writeFileSync(reportFile(reports, page, run), JSON.stringify(lhr));
        if (retried) warnings.push(`run ${run} failed and was repeated: ${retried}`);
        warnings.push(...offLoopback(lhr).map((url) => `the page asked for ${url}, outside loopback`));
        warnings.push(...(lhr.runWarnings ?? []));
        runs.push({ lhr, scores: scoresOf(lhr) });
      }
      // The run with the median performance score stands for the page (its lost points are shown).
      const representative = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0))[
        Math.floor(runs.length / 2)
      ];
      results.push({
        page,
        scores: Object.fromEntries(
          LIGHTHOUSE_CATEGORIES.map((id) => [
            id,
            median(runs.map((run) => run.scores[id]).filter((score): score is number => Number.isFinite(score))),
          ]),
        ),
        runScores: runs.map((run) => run.scores),
        lostPoints: representative ? LIGHTHOUSE_CATEGORIES.flatMap((id) => lostPoints(representative.lhr, id)) : [],
        warnings: [...new Set(warnings)],
        benchmarkIndexes: runs
          .map((run) => run.lhr.environment?.benchmarkIndex)
          .filter((index): index is number => Boolean(index)),
      });
    }
    return results;
  } finally {
    await close();
    await profile.remove();
  }
}

/** `/parts/{id}`, run 2: `<folder>/parts_{id}-2.json` (`/` is `home`). */
const reportFile = (folder: string, page: string, run: number) =>
  join(folder, `${page.replace(/^\//, '').replaceAll('/', '_') || 'home'}-${run}.json`);

/** One Lighthouse run; a run that fails (e.g. NO_FCP, no paint in time on a busy machine) once more. */
async function auditOnce(
  audit: (url: string) => Promise<LighthouseResult | undefined>,
  url: string,
  log: (message: string) => void,
) {
  let lhr = await audit(url);
  const retried = lhr?.runtimeError?.message;
  if (retried) {
    log(`  Lighthouse failed (${retried}); once more...`);
    lhr = await audit(url);
  }
  if (!lhr) throw new Error(`Lighthouse on ${url}: no result`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  return { lhr, retried };
}

/** Category scores out of 100; undefined where Lighthouse gave none. */
const scoresOf = (lhr: LighthouseResult): Scores =>
  Object.fromEntries(
    LIGHTHOUSE_CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : undefined];
    }),
  );

/** URLs the page requested from anywhere but this machine (there is no network here). */
function offLoopback(lhr: LighthouseResult): string[] {
  const details = lhr.audits['network-requests']?.details;
  const items = details && 'items' in details ? (details.items as { url?: unknown }[]) : [];
  return items
    .map((item) => item.url)
    .filter((url): url is string => typeof url === 'string')
    .filter(
      (url) => /^(https?|wss?):/.test(url) && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname),
    );
}

/** For a category under budget: its audits that cost the most points, with their values. */
function lostPoints(lhr: LighthouseResult, categoryId: Category): string[] {
  const category = lhr.categories[categoryId];
  if (!category || category.score === null || category.score * 100 >= LIGHTHOUSE_BUDGET) return [];
  return category.auditRefs
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      return ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1
        ? [{ audit, loss: ref.weight * (1 - audit.score) }]
        : [];
    })
    .sort((a, b) => b.loss - a.loss)
    .slice(0, LOST_POINTS_SHOWN)
    .map(({ audit }) => `${category.title}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}
