/**
 * The public catalogue's answers (parts and reviews), kept serialized in memory: most requests to a
 * shop are these reads, and they change only when someone writes. A write clears its kind here at
 * once and, through the database's notifications, on every other instance (see notifications.ts).
 */
export type CatalogueKind = 'products' | 'reviews';

/** Cached answers per kind; a kind holds one answer per URL (bounded by the catalogue's size). */
const MAX_ENTRIES_PER_KIND = 5_000;
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
}

export function createCatalogueCache({
  publish = async () => undefined,
  onPublishError = () => undefined,
  maxAgeMs = CATALOGUE_MAX_AGE_MS,
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
  now?: () => number;
} = {}): CatalogueCache {
  const entries: Record<CatalogueKind, Map<string, { json: string; at: number }>> = {
    products: new Map(),
    reviews: new Map(),
  };
  let enabled = true;

  const cache: CatalogueCache = {
    get(kind, key) {
      const entry = enabled ? entries[kind].get(key) : undefined;
      return entry && now() - entry.at < maxAgeMs ? entry.json : undefined;
    },
    set(kind, key, json) {
      if (!enabled) return;
      const map = entries[kind];
      if (map.size >= MAX_ENTRIES_PER_KIND) map.clear();
      map.set(key, { json, at: now() });
    },
    async changed(kind) {
      entries[kind].clear();
      try {
        await publish(kind);
      } catch (error) {
        onPublishError(error);
      }
    },
    clear(kind) {
      if (kind) entries[kind].clear();
      else for (const map of Object.values(entries)) map.clear();
    },
    setEnabled(value) {
      enabled = value;
      if (!value) cache.clear();
    },
  };
  return cache;
}
