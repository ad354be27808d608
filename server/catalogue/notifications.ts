import pg from 'pg';
import { sharedFromNow } from '../lib/shared-from-now.js';
import type { CatalogueCache, CatalogueKind } from './cache.js';

export const CATALOGUE_CHANNEL = 'brakehouse_catalogue';
const KINDS = new Set<string>(['products', 'reviews']);
const RECONNECT_MS = 1_000;
/** How long a read waits to hear the announcements made before it, after which it trusts nothing cached. */
export const HEAR_WAIT_MS = 250;
/**
 * Under load, a round trip at most this often (shared by the reads that come before it is sent): each costs both processes some
 * 100 µs of CPU, and one per search took a sixth of the store's searches per second on PostgreSQL.
 */
export const TRIP_SPACING_MS = 5;

interface Logger {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
}

/**
 * Keeps every instance's catalogue cache true on one PostgreSQL: writes are announced with NOTIFY,
 * and each instance LISTENs on a connection of its own. While that connection is down, caching is
 * off, so a missed announcement can never leave a stale answer behind; it reconnects by itself.
 *
 * A NOTIFY reaches the other instances a moment after the writer's answer may have left, so a
 * read that must see every write answered before it came first calls `hear`: a round trip on the
 * listening connection (shared by the reads that come meanwhile). PostgreSQL signals the listeners
 * when the announcing transaction commits and sends a listener the notifications it holds before
 * it answers that listener's next query, so when the round trip is back every announcement
 * committed before it began has been handled.
 */
export function listenForCatalogueChanges({
  connectionString,
  cache,
  log,
}: {
  connectionString: string;
  cache: CatalogueCache;
  log: Logger;
}) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const roundTrip = sharedFromNow(
    async () => {
      if (!client) throw new Error('not listening for catalogue changes');
      await client.query('select 1');
    },
    { spacingMs: TRIP_SPACING_MS },
  );

  /** True once the announcements committed before the call are handled; false if that is not known in time. */
  async function hear(): Promise<boolean> {
    if (!client) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        roundTrip().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), HEAR_WAIT_MS);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  const reconnectLater = () => {
    cache.setEnabled(false);
    if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  async function connect() {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
    let lost = false;
    /** One way or another (error, end, failed connect) this connection is gone: once, try again. */
    const gone = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      reconnectLater();
    };
    next.on('notification', (message) => {
      if (message.payload && KINDS.has(message.payload)) cache.clear(message.payload as CatalogueKind);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'catalogue change notifications lost: caching off until they are back');
      gone();
      void next.end().catch(() => undefined);
    });
    next.on('end', gone);
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      cache.clear(); // anything cached while the reports were not flowing may be stale
      cache.setEnabled(true);
    } catch (error) {
      log.warn({ err: error }, 'cannot listen for catalogue changes: caching off, retrying');
      gone();
      void next.end().catch(() => undefined);
    }
  }

  cache.setEnabled(false);
  const ready = connect();

  return {
    ready,
    hear,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
