import { performance } from 'node:perf_hooks';
import type { Database } from '../../db/client.js';
import { sharedFromNow } from '../../lib/shared-from-now.js';
import type { CatalogueCache } from '../cache.js';
import type { Lexicon } from '../query-reader.js';
import type { CatalogueAnswer, CatalogueSearch, CatalogueSearchQuery } from '../search.js';
import { CatalogueIndex } from './catalogue-index.js';
import { CHANGES_KEPT_MS, pruneChanges, readChanges, startCursor, type ChangeCursor } from './changes.js';

/**
 * How often each instance reads the change log between searches, so that a search seldom waits for
 * much and the cached answers of writes nobody announced (SQL by hand) go.
 */
export const REFRESH_EVERY_MS = 250;
/** How long a search waits for the change log before the index answers as it is. */
export const FRESHNESS_WAIT_MS = 250;
/** How often an instance prunes the change log. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** After a failed build, the next try. */
const BUILD_RETRY_MS = 5_000;
/** An index not refreshed for this long may have missed pruned changes: it is built again. */
const STALE_AFTER_MS = CHANGES_KEPT_MS - 10 * 60 * 1000;

interface Logger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/** An index and where it is in the change log. */
interface Current {
  index: CatalogueIndex;
  cursor: ChangeCursor;
  refreshedAt: number;
  /** The writes announced (a count) before its last read of the log started. */
  caughtUpWith: number;
}

export interface IndexedSearch extends CatalogueSearch {
  /** Builds the index in the background; until it is built the SQL search answers. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Catalogue search from the index each process keeps (decision 0039), kept fresh from the change
 * log (changes.ts). A write announced to this instance (its own, or another's through the
 * database's notifications: the cache's onClear) makes the next searches wait for a read of the
 * log that started after it (reads are shared by the searches that wait at once), so that an
 * answer holds every write announced before it came; a timer reads the log every
 * REFRESH_EVERY_MS besides, for writes nobody announced (SQL by hand). Between writes a search
 * costs the database nothing. The SQL search answers until the index is built, and whenever
 * building fails. Answers carry the version (the newest change applied) they were made from; the
 * SQL search's is `sql`.
 */
export function createIndexedSearch({
  db,
  fallback,
  lexicon,
  cache,
  log,
  refreshEveryMs = REFRESH_EVERY_MS,
}: {
  db: Database;
  fallback: CatalogueSearch;
  /** Word stemming and synonyms (the SQL lexicon: PostgreSQL stems, once per word per process). */
  lexicon: Pick<Lexicon, 'lexemes' | 'synonyms'>;
  /** This instance's cached answers, cleared when the log brings a change. */
  cache?: CatalogueCache;
  log: Logger;
  refreshEveryMs?: number;
}): IndexedSearch {
  let current: Current | undefined;
  let stopped = false;
  let building: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];
  let lastRefreshError = 0;
  // Writes announced to this instance's cache (its own, or another instance's through the
  // database's notifications), counted. A search waits for the log only while an index has not
  // read it since the last of them (Current.caughtUpWith). Without a cache to hear writes from,
  // every search waits.
  let announced = 0;
  let clearingOwn = false;
  cache?.onClear((kind) => {
    if (kind !== 'reviews' && !clearingOwn) announced += 1;
  });

  /** Reads and applies what changed since `target`'s cursor. */
  async function catchUp(target: Current) {
    const upTo = announced;
    const { changes, next, count } = await readChanges(db, target.cursor);
    if (count > 0) target.index.apply(changes);
    target.cursor = next;
    target.refreshedAt = Date.now();
    target.caughtUpWith = Math.max(target.caughtUpWith, upTo);
    // A write nobody announced (SQL by hand): this instance's cached answers go too.
    if (count > 0 && target === current) {
      clearingOwn = true;
      try {
        cache?.clear('products');
      } finally {
        clearingOwn = false;
      }
    }
  }

  async function build(): Promise<Current> {
    const started = performance.now();
    const cursor = await startCursor(db);
    const index = await CatalogueIndex.read(db, lexicon);
    const built: Current = { index, cursor, refreshedAt: Date.now(), caughtUpWith: 0 };
    await catchUp(built);
    // The common words' lists, looked up in the background while the index answers.
    index
      .prewarm()
      .catch((error: unknown) => log.warn({ err: error }, 'the catalogue index could not look up its common words'));
    log.info(
      {
        parts: index.size,
        buildMs: Math.round(performance.now() - started),
        heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
        rssMb: Math.round(process.memoryUsage().rss / 1e6),
        version: built.cursor.version,
      },
      'catalogue index built',
    );
    return built;
  }

  /** Builds an index (the first, or one to replace the current), once at a time. */
  function rebuild(): Promise<void> {
    building ??= build()
      .then((built) => {
        if (!stopped) current = built;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'the catalogue index could not be built: searching in the database meanwhile');
        if (!stopped) timers.push(setTimeout(() => void rebuild(), BUILD_RETRY_MS));
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  async function refreshOnce() {
    const target = current;
    if (!target) return;
    if (Date.now() - target.refreshedAt > STALE_AFTER_MS) {
      void rebuild();
      return;
    }
    await catchUp(target);
    if (target.index.needsRebuild) void rebuild();
  }

  /** A refresh that starts from now on (one running at a time, at most one waiting). */
  const refresh = sharedFromNow(refreshOnce);

  /**
   * Whether the index may lack a write answered before now: one announced since its last read of
   * the log, or any while the announcements are not heard (no cache, or its reports not flowing).
   */
  const mayLagBehind = (index: Current) => !cache || !cache.isEnabled() || announced > index.caughtUpWith;

  /**
   * Waits for a read of the change log that started after now, so that an answer holds every write
   * committed before the search came, by any instance or by hand; at most FRESHNESS_WAIT_MS. Answers
   * `fresh` when the index caught up; `slow` when the read is still running after that (the caller
   * asks the database itself, which has the write); `failed` when it failed (the database down: the
   * index answers as it is).
   */
  async function fresh(): Promise<'fresh' | 'slow' | 'failed'> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        refresh().then(() => 'fresh' as const),
        new Promise<'slow'>((resolve) => {
          timer = setTimeout(() => resolve('slow'), FRESHNESS_WAIT_MS);
        }),
      ]);
    } catch (error) {
      warnOnce(error);
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }

  /** The database's answer, marked as such (`catalogue-version: sql`). */
  async function fromDatabase(query: CatalogueSearchQuery): Promise<CatalogueAnswer | undefined> {
    const answer = await fallback.search(query);
    return answer && Object.assign(answer, { version: 'sql' });
  }

  /** Once a minute at most: a database that is down says so in its own logs. */
  function warnOnce(error: unknown) {
    if (Date.now() - lastRefreshError < 60_000) return;
    lastRefreshError = Date.now();
    log.warn({ err: error }, 'the catalogue index could not read the change log');
  }

  return {
    get answersFromMemory() {
      return current !== undefined;
    },
    start() {
      void rebuild();
      timers.push(
        setInterval(() => {
          if (current) refresh().catch(warnOnce);
        }, refreshEveryMs),
        setInterval(() => void pruneChanges(db).catch(() => undefined), PRUNE_EVERY_MS),
      );
      for (const timer of timers) timer.unref();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([building, refresh.idle()]);
    },
    async partJson(id: string) {
      if (!current) return undefined;
      // The log slow to read: the database answers (the caller reads the part there).
      if (mayLagBehind(current) && (await fresh()) === 'slow') return undefined;
      const { index, cursor } = current;
      const json = index.partJson(id);
      return json === undefined ? undefined : { json, version: String(cursor.version) };
    },
    async search(query: CatalogueSearchQuery): Promise<CatalogueAnswer | undefined> {
      if (!current) return fromDatabase(query);
      if (mayLagBehind(current) && (await fresh()) === 'slow') {
        // A write this instance heard of may not be in the index yet: the database's answer has it.
        // When the database cannot answer either, the index answers as it is.
        try {
          return await fromDatabase(query);
        } catch (error) {
          warnOnce(error);
        }
      }
      const { index, cursor } = current;
      // Added to the answer itself: a copy would parse the items the index keeps as JSON.
      const answer = await index.search(query);
      return answer && Object.assign(answer, { version: String(cursor.version) });
    },
  };
}
