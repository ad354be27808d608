import pg from 'pg';
import type { CatalogueCache, CatalogueKind } from './cache.js';

export const CATALOGUE_CHANNEL = 'brakehouse_catalogue';
const KINDS = new Set<string>(['products', 'reviews']);
const RECONNECT_MS = 1_000;

interface Logger {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
}

/**
 * Keeps every instance's catalogue cache true on one PostgreSQL: writes are announced with NOTIFY
 * (delivered when the writing transaction has committed, before its HTTP answer leaves), and each
 * instance LISTENs on a connection of its own. While that connection is down, caching is off, so a
 * missed announcement can never leave a stale answer behind; it reconnects by itself.
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
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
