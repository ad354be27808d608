/**
 * The public catalogue's answers (parts and reviews), kept serialized in memory: most requests to a
 * shop are these reads, and they change only when someone writes. A write clears its kind here at
 * once and, through the database's notifications, on every other instance (see notifications.ts).
 */
export type CatalogueKind = 'products' | 'reviews';

/**
 * The memory one kind may hold (characters of JSON, about bytes). Keys are few (one per part, one
 * per list length), but a list can be long: asking for every `limit` from 1 to 1,000 once would
 * otherwise keep hundreds of megabytes. Past the budget the oldest answers go first.
 */
export const MAX_CHARS_PER_KIND = 16 * 1024 * 1024;
/**
 * What an answer counts for: its JSON, and room for its compressed copies (a fraction of it each;
 * JSON compresses to a fifth or less).
 */
const weight = (json: string) => Math.ceil(json.length * 1.5);
/**
 * Writes through the store clear the cache at once; this bounds how long a change made outside it
 * (SQL by hand, a script) can go unseen.
 */
export const CATALOGUE_MAX_AGE_MS = 5_000;

/** Encodings a cached answer is kept in besides plain JSON, made once, when first asked for. */
export type AnswerEncoding = 'br' | 'gzip';

/** One cached answer: its JSON, and its compressed copies as they are made (sendCached). */
export interface CachedAnswer {
  readonly json: string;
  readonly encoded: Map<AnswerEncoding, Buffer>;
  /** Headers that go with the answer (the catalogue version it was made from). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** An answer as the cache keeps it, kept or not: its JSON, no compressed copy yet, its headers. */
export const cachedAnswer = (json: string, headers?: Record<string, string>): CachedAnswer => ({
  json,
  encoded: new Map(),
  ...(headers && { headers }),
});

/** How to make an answer the cache does not hold (answerFor). */
export interface AnswerSource<T> {
  /** The value, or undefined: "not found", nothing kept. */
  load: () => Promise<T | undefined>;
  serialize: (value: T) => string;
  /** Headers that go with an answer, kept with it. */
  headers?: (value: T) => Record<string, string> | undefined;
  /**
   * Whether to keep this answer (default: yes). An answer made from memory costs little to make
   * again: kept only when asked twice (asked-before.ts), it does not fill the heap with answers asked
   * once, which the garbage collector must then sweep from its old space.
   */
  keep?: (value: T) => boolean;
}

/**
 * The answer for `key`: the cached one when every write announced before now has been heard (the
 * cache's `heard`), else one loaded now, kept unless a write cleared the kind while it loaded, the
 * announcements are not heard, or `keep` says no. Undefined when `load` finds nothing.
 */
export async function answerFor<T>(
  cache: CatalogueCache,
  kind: CatalogueKind,
  key: string,
  { load, serialize, headers, keep }: AnswerSource<T>,
): Promise<CachedAnswer | undefined> {
  // A write answered through another instance just before this request came is heard first.
  const heard = await cache.heard();
  const cached = heard ? cache.get(kind, key) : undefined;
  if (cached !== undefined) return cached;
  const loadedFrom = cache.generation(kind);
  const value = await load();
  if (value === undefined) return undefined;
  const json = serialize(value);
  const answerHeaders = headers?.(value);
  return heard && (keep === undefined || keep(value))
    ? cache.set(kind, key, json, { headers: answerHeaders, loadedFrom })
    : cachedAnswer(json, answerHeaders);
}

export interface CatalogueCache {
  /**
   * Resolves once every write another instance announced before the call has been heard here
   * (true), so that a read coming after a write's answer, through any instance, sees it; false when
   * that cannot be known now (the reports are not flowing, or too slow): nothing cached is to be
   * trusted then. On one process, true at once.
   */
  heard(): Promise<boolean>;
  get(kind: CatalogueKind, key: string): CachedAnswer | undefined;
  /** How many times a kind has been cleared: an answer loaded while it moved may be stale. */
  generation(kind: CatalogueKind): number;
  /**
   * Keeps the answer (unless caching is off, it is too large, or the kind was cleared since
   * `loadedFrom`, its generation when the answer's loading began) and gives it back either way.
   */
  set(
    kind: CatalogueKind,
    key: string,
    json: string,
    options?: { headers?: Record<string, string>; loadedFrom?: number },
  ): CachedAnswer;
  /** After a write of this kind: clears it here and tells the other instances. */
  changed(kind: CatalogueKind): Promise<void>;
  /** A write reported by another instance (or a lost connection to the reports: clear everything). */
  clear(kind?: CatalogueKind): void;
  /** While the cross-instance reports are not flowing, nothing is cached. */
  setEnabled(enabled: boolean): void;
  /** Whether the cross-instance reports are flowing (always, on one process). */
  isEnabled(): boolean;
  /** What a kind holds, in characters of JSON and room for its compressed copies (tests, diagnostics). */
  heldChars(kind: CatalogueKind): number;
  /**
   * Calls `listener` whenever a kind is cleared (a write here, one reported by another instance, or
   * everything when the reports were lost: kind undefined), before the clearing call returns.
   */
  onClear(listener: (kind: CatalogueKind | undefined) => void): void;
}

export function createCatalogueCache({
  publish = async () => undefined,
  hear = async () => true,
  onPublishError = () => undefined,
  maxAgeMs = CATALOGUE_MAX_AGE_MS,
  maxChars = MAX_CHARS_PER_KIND,
  now = Date.now,
}: {
  /** Tells the other instances (PostgreSQL NOTIFY); on PGlite there are none. */
  publish?: (kind: CatalogueKind) => Promise<void>;
  /** Waits until the other instances' announcements made before the call are heard (heard()). */
  hear?: () => Promise<boolean>;
  /**
   * The write itself has committed: failing to announce it must not fail the request (a customer
   * would retry a paid-for order). The others' caches then age out (CATALOGUE_MAX_AGE_MS).
   */
  onPublishError?: (error: unknown) => void;
  maxAgeMs?: number;
  maxChars?: number;
  now?: () => number;
} = {}): CatalogueCache {
  const entries: Record<CatalogueKind, Map<string, { answer: CachedAnswer; at: number }>> = {
    products: new Map(),
    reviews: new Map(),
  };
  const held: Record<CatalogueKind, number> = { products: 0, reviews: 0 };
  const generations: Record<CatalogueKind, number> = { products: 0, reviews: 0 };
  const listeners: Array<(kind: CatalogueKind | undefined) => void> = [];
  let enabled = true;

  const forget = (kind: CatalogueKind, key: string) => {
    const entry = entries[kind].get(key);
    if (!entry) return;
    held[kind] -= weight(entry.answer.json);
    entries[kind].delete(key);
  };
  const clearKind = (kind: CatalogueKind) => {
    generations[kind] += 1;
    entries[kind].clear();
    held[kind] = 0;
  };
  const told = (kind: CatalogueKind | undefined) => {
    for (const listener of listeners) listener(kind);
  };

  const cache: CatalogueCache = {
    heard: () => (enabled ? hear() : Promise.resolve(false)),
    get(kind, key) {
      const entry = enabled ? entries[kind].get(key) : undefined;
      return entry && now() - entry.at < maxAgeMs ? entry.answer : undefined;
    },
    generation: (kind) => generations[kind],
    set(kind, key, json, { headers, loadedFrom } = {}) {
      const answer = cachedAnswer(json, headers);
      const stale = loadedFrom !== undefined && loadedFrom !== generations[kind];
      if (!enabled || stale || weight(json) > maxChars) return answer;
      const map = entries[kind];
      forget(kind, key);
      // Oldest first: a Map iterates in insertion order.
      for (const oldest of map.keys()) {
        if (held[kind] + weight(json) <= maxChars) break;
        forget(kind, oldest);
      }
      map.set(key, { answer, at: now() });
      held[kind] += weight(json);
      return answer;
    },
    async changed(kind) {
      clearKind(kind);
      told(kind);
      try {
        await publish(kind);
      } catch (error) {
        onPublishError(error);
      }
    },
    clear(kind) {
      if (kind) clearKind(kind);
      else for (const each of Object.keys(entries) as CatalogueKind[]) clearKind(each);
      told(kind);
    },
    heldChars: (kind) => held[kind],
    onClear: (listener) => void listeners.push(listener),
    isEnabled: () => enabled,
    setEnabled(value) {
      enabled = value;
      if (!value) cache.clear();
    },
  };
  return cache;
}
