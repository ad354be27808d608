// Section 5, catalogue search at a real shop's size (issue 14, point 6; issue 27, item 5): the
// generated catalogue (catalogue-data.ts: 100,000 parts, 2,000 model years, 1,000,000 fitment rows;
// BENCH_CATALOGUE_PARTS for another size) is written into a fresh database before the store starts;
// then the store, started on it as `npm start` runs it, is given time to build its search index
// (decision 0039), and takes searches from autocannon, every one different (words, a misspelt word, a
// part number, a bike, a bike and a category, facets with a price range and a sort, pages 1 to 4), so
// that no cache can answer them, with a part page read among them.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CATALOGUE_SORTS,
  catalogueQuerySchema,
  PAD_COMPOUNDS,
  PART_CATEGORIES,
  PART_POSITIONS,
  type PartCategory,
} from '../../contract/catalogue.js';
import { apiPaths } from '../../contract/paths.js';
import { catalogueResponseSchema, productSchema, type CatalogueResponse } from '../../contract/products.js';
import { catalogueCacheKey } from '../../server/catalogue/routes.js';
import { CATALOGUE_VERSION_HEADER } from '../../server/catalogue/search.js';
import { api } from '../lib/store-api.js';
import { readRssKb, type Exit } from '../lib/store-process.js';
import { startCpuMeter } from './cpu.js';
import {
  createRandom,
  loadCatalogue,
  type GeneratedCatalogue,
  type GeneratedPart,
  type LoadReport,
  type Random,
} from './catalogue-data.js';
import { BRANDS, SEARCH_WORDS, VEHICLE_MODELS } from './catalogue-vocabulary.js';
import { percentile, WARM_UP_SECONDS } from './load.js';
import { backendPids, createThrowawayDatabase } from './postgres.js';
import { benchStore, errorMessage, makeTempDir, type Session } from './session.js';

/**
 * Issue 27, item 5, on each database (at 100,000 parts; other sizes are measured for reference):
 * searches and a part page under the same load, the store's memory, no failed request. Loading is
 * issue 14's budget; the index build, issue 27's item 2 (from the store's start to its index answering).
 */
export const CATALOGUE_BUDGET = {
  loadSeconds: 60,
  minSearchesPerSecond: 500,
  maxSearchP99Ms: 50,
  /** Strictly under. */
  maxPartPageP99Ms: 25,
  maxMemoryMb: 700,
  indexBuildSeconds: 10,
};
export const REQUEST_TIMEOUT_SECONDS = 10;
/**
 * Searches sent one at a time and checked against the contract before the load; their times alone
 * say what each kind of search costs when nothing waits.
 */
const CHECKED_SEARCHES = 200;
const MIX_SEED = 7;
const PART_PAGE_SEED = 11;
/** Searches drawn before a run, per second of it: more than the store answers here. */
const PREPARED_PER_SECOND = 3_000;
/** How often the store is asked whether its index answers yet, while it builds it. */
export const INDEX_POLL_MS = 250;
/** The longest one of those questions may take: then the store is asked whether it still runs. */
const POLL_TIMEOUT_MS = 30_000;
/**
 * While the index builds, a random part's page is asked this often (one at a time). Every 25 ms left
 * the store's RSS after the load 140 MB larger on PGlite (780 MB against 640, twice; V8 sized its
 * heap otherwise), so the rows of memory would measure the bench's own requests.
 */
export const BUILD_PAGE_EVERY_MS = 100;

// ---------------------------------------------------------------------------------------------
// The searches

/** The kinds of search in the mix, with their share of the searches (%). */
export const SEARCH_SHAPES = {
  text: 20,
  'text with a typo': 15,
  'part number': 10,
  bike: 15,
  'bike and category': 15,
  'bike and text': 5,
  'facets, price and sort': 20,
} as const;
export type SearchShape = keyof typeof SEARCH_SHAPES;
/** Every search asks for one of the first pages: riders seldom look further. */
export const LAST_PAGE = 4;

export interface SearchRequest {
  shape: SearchShape;
  /** `/api/catalogue?...` */
  path: string;
  /** For a part-number search: the part that must come first. */
  expectFirst?: string;
}

interface MixSource {
  parts: GeneratedPart[];
  /** The database's ids of the vehicles (LoadReport.vehicleIds). */
  vehicleIds: string[];
}

/** Words shoppers type: what they look for, brands, makes and models, lowercased. */
export function searchVocabulary(): string[] {
  const words = new Set(SEARCH_WORDS);
  for (const brand of Object.values(BRANDS).flat()) words.add(brand.split(' ')[0]?.toLowerCase() ?? '');
  for (const { make, models } of VEHICLE_MODELS) {
    words.add(make.toLowerCase());
    for (const model of models) {
      for (const word of model
        .replace(/ \d{4}-\d{4}$/, '')
        .toLowerCase()
        .split(' ')) {
        if (/[a-z]/.test(word) && word.length >= 3) words.add(word);
      }
    }
  }
  words.delete('');
  return [...words].sort();
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Words of the descriptions nobody searches for. */
const SMALL_WORDS = new Set(['and', 'for', 'the', 'with', 'than', 'more', 'every', 'models', 'fits', 'set']);

/** The query as the store's router hands it to the route: a repeated parameter as a list. */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of query) {
    const before = object[name];
    object[name] = before === undefined ? value : [before, value].flat();
  }
  return object;
}

/**
 * One typo, never in the first letter and never the word itself: a letter wrong, missing or extra,
 * or two neighbouring letters swapped (`brmebo`), which the store counts as one typo too.
 */
export function misspell(random: Random, word: string): string {
  for (;;) {
    const at = random.int(1, word.length - 1);
    const letter = LETTERS[random.int(0, LETTERS.length - 1)] ?? 'x';
    const swapAt = Math.min(at, word.length - 2);
    const typo = [
      () => word.slice(0, at) + letter + word.slice(at + 1),
      () => word.slice(0, at) + word.slice(at + 1),
      () => word.slice(0, at) + letter + word.slice(at),
      () => word.slice(0, swapAt) + word.charAt(swapAt + 1) + word.charAt(swapAt) + word.slice(swapAt + 2),
    ][random.int(0, 3)]?.();
    if (typo !== undefined && typo !== word) return typo;
  }
}

/** A part number as a shopper might type it: as printed, lowercased, or without its separators. */
function typedPartNumber(random: Random, number: string) {
  const form = random.int(0, 2);
  return form === 0 ? number : form === 1 ? number.toLowerCase() : number.replace(/[\s-]/g, '');
}

/**
 * An endless series of searches, every one different from the ones before it (the same parameters
 * in any order count as the same search, as the store's cache counts them), from `seed`.
 */
export function createSearchMix({ parts, vehicleIds }: MixSource, seed = MIX_SEED): () => SearchRequest {
  const random = createRandom(seed);
  const vocabulary = searchVocabulary();
  const typoWords = vocabulary.filter((word) => /^[a-z]{5,}$/.test(word));
  const shapes = Object.entries(SEARCH_SHAPES) as [SearchShape, number][];
  const totalWeight = shapes.reduce((sum, [, weight]) => sum + weight, 0);
  const seen = new Set<string>();

  const pickShape = () => {
    let roll = random.next() * totalWeight;
    for (const [shape, weight] of shapes) {
      roll -= weight;
      if (roll < 0) return shape;
    }
    return 'text' as SearchShape;
  };
  const words = (count: number) => Array.from({ length: count }, () => random.pick(vocabulary)).join(' ');
  // Most shoppers type words of the part they have in mind (`brembo caliper`, `sintered cbr600rr`);
  // the others, any words of the shop's, which may find nothing together.
  const wordsOfAPart = (count: number) => {
    const part = random.pick(parts);
    const own = `${part.name} ${part.description}`
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .filter((word) => word.length >= 3 && /[a-z]/.test(word) && !SMALL_WORDS.has(word));
    return Array.from({ length: count }, () => random.pick(own)).join(' ');
  };
  const text = (count: number) => (random.chance(0.7) ? wordsOfAPart(count) : words(count));
  const maybe = <T>(probability: number, value: () => T) => (random.chance(probability) ? value() : undefined);
  const sort = () => random.pick(CATALOGUE_SORTS);
  // Half on the first page, the rest on the next three.
  const page = () => String(random.chance(0.5) ? 1 : random.int(2, LAST_PAGE));
  // One category, or now and then two.
  const categories = () => {
    const category = random.pick(PART_CATEGORIES);
    return { category, all: random.chance(0.2) ? [category, random.pick(PART_CATEGORIES)] : category };
  };
  const brandOf = (category: PartCategory) => random.pick(BRANDS[category]);

  const build = (
    shape: SearchShape,
  ): { params: Record<string, string | string[] | undefined>; expectFirst?: string } => {
    switch (shape) {
      case 'text':
        return { params: { q: text(random.int(1, 2)), sort: maybe(0.3, sort), page: page() } };
      case 'text with a typo': {
        const typo = misspell(random, random.pick(typoWords));
        return { params: { q: random.chance(0.5) ? typo : `${typo} ${words(1)}`, page: page() } };
      }
      case 'part number': {
        const part = random.pick(parts);
        const number = random.chance(0.6) || part.oemNumbers.length === 0 ? part.sku : random.pick(part.oemNumbers);
        // An OEM number may be shared by a few parts (each maker's numbers are few): only a sku must come first.
        return {
          params: { q: typedPartNumber(random, number) },
          ...(number === part.sku ? { expectFirst: part.sku } : {}),
        };
      }
      case 'bike':
        return {
          params: {
            vehicle: random.pick(vehicleIds),
            position: maybe(0.3, () => random.pick(PART_POSITIONS)),
            inStock: maybe(0.3, () => 'true'),
            sort: maybe(0.5, sort),
            page: page(),
          },
        };
      case 'bike and category': {
        const { category, all } = categories();
        return {
          params: {
            vehicle: random.pick(vehicleIds),
            category: all,
            brand: maybe(0.3, () => brandOf(category)),
            position: maybe(0.3, () => random.pick(PART_POSITIONS)),
            sort: maybe(0.5, sort),
            page: page(),
          },
        };
      }
      case 'bike and text':
        return { params: { vehicle: random.pick(vehicleIds), q: text(1), sort: maybe(0.3, sort), page: page() } };
      case 'facets, price and sort': {
        const { category, all } = categories();
        const min = random.int(0, 300);
        return {
          params: {
            category: all,
            brand: maybe(0.5, () => brandOf(category)),
            compound: category === 'brake-pads' ? maybe(0.5, () => random.pick(PAD_COMPOUNDS)) : undefined,
            position: maybe(0.4, () => random.pick(PART_POSITIONS)),
            minPrice: String(min),
            maxPrice: String(min + random.int(10, 500)),
            inStock: maybe(0.5, () => 'true'),
            sort: sort(),
            page: page(),
          },
        };
      }
    }
  };

  return () => {
    for (;;) {
      const shape = pickShape();
      const { params, expectFirst } = build(shape);
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) {
        for (const item of [value ?? []].flat()) query.append(name, item);
      }
      // Different for the store: its cache's key (the same search however it is spelt) is new.
      const key = catalogueCacheKey(catalogueQuerySchema.parse(queryObject(query)));
      if (seen.has(key)) continue;
      seen.add(key);
      const search = query.toString();
      const path = `${api(apiPaths.catalogue)}${search ? `?${search}` : ''}`;
      return expectFirst ? { shape, path, expectFirst } : { shape, path };
    }
  };
}

/** A part page's read (`GET /api/products/<id>`), measured beside the searches in the same load. */
export const PART_PAGE = 'part page';
/** The share of the load's requests that read a part page. */
export const PART_PAGE_SHARE = 0.1;
export type RequestKind = SearchShape | typeof PART_PAGE;

export interface LoadRequest {
  kind: RequestKind;
  path: string;
}

/** The load's requests: the searches of `searches`, and one in ten a random part's page instead. */
export function createLoadMix(
  searches: () => SearchRequest,
  partIds: readonly string[],
  seed = PART_PAGE_SEED,
): () => LoadRequest {
  const random = createRandom(seed);
  return () => {
    if (random.chance(PART_PAGE_SHARE)) return { kind: PART_PAGE, path: api(apiPaths.product(random.pick(partIds))) };
    const { shape, path } = searches();
    return { kind: shape, path };
  };
}

// ---------------------------------------------------------------------------------------------
// The index: which search answered

/**
 * What answered a catalogue search, from its CATALOGUE_VERSION_HEADER (decision 0039): the index (its
 * catalogue version, a number), the SQL search while the index is built (`sql`), or unknown (no header).
 */
export function answeredBy(header: string | null): { by: 'index'; version: number } | { by: 'sql' | 'unknown' } {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return { by: 'index', version: Number(value) };
  return { by: value === 'sql' ? 'sql' : 'unknown' };
}

export interface IndexWait {
  /** Seconds from the store's spawn to the first answer from its index; undefined when none came in time. */
  readySeconds: number | undefined;
  /** Seconds spent asking, from the store's first healthy answer. */
  waitedSeconds: number;
  /** Questions of health asked. */
  polls: number;
  /** What health last said of search (null: nothing, or no answer), for the report when the index never answered. */
  lastSaid: string | null;
  /** The catalogue version header of the last search asked once health said `index` (null: none asked, or none on it). */
  lastHeader: string | null;
  /** Seconds from the store's spawn to its exit, when it exited before its index answered. */
  exitedSeconds?: number;
}

/**
 * Asks a random part's page every BUILD_PAGE_EVERY_MS, one at a time, until stopped: what a rider
 * reading a part waits while the store builds its index (issue 27: the build never blocks other
 * requests). A page that does not answer within POLL_TIMEOUT_MS counts as failed.
 */
export function partPagesMeanwhile(baseUrl: string, partIds: readonly string[]) {
  const random = createRandom(PART_PAGE_SEED + 1);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const started = performance.now();
  let stopped = false;
  const asking = (async () => {
    while (!stopped) {
      const sent = performance.now();
      let status = 'error';
      try {
        const response = await fetch(`${baseUrl}${api(apiPaths.product(random.pick(partIds)))}`, {
          signal: AbortSignal.timeout(POLL_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        status = String(response.status);
      } catch {
        // Timed out or refused: counted as failed below.
      }
      latencies.push(performance.now() - sent);
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      await sleep(BUILD_PAGE_EVERY_MS);
    }
  })();
  return {
    async stop(): Promise<KindSummary> {
      stopped = true;
      await asking;
      return summarise(latencies, statusCodes, (performance.now() - started) / 1000);
    },
  };
}

/**
 * Asks the store's health every INDEX_POLL_MS until it says its searches come from the index, then
 * confirms with a new search (a part number on one result per page, a key the mix never draws) that
 * a catalogue version answers; gives up when `timeoutMs` passes or the store is no longer `running`.
 * Health costs the store a `select 1`, so that the part pages asked meanwhile (partPagesMeanwhile)
 * measure the build, not searches the database answers while it runs. A store whose health does not
 * say (before the field came) times out here, and the section measures the SQL search.
 */
export async function waitForIndex(
  baseUrl: string,
  {
    parts,
    spawnedAt,
    timeoutMs,
    running = () => true,
  }: { parts: GeneratedPart[]; spawnedAt: number; timeoutMs: number; running?: () => boolean },
): Promise<IndexWait> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  const timeout = () =>
    AbortSignal.timeout(Math.max(1, Math.ceil(Math.min(POLL_TIMEOUT_MS, deadline - performance.now()))));
  let polls = 0;
  let searches = 0;
  let lastSaid: string | null = null;
  let lastHeader: string | null = null;
  const wait = (readySeconds?: number) => ({
    readySeconds,
    waitedSeconds: (performance.now() - started) / 1000,
    polls,
    lastSaid,
    lastHeader,
  });
  while (performance.now() < deadline) {
    if (!running()) return { ...wait(), exitedSeconds: (performance.now() - spawnedAt) / 1000 };
    polls += 1;
    try {
      const health = await fetch(`${baseUrl}${api(apiPaths.health)}`, { signal: timeout() });
      const said: unknown = health.ok ? ((await health.json()) as { search?: unknown }).search : undefined;
      lastSaid = typeof said === 'string' ? said : null;
      if (lastSaid === 'index') {
        const part = parts[searches % parts.length];
        const query = new URLSearchParams({
          q: part?.sku ?? 'brake',
          pageSize: '1',
          page: String(1 + Math.floor(searches / parts.length)),
        });
        searches += 1;
        const response = await fetch(`${baseUrl}${api(apiPaths.catalogue)}?${query}`, { signal: timeout() });
        await response.arrayBuffer();
        lastHeader = response.headers.get(CATALOGUE_VERSION_HEADER);
        if (response.ok && answeredBy(lastHeader).by === 'index') return wait((performance.now() - spawnedAt) / 1000);
      }
    } catch {
      // Timed out or refused while busy building: ask again until the deadline.
    }
    await sleep(Math.min(INDEX_POLL_MS, Math.max(0, deadline - performance.now())));
  }
  return wait();
}

/** Why the index was not waited for, in a line (undefined when it answered). */
export function describeIndexWait(wait: IndexWait): string | undefined {
  if (wait.readySeconds !== undefined) return undefined;
  if (wait.exitedSeconds !== undefined) {
    return `the store exited ${Math.round(wait.exitedSeconds)} s after its start, before its index answered`;
  }
  const waited = `${Math.round(wait.waitedSeconds)} s`;
  if (wait.lastSaid === null) {
    return `its health did not say where searches are answered after ${waited} (its index does not serve yet): the SQL search is measured`;
  }
  if (wait.lastSaid === 'index') {
    return `health said \`index\` but a search answered with ${CATALOGUE_VERSION_HEADER} ${JSON.stringify(wait.lastHeader)} after ${waited}: the SQL search is measured`;
  }
  return `health still said search ${JSON.stringify(wait.lastSaid)} after ${waited}: the SQL search is measured`;
}

// ---------------------------------------------------------------------------------------------
// The section

export interface KindSummary {
  /** Answers of any status. */
  answered: number;
  /** Answers other than 2xx. */
  failed: number;
  /** 2xx answers per second of the run. */
  perSecond: number;
  p50: number | undefined;
  p99: number | undefined;
  max: number | undefined;
  statusCodes: Record<string, number>;
}

export interface ShapeRow extends Omit<KindSummary, 'perSecond' | 'statusCodes' | 'max'> {
  shape: SearchShape;
}

export interface SearchChecks {
  checked: number;
  /** Searches that did not answer 200 with the contract's shape, or put the wrong part first. */
  failures: string[];
  partNumbers: number;
  partNumbersFirst: number;
  /** Milliseconds each search took alone (sent one at a time), by kind. */
  alone: Partial<Record<SearchShape, number[]>>;
  /** What answered the checked searches (CATALOGUE_VERSION_HEADER). */
  answeredBy: Record<'index' | 'sql' | 'unknown', number>;
}

/** The store process's resident memory (kB, /proc/<pid>/status) at three moments, and its peak (VmHWM). */
export interface StoreMemory {
  healthyKb: number | undefined;
  /** When the index first answered, or when the wait for it ended. */
  indexKb: number | undefined;
  afterLoadKb: number | undefined;
  /** Undefined when the store exited before it could be read: see largestSampledKb. */
  peakKb: number | undefined;
  /** The largest of the samples taken every INDEX_POLL_MS while the store built its index. */
  largestSampledKb: number | undefined;
}

/** The searches under load, and the checks before them. */
export interface CatalogueRun {
  checks: SearchChecks;
  /** How long the measured load ran. */
  seconds: number;
  search: KindSummary;
  partPages: KindSummary;
  shapes: ShapeRow[];
  /** Requests that got no answer (timeouts, socket errors), of either kind: autocannon does not say which. */
  unanswered: { errors: number; timeouts: number; socketErrors: Record<string, number> };
  /** The share of the machine that other processes took during the load (cpu.ts). */
  otherWork: number | undefined;
}

export interface CatalogueResult {
  generated: { parts: number; vehicles: number; fitments: number; universal: number; seconds: number };
  load: Omit<LoadReport, 'vehicleIds'>;
  /** Seconds from the store's spawn to its first healthy answer. */
  healthySeconds: number;
  index: IndexWait;
  /** Part pages asked one at a time while the index was built (from healthy to the index answering). */
  whileBuilding: KindSummary;
  memory: StoreMemory;
  /** Unset when the store exited before its index answered (`storeExit` says how). */
  run?: CatalogueRun;
  storeExit?: string;
}

interface CatalogueSettings {
  rootDir: string;
  port: number;
  /** A PostgreSQL server to create a throwaway database on; unset, PGlite. */
  adminUrl?: string | undefined;
  catalogue: GeneratedCatalogue;
  generateSeconds: number;
  seconds: number;
  connections: number;
  /** How long to wait for the store's index before measuring whatever answers. */
  indexWaitSeconds: number;
  log: (message: string) => void;
}

/**
 * Loads the catalogue into a new database, starts the store on it, waits for its index, checks a few
 * searches, then loads it with searches and part pages.
 */
export async function benchCatalogueSearch(session: Session, settings: CatalogueSettings): Promise<CatalogueResult> {
  const { catalogue, log } = settings;
  const folder = makeTempDir(session, 'brakehouse-bench-catalogue-');
  const throwaway = settings.adminUrl ? await createThrowawayDatabase(session, settings.adminUrl) : undefined;
  try {
    log(`  Loading the catalogue into ${throwaway ? `database ${throwaway.name}` : 'a new PGlite data folder'}...`);
    const { vehicleIds, ...load } = await loadCatalogue(
      { databaseUrl: throwaway?.url, dataDir: folder.dir },
      catalogue,
      log,
    );
    log(`  Loaded in ${load.seconds.toFixed(1)} s`);
    const spawnedAt = performance.now();
    const store = await benchStore(session, {
      rootDir: settings.rootDir,
      port: settings.port,
      dataDir: folder.dir,
      databaseUrl: throwaway?.url,
    });
    try {
      const pid = store.server.child.pid;
      const healthySeconds = (performance.now() - spawnedAt) / 1000;
      const healthyKb = readRssKb(pid);
      log(`  Healthy ${healthySeconds.toFixed(1)} s after its start; waiting for its index...`);
      const sampler = sampleRss(pid);
      const pages = partPagesMeanwhile(
        store.baseUrl,
        catalogue.parts.map((part) => part.id),
      );
      const index = await waitForIndex(store.baseUrl, {
        parts: catalogue.parts,
        spawnedAt,
        timeoutMs: settings.indexWaitSeconds * 1000,
        running: () => store.server.exit === undefined,
      });
      const whileBuilding = await pages.stop();
      const largestSampledKb = sampler.stop();
      const indexKb = readRssKb(pid);
      log(
        index.readySeconds === undefined
          ? `  ${describeIndexWait(index)}`
          : `  Index answering ${index.readySeconds.toFixed(1)} s after the store's start`,
      );
      const generated = {
        parts: catalogue.parts.length,
        vehicles: catalogue.vehicles.length,
        fitments: catalogue.fitment.part.length,
        universal: catalogue.parts.filter((part) => part.universal).length,
        seconds: settings.generateSeconds,
      };
      const memory = { healthyKb, indexKb, afterLoadKb: undefined, peakKb: readPeakRssKb(pid), largestSampledKb };
      if (index.exitedSeconds !== undefined) {
        // What a shop of this size needs is the finding: report it rather than fail the section.
        const storeExit = describeStoreExit(store.server.output(), store.server.exit);
        log(`  ${storeExit}`);
        return { generated, load, healthySeconds, index, whileBuilding, memory, storeExit };
      }
      const run = await measureSearches(session, settings, {
        baseUrl: store.baseUrl,
        searches: createSearchMix({ parts: catalogue.parts, vehicleIds }),
        ourPids: async () => [
          pid ?? 0,
          ...(throwaway && settings.adminUrl ? await backendPids(settings.adminUrl, throwaway.name) : []),
        ],
      });
      if (store.server.exit !== undefined) throw new Error('the store exited during the run');
      return {
        generated,
        load,
        healthySeconds,
        index,
        whileBuilding,
        memory: { ...memory, afterLoadKb: readRssKb(pid), peakKb: readPeakRssKb(pid) },
        run,
      };
    } finally {
      await store.stop();
    }
  } finally {
    await throwaway?.drop();
    await folder.remove();
  }
}

/** The checks one by one, then the load after a warm-up. */
async function measureSearches(
  session: Session,
  settings: CatalogueSettings,
  { baseUrl, searches, ourPids }: { baseUrl: string; searches: () => SearchRequest; ourPids: () => Promise<number[]> },
): Promise<CatalogueRun> {
  const { catalogue, log } = settings;
  const checks = await checkSearches(baseUrl, searches, catalogue.parts);
  log(
    `  ${checks.checked} searches checked, ${checks.failures.length} failed; under load for ${settings.seconds} s...`,
  );
  const next = createLoadMix(
    searches,
    catalogue.parts.map((part) => part.id),
  );
  const meter = startCpuMeter(await ourPids());
  const options = { baseUrl, connections: settings.connections };
  const warmUp = Math.min(WARM_UP_SECONDS, settings.seconds);
  await runLoad(session, { ...options, seconds: warmUp, next: prepared(next, warmUp) });
  const measured = await runLoad(session, {
    ...options,
    seconds: settings.seconds,
    next: prepared(next, settings.seconds),
  });
  return { checks, ...measured, otherWork: meter.stop(await ourPids()) };
}

/** How the store ended, from its output: V8's fatal error (out of memory) if there is one. */
export function describeStoreExit(output: string, exit: Exit | undefined): string {
  const fatal = /FATAL ERROR: ([^\n]+)/.exec(output)?.[1]?.trim();
  const how = typeof exit === 'number' ? `exit code ${exit}` : exit ? `signal ${exit}` : 'exited';
  return fatal ? `${fatal} (${how})` : `the store exited (${how})`;
}

/** Samples the process's RSS every INDEX_POLL_MS; stop() answers the largest sample (kB). */
function sampleRss(pid: number | undefined) {
  let largest = readRssKb(pid);
  const timer = setInterval(() => {
    const now = readRssKb(pid);
    if (now !== undefined && (largest === undefined || now > largest)) largest = now;
  }, INDEX_POLL_MS);
  return {
    stop() {
      clearInterval(timer);
      return largest;
    },
  };
}

/** The process's peak resident memory so far (VmHWM), in kB; undefined once it is gone or off Linux. */
function readPeakRssKb(pid: number | undefined): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The requests of a run drawn before it starts (drawing a search, with its check against the store's
 * cache key, costs this process tens of microseconds, taken from the cores the store runs on), then
 * more as needed.
 */
function prepared<T>(next: () => T, seconds: number): () => T {
  const ready = Array.from({ length: seconds * PREPARED_PER_SECOND }, () => next());
  let taken = 0;
  return () => ready[taken++] ?? next();
}

/**
 * A few searches of the mix, one at a time: each must answer 200 in the contract's shape; and one
 * part page.
 */
async function checkSearches(
  baseUrl: string,
  next: () => SearchRequest,
  parts: GeneratedPart[],
): Promise<SearchChecks> {
  const checks: SearchChecks = {
    checked: 0,
    failures: [],
    partNumbers: 0,
    partNumbersFirst: 0,
    alone: {},
    answeredBy: { index: 0, sql: 0, unknown: 0 },
  };
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(30_000) });
    return { response, text: await response.text() };
  };
  for (let index = 0; index < CHECKED_SEARCHES; index += 1) {
    const request = next();
    checks.checked += 1;
    const started = performance.now();
    let answer;
    try {
      answer = await get(request.path);
    } catch (error) {
      checks.failures.push(`${request.path}: ${errorMessage(error)}`);
      continue;
    }
    const { response, text } = answer;
    (checks.alone[request.shape] ??= []).push(performance.now() - started);
    checks.answeredBy[answeredBy(response.headers.get(CATALOGUE_VERSION_HEADER)).by] += 1;
    if (response.status !== 200) {
      checks.failures.push(`${request.path} answered ${response.status}: ${text.slice(0, 200)}`);
      continue;
    }
    const parsed = catalogueResponseSchema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      checks.failures.push(`${request.path}: not the contract's answer (${parsed.error.message.slice(0, 200)})`);
      continue;
    }
    if (request.expectFirst) {
      checks.partNumbers += 1;
      const first = (parsed.data as CatalogueResponse).items[0]?.sku;
      if (first?.toLowerCase() === request.expectFirst.toLowerCase()) checks.partNumbersFirst += 1;
      else checks.failures.push(`${request.path}: ${request.expectFirst} not first (got ${first ?? 'nothing'})`);
    }
  }
  const part = parts[Math.floor(parts.length / 2)];
  if (part) {
    const path = api(apiPaths.product(part.id));
    const { response, text } = await get(path);
    const parsed = response.status === 200 ? productSchema.safeParse(JSON.parse(text)) : undefined;
    if (!parsed?.success) checks.failures.push(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return checks;
}

/** Latencies and status codes of one kind of request. */
function summarise(latencies: number[], statusCodes: Record<string, number>, seconds: number): KindSummary {
  const sorted = Float64Array.from(latencies).sort();
  const failed = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    answered: sorted.length,
    failed,
    perSecond: seconds > 0 ? (sorted.length - failed) / seconds : 0,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1] : undefined,
    statusCodes,
  };
}

/**
 * autocannon with one request that `next` rewrites before every send: each connection sends one
 * request at a time, so the request a connection's answer belongs to is the last one set up for it
 * (kept in the connection's context, which autocannon hands to both sides).
 */
async function runLoad(
  session: Session,
  {
    baseUrl,
    seconds,
    connections,
    next,
  }: { baseUrl: string; seconds: number; connections: number; next: () => LoadRequest },
) {
  const kinds = [...(Object.keys(SEARCH_SHAPES) as SearchShape[]), PART_PAGE] as RequestKind[];
  const byKind = new Map(
    kinds.map((kind) => [kind, { latencies: [] as number[], statusCodes: {} as Record<string, number> }]),
  );
  const socketErrors: Record<string, number> = {};
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request, context) => {
          const { kind, path } = next();
          context.kind = kind;
          return { ...request, path };
        },
      },
    ],
  });
  const stop = session.own(`catalogue searches on ${baseUrl}`, { close: () => instance.stop() });
  instance.on('response', (client, status, _bytes, ms) => {
    const kind = (client as { requestIterator?: { context?: { kind?: RequestKind } } }).requestIterator?.context?.kind;
    const entry = kind ? byKind.get(kind) : undefined;
    if (!entry) return;
    entry.latencies.push(ms);
    entry.statusCodes[status] = (entry.statusCodes[status] ?? 0) + 1;
  });
  instance.on('reqError', (error) => {
    const key = error?.code ?? error?.message ?? String(error);
    socketErrors[key] = (socketErrors[key] ?? 0) + 1;
  });
  const result = await instance;
  await stop();
  const searchKinds = kinds.filter((kind) => kind !== PART_PAGE);
  const merged = { latencies: [] as number[], statusCodes: {} as Record<string, number> };
  for (const kind of searchKinds) {
    const entry = byKind.get(kind);
    merged.latencies.push(...(entry?.latencies ?? []));
    for (const [code, count] of Object.entries(entry?.statusCodes ?? {})) {
      merged.statusCodes[code] = (merged.statusCodes[code] ?? 0) + count;
    }
  }
  const part = byKind.get(PART_PAGE) ?? { latencies: [], statusCodes: {} };
  return {
    seconds: result.duration,
    search: summarise(merged.latencies, merged.statusCodes, result.duration),
    partPages: summarise(part.latencies, part.statusCodes, result.duration),
    shapes: searchKinds.map((kind): ShapeRow => {
      const entry = byKind.get(kind) ?? { latencies: [], statusCodes: {} };
      const { answered, failed, p50, p99 } = summarise(entry.latencies, entry.statusCodes, result.duration);
      return { shape: kind as SearchShape, answered, failed, p50, p99 };
    }),
    unanswered: { errors: result.errors, timeouts: result.timeouts, socketErrors },
  };
}
