import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test/database.js';
import { createCatalogueCache } from './cache.js';
import { CATALOGUE_CHANNEL, listenForCatalogueChanges, spacedRoundTrip } from './notifications.js';

const quiet = { warn: () => undefined, info: () => undefined };

describe('round trips spaced under load', () => {
  /** A trip that takes `ms`, noting when each was sent. */
  function timedTrip(ms = 5) {
    const sent: number[] = [];
    const trip = async () => {
      sent.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, ms));
    };
    return { trip, sent };
  }

  it('when nothing was sent lately, then a caller’s trip goes at once', async () => {
    const { trip, sent } = timedTrip();
    const roundTrip = spacedRoundTrip(trip, 10_000);
    const asked = performance.now();
    await roundTrip();
    expect(sent).toHaveLength(1);
    expect((sent[0] as number) - asked).toBeLessThan(50);
  });

  it('when callers come back to back, then those before a trip is sent share it, the later ones the next, sent no sooner than the spacing after', async () => {
    const { trip, sent } = timedTrip();
    const roundTrip = spacedRoundTrip(trip, 100);
    const first = roundTrip(); // sent at once
    await new Promise((resolve) => setTimeout(resolve, 20)); // the first is back: the next waits for the spacing
    const asked = [roundTrip(), roundTrip(), roundTrip()];
    expect(new Set(asked).size).toBe(1);
    await Promise.all([first, ...asked]);
    expect(sent).toHaveLength(2);
    expect((sent[1] as number) - (sent[0] as number)).toBeGreaterThanOrEqual(99);
    // A caller after that trip was sent needs one more: its own, never the one already on its way.
    const later = roundTrip();
    expect(asked).not.toContain(later);
    await later;
    expect(sent).toHaveLength(3);
  });

  it('when a caller comes while a trip is on its way, then the trip sent for it leaves after that one is back', async () => {
    const { trip, sent } = timedTrip(40);
    const back: number[] = [];
    const roundTrip = spacedRoundTrip(trip, 0);
    const first = roundTrip().then(() => back.push(performance.now()));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first, roundTrip()]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBeGreaterThanOrEqual(back[0] as number);
  });

  it('when a trip fails, then its callers hear of it and the next caller gets a trip of its own', async () => {
    let trips = 0;
    const roundTrip = spacedRoundTrip(async () => {
      trips += 1;
      if (trips === 1) throw new Error('connection lost');
    }, 0);
    await expect(roundTrip()).rejects.toThrow('connection lost');
    await expect(roundTrip()).resolves.toBeUndefined();
    expect(trips).toBe(2);
  });
});

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
