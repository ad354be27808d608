import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createCatalogueCache, type CatalogueCache } from './cache.js';
import { CATALOGUE_CHANNEL, listenForCatalogueChanges } from './notifications.js';

/**
 * The catalogue cache this instance uses. On PostgreSQL, where other instances may write, writes are
 * announced with NOTIFY and this instance listens (and hears them out before each read:
 * notifications.ts); PGlite has one process, so nothing to announce.
 */
export async function createSharedCatalogueCache(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
): Promise<CatalogueCache> {
  if (database.kind !== 'postgres' || !config.databaseUrl) return createCatalogueCache();
  const cache = createCatalogueCache({
    publish: async (kind) => {
      await database.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${kind})`);
    },
    // Asked by reads only, once the listener below exists.
    hear: () => listener.hear(),
    onPublishError: (error) => app.log.warn({ err: error }, 'a catalogue change could not be announced'),
  });
  const listener = listenForCatalogueChanges({ connectionString: config.databaseUrl, cache, log: app.log });
  await listener.ready;
  app.addHook('onClose', () => listener.close());
  return cache;
}
