// Turns a run's results into one table per section, each line with its budget and whether it was met,
// printed as text and written as Markdown. A section or database that did not run says why.
import { FILLING_PROCESS_LABEL, QUIET_LOG_LABEL, READ_BUDGET } from './api-reads.js';
import { CATALOGUE_SIZE } from './catalogue.js';
import { CSV_BUDGET, CSV_SIZE } from './catalogue-csv.js';
import { PART_CATEGORIES } from '../../contract/catalogue.js';
import { apiPaths } from '../../contract/paths.js';
import { CATALOGUE_VERSION_HEADER } from '../../server/catalogue/search.js';
import { api } from '../lib/store-api.js';
import { catalogueSize, DEFAULT_SEED, SHOP_SIZE, UNIVERSAL_SHARE } from './catalogue-data.js';
import {
  BUILD_PAGE_EVERY_MS,
  CATALOGUE_BUDGET,
  describeIndexWait,
  INDEX_POLL_MS,
  LAST_PAGE,
  PART_PAGE_SHARE,
  REQUEST_TIMEOUT_SECONDS,
  SEARCH_SHAPES,
  type CatalogueResult,
  type CatalogueRun,
  type SearchShape,
} from './catalogue-search.js';
import { BRANDS, VEHICLE_MODELS } from './catalogue-vocabulary.js';
import {
  CART_LINES,
  CHECKOUT_CUSTOMERS,
  CHECKOUT_PRODUCTS,
  MAX_LINE_QUANTITY,
  SCARCE_CHECKOUT_STOCK,
  type CheckoutProductBooks,
  type CheckoutResult,
} from './checkout.js';
import { describeOtherWork, NOISY_SHARE } from './cpu.js';
import { ROUNDS, WARM_UP_SECONDS, type LoadSummary } from './load.js';
import { ORDER_CUSTOMERS, SCARCE_STOCK, type OrdersResult, type ProductBooks } from './orders.js';
import type { Meta, Outcome, Results } from './results.js';
import { IDLE_MEMORY_BUDGET_MB, IDLE_SECONDS, STARTUP_BUDGET_MS, type StartupRun } from './startup.js';
import {
  LIGHTHOUSE_BUDGET,
  LIGHTHOUSE_CATEGORIES,
  LIGHTHOUSE_PAGE_LABELS,
  LIGHTHOUSE_RUNS,
  PART_PAGE_LABEL,
  SAMPLE_PART_SKU,
  TRANSFER_BUDGET_BYTES,
  TRANSFER_PAGE_LABELS,
} from './web.js';

/** A section's table. */
export interface Section {
  title: string;
  intro: string;
  columns: string[];
  rows: string[][];
  notes: string[];
}

/** What the tables say about the settings of the run. */
export interface ReportSettings {
  seconds: number;
  connections: number;
  /** The catalogue section's size (BENCH_CATALOGUE_PARTS); unset, the shop's. */
  catalogueParts?: number;
}

const YES = 'yes';
const no = (reasons: string[]) => `NO: ${reasons.join('; ')}`;
const verdict = (reasons: string[]) => (reasons.length === 0 ? YES : no(reasons));
const NONE = '—';

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(value < 10 ? 2 : 1)} ms`);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mib = (kb: number | undefined) => (kb === undefined ? 'n/a' : `${(kb / 1024).toFixed(0)} MB`);
const percent = (share: number | undefined) => (share === undefined ? 'n/a' : `${Math.round(share * 100)} %`);
const seconds = (milliseconds: number | undefined) =>
  milliseconds === undefined ? 'n/a' : `${(milliseconds / 1000).toFixed(2)} s`;

export function buildSections(results: Results, settings: ReportSettings): Section[] {
  return [
    apiSection(results, settings),
    ordersSection(results, settings),
    checkoutSection(results, settings),
    webSection(results),
    startupSection(results),
    catalogueSection(results, settings),
    csvSection(results),
  ];
}

// ---------------------------------------------------------------------------------------------
// Sections

function apiSection(results: Results, settings: ReportSettings): Section {
  const budget = `ratio ≥ ${READ_BUDGET.minRatio}, p99 < ${READ_BUDGET.maxP99Ms} ms`;
  const columns = [
    'Database',
    'Endpoint',
    'Store req/s',
    'Bare req/s',
    'Ratio',
    'Store p50',
    'Store p99',
    'Bare p99',
    'Other work',
    'Budget',
    'Met?',
  ];
  const rows: string[][] = [];
  for (const entry of results.api) {
    if (!entry.result) {
      rows.push([
        entry.database,
        entry.endpoint ?? 'all',
        NONE,
        NONE,
        NONE,
        NONE,
        NONE,
        NONE,
        NONE,
        budget,
        notMeasured(entry),
      ]);
      continue;
    }
    for (const row of entry.result) {
      const budgeted = !row.endpoint.includes(FILLING_PROCESS_LABEL);
      const reasons: string[] = [];
      if (row.ratio < READ_BUDGET.minRatio) reasons.push(`ratio ${row.ratio.toFixed(2)} < ${READ_BUDGET.minRatio}`);
      if (!(row.store.p99 !== undefined && row.store.p99 < READ_BUDGET.maxP99Ms))
        reasons.push(`p99 ${ms(row.store.p99)} ≥ ${READ_BUDGET.maxP99Ms} ms`);
      const failed = failedRequests(row.store);
      if (failed > 0) reasons.push(`${count(failed)} failed requests`);
      const bareFailed = failedRequests(row.bare);
      if (bareFailed > 0) reasons.push(`the bare server failed ${count(bareFailed)} requests: ratio unreliable`);
      rows.push([
        entry.database,
        row.endpoint,
        count(row.store.requestsPerSecond),
        count(row.bare.requestsPerSecond),
        row.ratio.toFixed(2),
        ms(row.store.p50),
        ms(row.store.p99),
        ms(row.bare.p99),
        describeOtherWork(row.otherWork),
        budgeted ? budget : NONE,
        budgeted ? verdict(reasons) : 'for reference',
      ]);
    }
  }
  return {
    title: '1. API reads',
    intro:
      `${CATALOGUE_SIZE.toLocaleString('en-US')} products and ${CATALOGUE_SIZE.toLocaleString('en-US')} reviews ` +
      `in the database; autocannon, ${settings.connections} connections, ${settings.seconds} s per target ` +
      `after a ${WARM_UP_SECONDS} s warm-up, in ${ROUNDS} rounds taking turns with "bare": a node:http ` +
      `server answering the same bytes (status, headers and body; node:http adds its own date and ` +
      `keep-alive) from memory. Ratio = the median over the rounds of store req/s ÷ bare req/s in the same round; the req/s columns are over all rounds. The store runs as \`npm start\` runs it, ` +
      `started on the filled data (as after a deploy) and logging at its default level (info) to a file; ` +
      `the rows marked ${QUIET_LOG_LABEL} are the same store started again with warnings and errors only, ` +
      `after the other sections: the difference is what logging costs. The row marked "${FILLING_PROCESS_LABEL}" ` +
      `reads on the process that did the filling, before that restart: what a process's state after ` +
      `thousands of writes costs (V8's compiled code and heap), not logging.`,
    columns,
    rows,
    notes: [],
  };
}

function ordersSection(results: Results, settings: ReportSettings): Section {
  const columns = ['Measurement', 'Value', 'Budget', 'Met?'];
  const entry = results.orders;
  const title = '2. Orders (PostgreSQL)';
  const intro =
    `${ORDER_CUSTOMERS} customers, one keep-alive connection each, ordering 1-5 units of one of 4 products ` +
    `for ${settings.seconds} s (the orders in flight at the deadline are waited for); product D has ` +
    `${SCARCE_STOCK} in stock and sells out during the run.`;
  if (!entry?.result) {
    return { title, intro, columns, rows: [['all', NONE, NONE, notMeasured(entry ?? {})]], notes: [] };
  }
  const r = entry.result;
  const unexpected = Object.values(r.unexpected).reduce((sum, n) => sum + n, 0) - r.serverErrors;
  const requestErrors = Object.values(r.requestErrors).reduce((sum, n) => sum + n, 0);
  const rows: string[][] = [
    [
      'Orders placed (answered 200)',
      `${count(r.okOrders)} in ${r.seconds.toFixed(1)} s = ${count(r.ordersPerSecond)}/s ` +
        `(${count(r.answersPerSecond)} answers/s with the refusals)`,
      'none set',
      NONE,
    ],
    ['Latency of placed orders', `p50 ${ms(r.okP50)}, p99 ${ms(r.okP99)}`, 'none set', NONE],
    ['Latency of every answer', `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`, 'none set', NONE],
    ['Refused: out of stock (400, expected)', count(r.outOfStock), 'not an error', NONE],
    ['Other work on the machine during the run', describeOtherWork(r.otherWork), 'none set', NONE],
    ['5xx answers', count(r.serverErrors), '0', r.serverErrors === 0 ? YES : no([`${r.serverErrors} answers 5xx`])],
    [
      'Other failures (unexpected answers, socket errors, timeouts)',
      `${count(unexpected)} unexpected answers, ${count(requestErrors)} socket errors/timeouts`,
      '0',
      unexpected === 0 && requestErrors === 0 ? YES : no(['see the notes below']),
    ],
  ];
  for (const product of r.products) rows.push(stockRow(product, r, '"out of stock"'));
  const table = r.products.reduce((sum, product) => sum + product.storedOrders, 0);
  const tableMismatch = r.products.filter(
    (product) => product.storedOrders !== product.okOrders || product.storedQuantity !== product.okQuantity,
  );
  rows.push([
    'Orders table vs the 200 answers',
    `${count(table)} orders stored, ${count(r.okOrders)} answered 200`,
    'equal, per product (orders and units)',
    tableMismatch.length === 0 ? YES : no(tableMismatch.map((product) => `product ${product.label} differs`)),
  ]);
  const notes = Object.entries(r.unexpected).map(([key, n]) => `Unexpected answer ${key}: ${count(n)}`);
  for (const [key, n] of Object.entries(r.requestErrors)) notes.push(`Request failed (${key}): ${count(n)}`);
  return { title, intro, columns, rows, notes };
}

/** A product's books: its stock read back against the units its answered orders took. */
function stockRow(
  product: Pick<ProductBooks, 'label' | 'scarce' | 'initial' | 'okQuantity' | 'final'>,
  r: Pick<OrdersResult, 'lowestSeenScarceStock' | 'soldOutAtSeconds'>,
  refusal: string,
): string[] {
  const expected = product.initial - product.okQuantity;
  const reasons: string[] = [];
  if (product.final !== expected) reasons.push(`read back ${product.final}, expected ${expected}`);
  if (product.final < 0) reasons.push('negative stock');
  let detail = '';
  if (product.scarce) {
    if (r.lowestSeenScarceStock !== undefined && r.lowestSeenScarceStock < 0) reasons.push('negative stock seen');
    const soldOut =
      r.soldOutAtSeconds === undefined
        ? 'did not sell out (a weaker check)'
        : `sold out: first ${refusal} after ${r.soldOutAtSeconds.toFixed(1)} s`;
    detail = `; lowest read during the run ${r.lowestSeenScarceStock ?? 'n/a'}; ${soldOut}`;
  }
  return [
    `Stock of product ${product.label}`,
    `${count(product.initial)} − ${count(product.okQuantity)} ordered = ${count(expected)}; read back ${count(product.final)}${detail}`,
    'initial − ordered = final, never < 0',
    verdict(reasons),
  ];
}

function checkoutSection(results: Results, settings: ReportSettings): Section {
  const columns = ['Measurement', 'Value', 'Budget', 'Met?'];
  const entry = results.checkout;
  const title = '2b. Checkout (PostgreSQL)';
  const intro =
    `${CHECKOUT_CUSTOMERS} customers, one keep-alive connection each, each filling its cart with ${CART_LINES} ` +
    `different products of ${CHECKOUT_PRODUCTS.length} at random, 1-${MAX_LINE_QUANTITY} units each ` +
    '(`PUT /api/cart/{id}`), then checking it out (`POST /api/checkout`, standard shipping, a fresh ' +
    `Idempotency-Key), over and over for ${settings.seconds} s (the checkout in flight at the deadline is ` +
    `waited for). Product E has ${SCARCE_CHECKOUT_STOCK} in stock and sells out during the run: a line of it ` +
    'refused when put in a cart is taken from another product instead, and a checkout whose line sold out ' +
    'after it was put in the cart answers 409 and changes nothing. Orders/s counts the checkouts answered 201; the latencies are those ' +
    'of the checkout request; the whole loop (taking out the lines a refused checkout left, three PUTs and ' +
    'the checkout) and each PUT are given for reference. Afterwards the stock is read back through the API ' +
    'and the orders and their lines in the database.';
  if (!entry?.result) {
    return { title, intro, columns, rows: [['all', NONE, NONE, notMeasured(entry ?? {})]], notes: [] };
  }
  const r = entry.result;
  const unexpected = Object.values(r.unexpected).reduce((sum, n) => sum + n, 0) - r.serverErrors;
  const requestErrors = Object.values(r.requestErrors).reduce((sum, n) => sum + n, 0);
  const rows: string[][] = [
    [
      'Orders placed (checkouts answered 201)',
      `${count(r.okOrders)} in ${r.seconds.toFixed(1)} s = ${count(r.ordersPerSecond)}/s ` +
        `(${count(r.answersPerSecond)} checkout answers/s with the refusals)`,
      'none set',
      NONE,
    ],
    ['Checkout latency of placed orders', `p50 ${ms(r.okP50)}, p99 ${ms(r.okP99)}`, 'none set', NONE],
    ['Checkout latency of every answer', `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`, 'none set', NONE],
    [
      `Whole loop: ${CART_LINES} cart lines put, then the checkout`,
      `${count(r.loops)} = ${count(r.loopsPerSecond)}/s; p50 ${ms(r.loopP50)}, p99 ${ms(r.loopP99)}`,
      'for reference',
      NONE,
    ],
    ['Latency of each cart line put (PUT)', `p50 ${ms(r.putP50)}, p99 ${ms(r.putP99)}`, 'for reference', NONE],
    ['Refused at checkout: part unavailable (409, expected)', count(r.unavailable), 'not an error', NONE],
    [
      'Cart lines refused: out of stock (400, expected; another product put instead)',
      count(r.cartRefusals),
      'not an error',
      NONE,
    ],
    ['Other work on the machine during the run', describeOtherWork(r.otherWork), 'none set', NONE],
    ['5xx answers', count(r.serverErrors), '0', r.serverErrors === 0 ? YES : no([`${r.serverErrors} answers 5xx`])],
    [
      'Other failures (unexpected answers, socket errors, timeouts)',
      `${count(unexpected)} unexpected answers, ${count(requestErrors)} socket errors/timeouts ` +
        `(${count(r.retried)} checkouts sent again with their key, ${count(r.unknownOutcome)} left without an answer)`,
      '0',
      unexpected === 0 && requestErrors === 0 ? YES : no(['see the notes below']),
    ],
  ];
  for (const product of r.products) rows.push(stockRow(product, r, 'refusal (in a cart or at checkout)'));
  rows.push(...checkoutTableRows(r));
  const notes = Object.entries(r.unexpected).map(([key, n]) => `Unexpected answer ${key}: ${count(n)}`);
  for (const [key, n] of Object.entries(r.requestErrors)) notes.push(`Request failed (${key}): ${count(n)}`);
  return { title, intro, columns, rows, notes };
}

/** The orders and order lines stored for the run's customers, against the 201 answers. */
function checkoutTableRows(r: CheckoutResult): string[][] {
  const { stored } = r;
  const lines = r.products.reduce((sum, product) => sum + product.storedLines, 0);
  const okLines = r.products.reduce((sum, product) => sum + product.okLines, 0);
  const lineMismatch = r.products.filter(
    (product: CheckoutProductBooks) =>
      product.storedLines !== product.okLines || product.storedQuantity !== product.okQuantity,
  );
  const orderReasons: string[] = [];
  if (stored.missing > 0) orderReasons.push(`${stored.missing} answered 201 but not stored`);
  if (stored.extra > 0) orderReasons.push(`${stored.extra} stored but never answered 201`);
  const complete = stored.byLineCount[CART_LINES] ?? 0;
  const halfMade = Object.entries(stored.byLineCount)
    .filter(([lineCount]) => Number(lineCount) !== CART_LINES)
    .map(([lineCount, n]) => `${n} with ${lineCount} lines`);
  if (stored.summaryMismatch > 0) halfMade.push(`${stored.summaryMismatch} whose units are not their lines' sum`);
  return [
    [
      'Orders table vs the 201 answers',
      `${count(stored.orders)} orders stored, ${count(r.okOrders)} answered 201`,
      'the same orders (by id)',
      verdict(orderReasons),
    ],
    [
      'Order lines table vs the 201 answers',
      `${count(lines)} lines stored, ${count(okLines)} in the orders answered 201`,
      'equal, per product (lines and units)',
      lineMismatch.length === 0 ? YES : no(lineMismatch.map((product) => `product ${product.label} differs`)),
    ],
    [
      `Stored orders of exactly ${CART_LINES} lines`,
      `${count(complete)} of ${count(stored.orders)}`,
      `all (none half-made; units = the lines' sum)`,
      verdict(halfMade),
    ],
  ];
}

function webSection(results: Results): Section {
  const columns = ['Measurement', 'Value', 'Budget', 'Met?'];
  const title = '3. Web';
  const intro =
    `Chromium loads each of ${TRANSFER_PAGE_LABELS.join(', ')} as a first visit (an empty cache) until the network ` +
    'is idle; every script and stylesheet is gzipped at level 9 ' +
    `(1 KB = 1,024 bytes). Lighthouse 12, default (mobile) config, ${LIGHTHOUSE_RUNS} runs per page: the median ` +
    'score of each category, the runs in brackets; the points lost are those of the median performance run. ' +
    `${PART_PAGE_LABEL} is the page of the sample part ${SAMPLE_PART_SKU}.`;
  const entry = results.web;
  if (!entry) return { title, intro, columns, rows: [['all', NONE, NONE, notMeasured({})]], notes: [] };
  if (entry.notRun) return { title, intro, columns, rows: [['all', NONE, NONE, notMeasured(entry)]], notes: [] };
  const rows: string[][] = [];
  const notes: string[] = [];
  if (entry.transfer?.result) {
    for (const transfer of entry.transfer.result) {
      for (const [type, label] of [
        ['script', 'JavaScript'],
        ['stylesheet', 'CSS'],
      ] as const) {
        const total = transfer[type];
        const budget = TRANSFER_BUDGET_BYTES[type];
        const reasons = total.gzip > budget ? [`${kib(total.gzip)} > ${kib(budget)}`] : [];
        if (total.unread > 0) reasons.push(`${total.unread} bodies unreadable`);
        if (total.failed.length > 0) reasons.push(`measurement invalid: ${total.failed.join(', ')}`);
        rows.push([
          `${label} loaded by ${transfer.page} (${total.files} files)`,
          `${kib(total.gzip)} gzip (${count(total.gzip)} bytes; ${kib(total.raw)} raw)`,
          `≤ ${kib(budget)} gzip`,
          verdict(reasons),
        ]);
        const largest = total.largest.map((file) => `${file.name} ${kib(file.gzip)}`).join(', ');
        if (largest) notes.push(`Largest ${label} files of ${transfer.page} (gzip): ${largest}`);
      }
    }
  } else {
    rows.push([
      `JavaScript and CSS loaded by ${TRANSFER_PAGE_LABELS.join(', ')}`,
      NONE,
      `≤ ${kib(TRANSFER_BUDGET_BYTES.script)} / ≤ ${kib(TRANSFER_BUDGET_BYTES.stylesheet)} gzip`,
      notMeasured(entry.transfer ?? {}),
    ]);
  }
  if (entry.lighthouse?.result) {
    for (const page of entry.lighthouse.result) {
      const low = LIGHTHOUSE_CATEGORIES.filter((id) => !((page.scores[id] ?? NaN) >= LIGHTHOUSE_BUDGET));
      const runs = (id: (typeof LIGHTHOUSE_CATEGORIES)[number]) =>
        page.runScores.map((scores) => scores[id] ?? 'n/a').join('/');
      rows.push([
        `Lighthouse ${page.page} (median of ${LIGHTHOUSE_RUNS})`,
        LIGHTHOUSE_CATEGORIES.map((id) => `${id} ${page.scores[id] ?? 'n/a'} (${runs(id)})`).join(', '),
        `each ≥ ${LIGHTHOUSE_BUDGET}`,
        verdict(low.map((id) => `${id} ${page.scores[id] ?? 'n/a'}`)),
      ]);
      for (const lost of page.lostPoints) notes.push(`${page.page}: ${lost}`);
      for (const warning of page.warnings) notes.push(`${page.page}: Lighthouse warning: ${warning}`);
    }
    const indexes = entry.lighthouse.result.flatMap((page) => page.benchmarkIndexes);
    if (indexes.length > 0) {
      notes.push(
        `Lighthouse's CPU benchmark index of this machine, per run (lower when busy): ${indexes.map(Math.round).join(', ')}`,
      );
    }
  } else {
    rows.push([
      `Lighthouse ${LIGHTHOUSE_PAGE_LABELS.join(', ')}`,
      NONE,
      `each ≥ ${LIGHTHOUSE_BUDGET}`,
      notMeasured(entry.lighthouse ?? {}),
    ]);
  }
  return { title, intro, columns, rows, notes };
}

function startupSection(results: Results): Section {
  const columns = ['Database', 'Measurement', 'Value', 'Budget', 'Met?'];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const entry of results.startup) {
    const memoryBudget = IDLE_MEMORY_BUDGET_MB[entry.key];
    if (!entry.result) {
      rows.push([entry.database, 'start-up and idle memory', NONE, NONE, notMeasured(entry)]);
    } else {
      const r = entry.result;
      const quietCount = r.counted.filter((run) => !run.noisy).length;
      const of =
        quietCount === r.counted.length ? `median of ${r.counted.length}` : `median of ${r.counted.length}, noisy`;
      // Every run is listed; those the median leaves out (noisy, repeated) in brackets.
      const listRuns = (format: (run: StartupRun) => string) =>
        r.runs.map((run) => (r.counted.includes(run) ? format(run) : `(${format(run)})`)).join(', ');
      rows.push([
        entry.database,
        `npm start to the first 200 on / (${of})`,
        `${seconds(r.medianMs)} (runs: ${listRuns((run) => seconds(run.ms))})`,
        `≤ ${seconds(STARTUP_BUDGET_MS)}`,
        (r.medianMs ?? NaN) <= STARTUP_BUDGET_MS ? YES : no([`${seconds(r.medianMs)} > ${seconds(STARTUP_BUDGET_MS)}`]),
      ]);
      rows.push([
        entry.database,
        `RSS after ${IDLE_SECONDS} s idle from start (${of})`,
        `${mib(r.medianRssKb)} (runs: ${listRuns((run) => mib(run.rssKb))})`,
        `≤ ${memoryBudget} MB`,
        (r.medianRssKb ?? NaN) / 1024 <= memoryBudget ? YES : no([`${mib(r.medianRssKb)} > ${memoryBudget} MB`]),
      ]);
      rows.push([
        entry.database,
        'Other work on the machine during each start-up',
        listRuns((run) => describeOtherWork(run.otherWork)),
        'none set',
        NONE,
      ]);
    }
    if (entry.afterLoadRssKb !== undefined) {
      rows.push([
        entry.database,
        `RSS after the load sections, ${IDLE_SECONDS} s idle`,
        mib(entry.afterLoadRssKb),
        `(for reference; budget above: ${memoryBudget} MB)`,
        entry.afterLoadRssKb / 1024 <= memoryBudget ? `${YES} (reference)` : `over (reference)`,
      ]);
    }
  }
  return {
    title: '4. Start-up and idle memory',
    intro:
      'The data folder / database already exists (filled by the sections above). `node scripts/start.mjs` ' +
      "(= npm start; in the bench's frozen copy of the build, where it never rebuilds) is timed from spawn to " +
      'the first 200 on /; RSS from /proc/<pid>/status. 1 MB = 1,024 KiB. A run during which other work ' +
      `took over ${Math.round(NOISY_SHARE * 100)} % of the machine is repeated (at most twice); the runs in brackets ` +
      'are left out of the median.',
    columns,
    rows,
    notes,
  };
}

/** The mean time alone over the mix (weighted by its shares) and each kind's mean, most costly first. */
function timeAlone(alone: CatalogueRun['checks']['alone']) {
  const kinds = Object.entries(alone)
    .filter((entry): entry is [SearchShape, number[]] => (entry[1]?.length ?? 0) > 0)
    .map(([shape, times]) => ({ shape, mean: times.reduce((sum, time) => sum + time, 0) / times.length }));
  const weight = kinds.reduce((sum, { shape }) => sum + SEARCH_SHAPES[shape], 0);
  if (weight === 0) return undefined;
  return {
    mean: kinds.reduce((sum, { shape, mean }) => sum + mean * SEARCH_SHAPES[shape], 0) / weight,
    kinds: kinds
      .sort((a, b) => b.mean - a.mean)
      .map(({ shape, mean }) => `${shape} ${ms(mean)}`)
      .join(', '),
  };
}

/** Adds a row of one database: measurement, value, budget, and the reasons it is missed (none: met; no list: no budget). */
type CatalogueRow = (measurement: string, value: string, budget: string, reasons?: string[]) => void;

function catalogueSection(results: Results, settings: ReportSettings): Section {
  const columns = ['Database', 'Measurement', 'Value', 'Budget', 'Met?'];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const entry of results.catalogue) {
    if (!entry.result) {
      rows.push([entry.database, 'loading and search', NONE, NONE, notMeasured(entry)]);
      continue;
    }
    const r = entry.result;
    // The budgets are set at the shop's size; another size (BENCH_CATALOGUE_PARTS) is measured for reference.
    const budgeted = r.generated.parts === SHOP_SIZE.parts;
    const judge = (reasons: string[]) =>
      budgeted ? verdict(reasons) : `for reference: ${reasons.length === 0 ? 'would be met' : no(reasons)}`;
    const row: CatalogueRow = (measurement, value, budget, reasons) =>
      rows.push([entry.database, measurement, value, budget, reasons ? judge(reasons) : NONE]);
    catalogueStartRows(r, row);
    if (r.run) {
      catalogueRunRows(r.run, row, (note) => notes.push(`${entry.database}${note}`));
    } else {
      row(
        'Searches and part pages under load',
        `not measured: ${r.storeExit ?? 'the store exited'}`,
        `≥ ${CATALOGUE_BUDGET.minSearchesPerSecond}/s, p99 ≤ ${CATALOGUE_BUDGET.maxSearchP99Ms} ms`,
        ['not measured'],
      );
    }
  }
  const B = CATALOGUE_BUDGET;
  notes.push(
    `Why p99 ≤ ${B.maxSearchP99Ms} ms and ≥ ${B.minSearchesPerSecond} searches/s go together at ` +
      `${settings.connections} connections: each connection sends its next request when its answer arrives, so ` +
      `answers/s ≈ connections ÷ mean time of an answer (Little's law). Answering in ${B.maxSearchP99Ms} ms ` +
      `at ${settings.connections} connections means about ${count((settings.connections * 1000) / B.maxSearchP99Ms)} answers/s, ` +
      'that is under 2 ms of the whole machine (both cores, store and database) per search; the row "time of each ' +
      'alone" gives what a search costs here.',
  );
  const size = catalogueSize(settings.catalogueParts ?? SHOP_SIZE.parts);
  const shareList = Object.entries(SEARCH_SHAPES)
    .map(([shape, share]) => `${shape} ${share} %`)
    .join(', ');
  return {
    title: '5. Catalogue search',
    intro:
      `A generated brake shop (tools/bench/catalogue-data.ts, seed ${DEFAULT_SEED}): ${count(size.parts)} parts ` +
      `of ${PART_CATEGORIES.length} categories and ${new Set(Object.values(BRANDS).flat()).size} brands with specs, ` +
      `OEM numbers, prices and stock (some out), ${count(size.vehicles)} model years of ` +
      `${VEHICLE_MODELS.length} makes, ${count(size.fitments)} fitment rows, ` +
      `about ${Math.round(UNIVERSAL_SHARE * 100)} % of the parts universal, written straight into a new database ` +
      `(large INSERTs; the fitment table's keys and index built after its rows) after the migrations and the sample ` +
      'catalogue, then VACUUM ANALYZE; the store is then started on it as `npm start` runs it, and its health asked ' +
      `every ${INDEX_POLL_MS} ms until it says searches come from the index (\`search: "index"\`), confirmed by a ` +
      `search answered with a catalogue version (a number in the ${CATALOGUE_VERSION_HEADER} header; \`sql\` while ` +
      'the database answers), or the wait times out and whatever answers is measured; ' +
      `meanwhile a random part's page is asked every ${BUILD_PAGE_EVERY_MS} ms, one at a time (no search meanwhile: ` +
      'on PGlite a search the database answers holds every other request for 50-180 ms). ' +
      `Load: autocannon, ${settings.connections} connections, ${settings.seconds} s after a ` +
      `${WARM_UP_SECONDS} s warm-up; ${Math.round(PART_PAGE_SHARE * 100)} % of the requests read a random part's page, ` +
      `the others are GET /api/catalogue, every one a different search (so no cache can answer), pages 1 to ${LAST_PAGE}: ` +
      `${shareList}. Budgets (issue 27, item 5) on each database at ${count(SHOP_SIZE.parts)} parts; another size is ` +
      'measured for reference.',
    columns,
    rows,
    notes,
  };
}

/** Loading, the store's start and its index, its memory. */
function catalogueStartRows(r: CatalogueResult, row: CatalogueRow) {
  const B = CATALOGUE_BUDGET;
  const { load, memory, index } = r;
  row(
    `Loading ${count(r.generated.parts)} parts, ${count(r.generated.vehicles)} model years, ` +
      `${count(r.generated.fitments)} fitment rows`,
    `${load.seconds.toFixed(1)} s: migrations and sample catalogue ${load.migrateSeconds.toFixed(1)} s, ` +
      `vehicles ${load.vehiclesSeconds.toFixed(1)} s, parts ${load.partsSeconds.toFixed(1)} s, ` +
      `fitment ${load.fitmentSeconds.toFixed(1)} s, VACUUM ANALYZE ${load.analyzeSeconds.toFixed(1)} s ` +
      `(then ${count(load.stored.products)} products, ${count(load.stored.vehicles)} vehicles, ` +
      `${count(load.stored.fitments)} fitment rows with the sample catalogue)`,
    `< ${B.loadSeconds} s`,
    load.seconds < B.loadSeconds ? [] : [`${load.seconds.toFixed(1)} s`],
  );
  const ready = index.readySeconds;
  row(
    "The store's start: healthy, then its search index answering (index build)",
    `healthy ${r.healthySeconds.toFixed(1)} s after its start; ` +
      (ready === undefined
        ? (describeIndexWait(index) ?? 'index not answering')
        : `index answering ${ready.toFixed(1)} s after its start (asked ${index.polls} times)`),
    `index ≤ ${B.indexBuildSeconds} s`,
    ready === undefined
      ? [
          index.exitedSeconds === undefined
            ? `not answering after ${Math.round(r.healthySeconds + index.waitedSeconds)} s`
            : 'never answered',
        ]
      : ready <= B.indexBuildSeconds
        ? []
        : [`${ready.toFixed(1)} s`],
  );
  const built = r.whileBuilding;
  row(
    `A part page while the index builds (one at a time, every ${BUILD_PAGE_EVERY_MS} ms, from healthy to the index answering)`,
    `p50 ${ms(built.p50)}, p99 ${ms(built.p99)}, max ${ms(built.max)}; ${count(built.answered)} answers, ` +
      `${count(built.failed)} not 2xx or timed out`,
    `none failed, p99 < ${B.maxPartPageP99Ms} ms`,
    [
      ...(built.failed === 0 ? [] : [`${count(built.failed)} failed`]),
      ...(built.p99 !== undefined && built.p99 < B.maxPartPageP99Ms ? [] : [`p99 ${ms(built.p99)}`]),
    ],
  );
  const peakKb = memory.peakKb ?? memory.largestSampledKb;
  const peak =
    memory.peakKb !== undefined
      ? `peak ${mib(memory.peakKb)}`
      : `largest seen while it built its index ${mib(memory.largestSampledKb)} (sampled every ${INDEX_POLL_MS} ms)`;
  row(
    "The store's memory (RSS)",
    `healthy ${mib(memory.healthyKb)}, ` +
      (index.exitedSeconds !== undefined
        ? ''
        : `${ready === undefined ? 'when the wait for the index ended' : 'index answering'} ${mib(memory.indexKb)}, `) +
      (memory.afterLoadKb === undefined ? '' : `after the load ${mib(memory.afterLoadKb)}, `) +
      peak,
    `peak ≤ ${B.maxMemoryMb} MB`,
    peakKb !== undefined && peakKb / 1024 <= B.maxMemoryMb ? [] : [`peak ${mib(peakKb)}`],
  );
}

/** The checks and the load; notes (each starting after the database's name) by kind and by failure. */
function catalogueRunRows(run: CatalogueRun, row: CatalogueRow, note: (text: string) => void) {
  const B = CATALOGUE_BUDGET;
  const { checks, search, partPages } = run;
  const checkFailures = checks.failures.length;
  row(
    'Searches checked one by one before the load, and a part page',
    `${checks.checked - Math.min(checks.checked, checkFailures)} of ${checks.checked} answered 200 as the contract says; ` +
      `exact part numbers listed first: ${checks.partNumbersFirst} of ${checks.partNumbers}; answered by the index ` +
      `${checks.answeredBy.index}, by the SQL search ${checks.answeredBy.sql}, without a ${CATALOGUE_VERSION_HEADER} ` +
      `header ${checks.answeredBy.unknown}`,
    'all',
    checkFailures === 0 ? [] : [`${checkFailures} failed (see the notes)`],
  );
  for (const failure of checks.failures) note(`: check failed: ${failure}`);
  const alone = timeAlone(checks.alone);
  if (alone) {
    row(
      'The same searches, time of each alone (one at a time, nothing waiting)',
      `mean ${ms(alone.mean)} over the mix: at most ${count(1000 / alone.mean)} searches/s for one connection; ` +
        `by kind, most costly first: ${alone.kinds}`,
      'none set',
    );
  }
  row(
    'Searches under load, every one different',
    `${count(search.perSecond)} searches/s, p50 ${ms(search.p50)}, p99 ${ms(search.p99)}, max ${ms(search.max)}; ` +
      `${count(search.answered)} answers, ${count(search.failed)} not 2xx`,
    `≥ ${B.minSearchesPerSecond}/s, p99 ≤ ${B.maxSearchP99Ms} ms`,
    searchReasons(run),
  );
  row(
    `A part page (GET ${api(apiPaths.products)}/<id>, ${Math.round(PART_PAGE_SHARE * 100)} % of the same load)`,
    `p50 ${ms(partPages.p50)}, p99 ${ms(partPages.p99)}, max ${ms(partPages.max)}; ` +
      `${count(partPages.answered)} answers (${count(partPages.perSecond)}/s), ${count(partPages.failed)} not 2xx`,
    `p99 < ${B.maxPartPageP99Ms} ms`,
    partPages.p99 !== undefined && partPages.p99 < B.maxPartPageP99Ms ? [] : [`p99 ${ms(partPages.p99)}`],
  );
  const { errors, timeouts, socketErrors } = run.unanswered;
  const failed = search.failed + partPages.failed + errors;
  row(
    'Failed requests under load (not 2xx, timed out, socket errors), searches and part pages',
    `${count(search.failed + partPages.failed)} not 2xx, ${count(timeouts)} timed out ` +
      `(after ${REQUEST_TIMEOUT_SECONDS} s), ${count(errors - timeouts)} other socket errors`,
    'none',
    failed === 0 ? [] : [`${count(failed)} failed`],
  );
  row('Other work on the machine during the load', describeOtherWork(run.otherWork), 'none set');
  const shapes = [...run.shapes]
    .filter((shape) => shape.answered > 0)
    .sort((a, b) => (b.p99 ?? 0) - (a.p99 ?? 0))
    .map(
      (shape) =>
        `${shape.shape} p50 ${ms(shape.p50)} / p99 ${ms(shape.p99)} (${count(shape.answered)} answers` +
        `${shape.failed > 0 ? `, ${count(shape.failed)} failed` : ''})`,
    );
  note(`, by kind of search, slowest p99 first: ${shapes.join('; ')}`);
  for (const [what, summary] of [
    ['searches', search],
    ['part pages', partPages],
  ] as const) {
    for (const [code, n] of Object.entries(summary.statusCodes).filter(([code]) => !code.startsWith('2'))) {
      note(`: ${count(n)} ${what} answered ${code}`);
    }
  }
  for (const [key, n] of Object.entries(socketErrors)) note(`: request failed (${key}): ${count(n)}`);
}

function searchReasons({ search }: CatalogueRun): string[] {
  const reasons: string[] = [];
  if (search.perSecond < CATALOGUE_BUDGET.minSearchesPerSecond)
    reasons.push(`${count(search.perSecond)}/s < ${CATALOGUE_BUDGET.minSearchesPerSecond}`);
  if (!(search.p99 !== undefined && search.p99 <= CATALOGUE_BUDGET.maxSearchP99Ms))
    reasons.push(`p99 ${ms(search.p99)} > ${CATALOGUE_BUDGET.maxSearchP99Ms} ms`);
  return reasons;
}

const failedRequests = (load: LoadSummary) => load.non2xx + load.errors;

/** For a section or database that has no numbers: why. */
function csvSection(results: Results): Section {
  const columns = ['Measurement', 'Value', 'Budget', 'Met?'];
  const title = '6. Catalogue in bulk (CSV, PGlite)';
  const intro =
    `A file of ${count(CSV_SIZE.parts)} parts fitting ${count(CSV_SIZE.vehicles)} model years ` +
    `(${count(CSV_SIZE.fitments)} fitment rows), generated as section 5's shop and written as the export writes ` +
    'one, is sent to `POST /api/admin/catalogue.csv` of a fresh store (the sample catalogue in it) started as ' +
    '`npm start` runs it, on PGlite; timed from the request to the answer: reading, checking every line, and ' +
    "writing the parts, the new bikes and the fitment in one transaction. Then the store's export is downloaded " +
    'and imported again, which must change nothing.';
  const entry = results.csv;
  if (!entry?.result) {
    return { title, intro, columns, rows: [['all', NONE, NONE, notMeasured(entry ?? {})]], notes: [] };
  }
  const r = entry.result;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const importReasons: string[] = [];
  if (r.importSeconds >= CSV_BUDGET.importSeconds) importReasons.push(`${r.importSeconds.toFixed(2)} s`);
  if (r.imported.created !== r.parts || r.imported.updated !== 0) {
    importReasons.push(`answered ${JSON.stringify(r.imported)}, not ${r.parts} created`);
  }
  const reimportReasons: string[] = [];
  if (r.reimported.created !== 0 || r.reimported.updated !== 0) {
    reimportReasons.push(`answered ${JSON.stringify(r.reimported)}`);
  }
  if (r.exportedParts !== r.storedParts) reimportReasons.push(`${r.exportedParts} parts exported of ${r.storedParts}`);
  return {
    title,
    intro,
    columns,
    rows: [
      [
        `Import of ${count(r.parts)} new parts (${mb(r.fileBytes)}, ${count(r.fitments)} fitment rows, ${count(r.vehicles)} model years)`,
        `${seconds(r.importSeconds * 1000)}: ${count(r.imported.created)} created, ${count(r.imported.updated)} updated`,
        `< ${CSV_BUDGET.importSeconds} s, every part created`,
        verdict(importReasons),
      ],
      ['Other work on the machine during the import', describeOtherWork(r.importOtherWork), 'none set', NONE],
      [
        'Export of the whole catalogue',
        `${seconds(r.exportSeconds * 1000)}: ${count(r.exportedParts)} parts, ${mb(r.exportBytes)}`,
        'for reference',
        NONE,
      ],
      [
        'The export imported again',
        `${seconds(r.reimportSeconds * 1000)}: ${count(r.reimported.created)} created, ${count(r.reimported.updated)} updated`,
        `nothing changed; all ${count(r.storedParts)} parts exported`,
        verdict(reimportReasons),
      ],
    ],
    notes: [],
  };
}

function notMeasured(entry: Outcome<unknown>) {
  if (entry.error) return `NOT MEASURED: failed (${entry.error})`;
  if (entry.notRun) return `not run: ${entry.notRun}`;
  return 'not run';
}

// ---------------------------------------------------------------------------------------------
// Output

function headerLines(meta: Meta) {
  return [
    `Date: ${meta.date}`,
    `Node: ${meta.node}; machine: ${meta.cores} cores (${meta.cpuModel}), ${meta.memoryGiB.toFixed(1)} GiB memory, ${meta.platform}`,
    `Code: commit ${meta.commit}${meta.dirty ? ' with uncommitted changes in the working tree' : ''}`,
    `Other work on the machine (CPU busy while the bench ran nothing, all cores): ${percent(meta.busyAtStart)} ` +
      `before, ${percent(meta.busyAtEnd)} after; load average (1 min) ${meta.loadStart.toFixed(2)} at start, ` +
      `${meta.loadEnd.toFixed(2)} at end; whole run ${meta.runSeconds.toFixed(0)} s`,
    `Settings: BENCH_SECONDS=${meta.seconds}, ${meta.connections} connections, PostgreSQL: ${meta.postgres}`,
    `"Other work": the share of the machine's CPU (all cores) that processes other than the bench's own ` +
      `(this script, the store, the bare server, our database's PostgreSQL backends) used during a ` +
      `measurement; above ${Math.round(NOISY_SHARE * 100)} % it is marked noisy: someone else's build or ` +
      `tests slowed it down, and the number is worse than the store's own.`,
  ];
}

export function formatText(sections: Section[], meta: Meta) {
  const out = ['', 'Brakehouse benchmarks', ...headerLines(meta).map((line) => `  ${line}`)];
  for (const section of sections) {
    out.push('', section.title, `  ${section.intro}`, '');
    const widths = section.columns.map((column, index) =>
      Math.max(column.length, ...section.rows.map((row) => String(row[index]).length)),
    );
    const line = (cells: string[]) =>
      `  ${cells.map((cell, index) => String(cell).padEnd(widths[index] ?? 0)).join('  ')}`.trimEnd();
    out.push(line(section.columns), line(widths.map((width) => '-'.repeat(width))));
    for (const row of section.rows) out.push(line(row));
    if (section.notes.length > 0) out.push('', ...section.notes.map((note) => `  * ${note}`));
  }
  return out.join('\n');
}

export function formatMarkdown(sections: Section[], meta: Meta) {
  const cell = (text: string) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
  const out = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (tools/bench/main.ts); each run replaces this file. The numbers depend on ' +
      'the machine and on what else runs on it: compare runs on the same machine.',
    '',
    ...headerLines(meta).map((line) => `- ${line}`),
  ];
  for (const section of sections) {
    out.push('', `## ${section.title}`, '', section.intro, '');
    out.push(`| ${section.columns.map(cell).join(' | ')} |`, `| ${section.columns.map(() => '---').join(' | ')} |`);
    for (const row of section.rows) out.push(`| ${row.map(cell).join(' | ')} |`);
    if (section.notes.length > 0) out.push('', ...section.notes.map((note) => `- ${note}`));
  }
  return `${out.join('\n')}\n`;
}
