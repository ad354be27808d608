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
 * Writes through the store clear the cache at once; this bounds how long a change made outside it
 * (SQL by hand, a script) can go unseen.
 */
export const CATALOGUE_MAX_AGE_MS = 5_000;

export interface CatalogueCache {
  get(kind: CatalogueKind, key: string): string | undefined;
  set(kind: CatalogueKind, key: string, json: string): void;
  /** After a write of this kind: clears it here and tells the other instances. */
  changed(kind: CatalogueKind): Promise<void>;
  /** A write reported by another instance (or a lost connection to the reports: clear everything). */
  clear(kind?: CatalogueKind): void;
  /** While the cross-instance reports are not flowing, nothing is cached. */
  setEnabled(enabled: boolean): void;
  /** The characters of JSON held for a kind (for tests and diagnostics). */
  heldChars(kind: CatalogueKind): number;
}

export function createCatalogueCache({
  publish = async () => undefined,
  onPublishError = () => undefined,
  maxAgeMs = CATALOGUE_MAX_AGE_MS,
  maxChars = MAX_CHARS_PER_KIND,
  now = Date.now,
}: {
  /** Tells the other instances (PostgreSQL NOTIFY); on PGlite there are none. */
  publish?: (kind: CatalogueKind) => Promise<void>;
  /**
   * The write itself has committed: failing to announce it must not fail the request (a customer
   * would retry a paid-for order). The others' caches then age out (CATALOGUE_MAX_AGE_MS).
   */
  onPublishError?: (error: unknown) => void;
  maxAgeMs?: number;
  maxChars?: number;
  now?: () => number;
} = {}): CatalogueCache {
  const entries: Record<CatalogueKind, Map<string, { json: string; at: number }>> = {
    products: new Map(),
    reviews: new Map(),
  };
  const held: Record<CatalogueKind, number> = { products: 0, reviews: 0 };
  let enabled = true;

  const forget = (kind: CatalogueKind, key: string) => {
    const entry = entries[kind].get(key);
    if (!entry) return;
    held[kind] -= entry.json.length;
    entries[kind].delete(key);
  };
  const clearKind = (kind: CatalogueKind) => {
    entries[kind].clear();
    held[kind] = 0;
  };

  const cache: CatalogueCache = {
    get(kind, key) {
      const entry = enabled ? entries[kind].get(key) : undefined;
      return entry && now() - entry.at < maxAgeMs ? entry.json : undefined;
    },
    set(kind, key, json) {
      if (!enabled || json.length > maxChars) return;
      const map = entries[kind];
      forget(kind, key);
      // Oldest first: a Map iterates in insertion order.
      for (const oldest of map.keys()) {
        if (held[kind] + json.length <= maxChars) break;
        forget(kind, oldest);
      }
      map.set(key, { json, at: now() });
      held[kind] += json.length;
    },
    async changed(kind) {
      clearKind(kind);
      try {
        await publish(kind);
      } catch (error) {
        onPublishError(error);
      }
    },
    clear(kind) {
      if (kind) clearKind(kind);
      else for (const each of Object.keys(entries) as CatalogueKind[]) clearKind(each);
    },
    heldChars: (kind) => held[kind],
    setEnabled(value) {
      enabled = value;
      if (!value) cache.clear();
    },
  };
  return cache;
}
