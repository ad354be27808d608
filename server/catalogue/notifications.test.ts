import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test/database.js';
import { createCatalogueCache } from './cache.js';
import { CATALOGUE_CHANNEL, listenForCatalogueChanges } from './notifications.js';

const quiet = { warn: () => undefined, info: () => undefined };

// Announcements between instances exist on PostgreSQL only (CI's database stage runs this file there).
describe.runIf(testDatabaseUrl)('hearing other instances’ catalogue writes on PostgreSQL', () => {
  let database: TestDatabase;
  let writer: pg.Client;
  const cache = createCatalogueCache();
  let listener: ReturnType<typeof listenForCatalogueChanges>;
  const urlOf = (test: TestDatabase) => {
    if (!test.url) throw new Error('a PostgreSQL test database has a URL');
    return test.url;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    listener = listenForCatalogueChanges({ connectionString: urlOf(database), cache, log: quiet });
    await listener.ready;
  });
  afterAll(async () => {
    await listener?.close();
    await writer?.end();
    await database?.dispose();
  });

  it('when another instance’s write has been announced, then once hear() is back this instance has cleared its answers', async () => {
    for (let round = 0; round < 200; round += 1) {
      cache.set('products', 'newest:6', '[]');
      await writer.query(`select pg_notify('${CATALOGUE_CHANNEL}', 'products')`);
      // The writer's answer has left: a read through this instance comes now.
      expect(await listener.hear()).toBe(true);
      expect(cache.get('products', 'newest:6'), `round ${round}`).toBeUndefined();
    }
  });

  it('when the listening connection is closed, then hear() says nothing can be trusted', async () => {
    const other = createCatalogueCache();
    const closed = listenForCatalogueChanges({ connectionString: urlOf(database), cache: other, log: quiet });
    await closed.ready;
    await closed.close();
    expect(await closed.hear()).toBe(false);
  });
});
