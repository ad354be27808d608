import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { buildManyProducts } from '../../server/test/factories.js';
import { everyPart } from './store-api.js';

describe('everyPart: the tools read the whole catalogue', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('when the store holds more parts than GET /api/products answers (250), then every one comes, newest first', async () => {
    const parts = await buildManyProducts(t.db, 250);
    // Written in SQL, which nobody announces: the store's search index sees them within a second
    // (decision 0039; the database's search at once).
    let read = await everyPart(baseUrl);
    for (const started = Date.now(); read.length < parts.length && Date.now() - started < 2_000;) {
      await sleep(50);
      read = await everyPart(baseUrl);
    }
    expect(read.map((part) => part._id)).toEqual(parts.map((part) => part._id).reverse());
  });
});
