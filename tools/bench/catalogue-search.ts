// Section 5, catalogue search at a real shop's size (issue 14, point 6): the generated catalogue
// (catalogue-data.ts: 100,000 parts, 2,000 model years, 1,000,000 fitment rows) is written into a
// fresh database before the store starts; then the store, started on it as `npm start` runs it, takes
// searches from autocannon, every one different (text, a misspelt word, a part number, facets, a bike,
// price and stock, sorts and pages), so that no cache can answer them.
import autocannon from 'autocannon';
import {
  CATALOGUE_SORTS,
  catalogueQuerySchema,
  PAD_COMPOUNDS,
  PART_CATEGORIES,
  PART_POSITIONS,
} from '../../contract/catalogue.js';
import { apiPaths } from '../../contract/paths.js';
import { catalogueResponseSchema, type CatalogueResponse } from '../../contract/products.js';
import { catalogueCacheKey } from '../../server/catalogue/routes.js';
import { api } from '../lib/store-api.js';
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
import { percentile, WARM_UP_SECONDS, type LoadSummary } from './load.js';
import { backendPids, createThrowawayDatabase } from './postgres.js';
import { benchStore, makeTempDir, type Session } from './session.js';

/** Issue 14: loading under a minute (each database); searches on PostgreSQL. */
export const CATALOGUE_BUDGET = { loadSeconds: 60, maxP99Ms: 50, minRequestsPerSecond: 500 };
const REQUEST_TIMEOUT_SECONDS = 10;
/**
 * Searches sent one at a time and checked against the contract before the load; their times alone
 * say what each kind of search costs when nothing waits.
 */
const CHECKED_SEARCHES = 200;
const MIX_SEED = 7;
/** Searches drawn before a run, per second of it: more than the store answers here. */
const PREPARED_PER_SECOND = 3_000;

// ---------------------------------------------------------------------------------------------
// The searches

/** The kinds of search in the mix, with their share of the requests. */
export const SEARCH_SHAPES = {
  text: 20,
  'text with a typo': 10,
  'part number': 10,
  facets: 20,
  bike: 15,
  'bike and text': 10,
  'price and stock': 10,
  browse: 5,
} as const;
export type SearchShape = keyof typeof SEARCH_SHAPES;

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

/** One letter wrong, missing or extra (one edit), never the word itself. */
export function misspell(random: Random, word: string): string {
  for (;;) {
    const at = random.int(1, word.length - 1);
    const letter = LETTERS[random.int(0, LETTERS.length - 1)] ?? 'x';
    const edit = random.int(0, 2);
    const typo =
      edit === 0
        ? word.slice(0, at) + letter + word.slice(at + 1)
        : edit === 1
          ? word.slice(0, at) + word.slice(at + 1)
          : word.slice(0, at) + letter + word.slice(at);
    if (typo !== word) return typo;
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
  const brands = [...new Set(Object.values(BRANDS).flat())];
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
  const maybe = (probability: number, value: () => string) => (random.chance(probability) ? value() : undefined);
  const sort = () => random.pick(CATALOGUE_SORTS);
  const page = (last: number) => String(random.chance(0.6) ? 1 : random.int(2, last));

  const build = (
    shape: SearchShape,
  ): { params: Record<string, string | string[] | undefined>; expectFirst?: string } => {
    switch (shape) {
      case 'text':
        return { params: { q: text(random.int(1, 2)), sort: maybe(0.3, sort), page: page(3) } };
      case 'text with a typo': {
        const typo = misspell(random, random.pick(typoWords));
        return { params: { q: random.chance(0.5) ? typo : `${typo} ${words(1)}`, page: page(2) } };
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
      case 'facets': {
        const category = random.pick(PART_CATEGORIES);
        const pads = category === 'brake-pads';
        return {
          params: {
            category: random.chance(0.2) ? [category, random.pick(PART_CATEGORIES)] : category,
            brand: maybe(0.5, () => random.pick(BRANDS[category])),
            compound: pads ? maybe(0.5, () => random.pick(PAD_COMPOUNDS)) : undefined,
            position: maybe(0.4, () => random.pick(PART_POSITIONS)),
            sort: maybe(0.7, sort),
            page: page(5),
          },
        };
      }
      case 'bike':
        return {
          params: {
            vehicle: random.pick(vehicleIds),
            category: maybe(0.5, () => random.pick(PART_CATEGORIES)),
            position: maybe(0.3, () => random.pick(PART_POSITIONS)),
            sort: maybe(0.5, sort),
            page: page(3),
          },
        };
      case 'bike and text':
        return { params: { vehicle: random.pick(vehicleIds), q: text(1), sort: maybe(0.3, sort) } };
      case 'price and stock': {
        const min = random.int(0, 300);
        return {
          params: {
            minPrice: maybe(0.8, () => String(min)),
            maxPrice: maybe(0.8, () => String(min + random.int(10, 500))),
            inStock: 'true',
            category: maybe(0.5, () => random.pick(PART_CATEGORIES)),
            brand: maybe(0.2, () => random.pick(brands)),
            sort: random.pick(['price-asc', 'price-desc']),
            page: page(5),
          },
        };
      }
      case 'browse':
        // Few filters, so many pages and page sizes: enough different searches for a long run.
        return {
          params: {
            sort: sort(),
            page: String(random.int(1, 100)),
            pageSize: maybe(0.5, () => random.pick(['12', '48', '96'])),
            inStock: maybe(0.5, () => 'true'),
          },
        };
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

// ---------------------------------------------------------------------------------------------
// The section

export interface ShapeRow {
  shape: SearchShape;
  answered: number;
  failed: number;
  p50: number | undefined;
  p99: number | undefined;
}

export interface SearchChecks {
  checked: number;
  /** Searches that did not answer 200 with the contract's shape, or put the wrong part first. */
  failures: string[];
  partNumbers: number;
  partNumbersFirst: number;
  /** Milliseconds each search took alone (sent one at a time), by kind. */
  alone: Partial<Record<SearchShape, number[]>>;
}

export interface CatalogueResult {
  generated: { parts: number; vehicles: number; fitments: number; universal: number; seconds: number };
  load: Omit<LoadReport, 'vehicleIds'>;
  checks: SearchChecks;
  search: LoadSummary;
  shapes: ShapeRow[];
  /** The share of the machine that other processes took during the load (cpu.ts). */
  otherWork: number | undefined;
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
  log: (message: string) => void;
}

/** Loads the catalogue into a new database, starts the store on it, checks a few searches, then loads it. */
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
    const store = await benchStore(session, {
      rootDir: settings.rootDir,
      port: settings.port,
      dataDir: folder.dir,
      databaseUrl: throwaway?.url,
    });
    try {
      const next = createSearchMix({ parts: catalogue.parts, vehicleIds });
      const checks = await checkSearches(store.baseUrl, next);
      log(
        `  ${checks.checked} searches checked, ${checks.failures.length} failed; under load for ${settings.seconds} s...`,
      );
      const ourPids = async () => [
        store.server.child.pid ?? 0,
        ...(throwaway && settings.adminUrl ? await backendPids(settings.adminUrl, throwaway.name) : []),
      ];
      const meter = startCpuMeter(await ourPids());
      const options = { baseUrl: store.baseUrl, connections: settings.connections };
      const warmUp = Math.min(WARM_UP_SECONDS, settings.seconds);
      await runSearches(session, { ...options, seconds: warmUp, next: prepared(next, warmUp) });
      const measured = { ...options, seconds: settings.seconds, next: prepared(next, settings.seconds) };
      const { search, shapes } = await runSearches(session, measured);
      const otherWork = meter.stop(await ourPids());
      if (store.server.exit !== undefined) throw new Error('the store exited during the run');
      return {
        generated: {
          parts: catalogue.parts.length,
          vehicles: catalogue.vehicles.length,
          fitments: catalogue.fitment.part.length,
          universal: catalogue.parts.filter((part) => part.universal).length,
          seconds: settings.generateSeconds,
        },
        load,
        checks,
        search,
        shapes,
        otherWork,
      };
    } finally {
      await store.stop();
    }
  } finally {
    await throwaway?.drop();
    await folder.remove();
  }
}

/**
 * The searches of a run drawn before it starts (drawing one, with its check against the store's cache
 * key, costs this process tens of microseconds, taken from the cores the store runs on), then more
 * as needed.
 */
function prepared(next: () => SearchRequest, seconds: number): () => SearchRequest {
  const ready = Array.from({ length: seconds * PREPARED_PER_SECOND }, () => next());
  let taken = 0;
  return () => ready[taken++] ?? next();
}

/** A few searches of the mix, one at a time: each must answer 200 in the contract's shape. */
async function checkSearches(baseUrl: string, next: () => SearchRequest): Promise<SearchChecks> {
  const checks: SearchChecks = { checked: 0, failures: [], partNumbers: 0, partNumbersFirst: 0, alone: {} };
  for (let index = 0; index < CHECKED_SEARCHES; index += 1) {
    const request = next();
    checks.checked += 1;
    const started = performance.now();
    const response = await fetch(`${baseUrl}${request.path}`, { signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    (checks.alone[request.shape] ??= []).push(performance.now() - started);
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
  return checks;
}

/**
 * autocannon with one request that `next` rewrites before every send: each connection sends one
 * request at a time, so the search a connection's answer belongs to is the last one set up for it
 * (kept in the connection's context, which autocannon hands to both sides).
 */
async function runSearches(
  session: Session,
  {
    baseUrl,
    seconds,
    connections,
    next,
  }: { baseUrl: string; seconds: number; connections: number; next: () => SearchRequest },
) {
  const latencies: number[] = [];
  const byShape = new Map<SearchShape, { latencies: number[]; failed: number }>(
    (Object.keys(SEARCH_SHAPES) as SearchShape[]).map((shape) => [shape, { latencies: [], failed: 0 }]),
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
          const search = next();
          context.shape = search.shape;
          return { ...request, path: search.path };
        },
      },
    ],
  });
  const stop = session.own(`catalogue searches on ${baseUrl}`, { close: () => instance.stop() });
  instance.on('response', (client, status, _bytes, ms) => {
    latencies.push(ms);
    const shape = (client as { requestIterator?: { context?: { shape?: SearchShape } } }).requestIterator?.context
      ?.shape;
    const entry = shape ? byShape.get(shape) : undefined;
    entry?.latencies.push(ms);
    if (entry && (status < 200 || status >= 300)) entry.failed += 1;
  });
  instance.on('reqError', (error) => {
    const key = error?.code ?? error?.message ?? String(error);
    socketErrors[key] = (socketErrors[key] ?? 0) + 1;
  });
  const result = await instance;
  await stop();
  const sorted = Float64Array.from(latencies).sort();
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  const search: LoadSummary = {
    seconds: result.duration,
    answered: sorted.length,
    requestsPerSecond: sorted.length / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1] : undefined,
    statusCodes,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    socketErrors,
    roundRates: [sorted.length / result.duration],
  };
  const shapes = [...byShape].map(([shape, entry]): ShapeRow => {
    const shapeSorted = Float64Array.from(entry.latencies).sort();
    return {
      shape,
      answered: shapeSorted.length,
      failed: entry.failed,
      p50: percentile(shapeSorted, 50),
      p99: percentile(shapeSorted, 99),
    };
  });
  return { search, shapes };
}
