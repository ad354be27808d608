import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productSchema,
  SAMPLE_PRODUCT_PICTURE,
  type CatalogueResponse,
  type Product,
} from '../../../contract/index.js';
import { products } from '../../db/schema.js';
import { toProduct } from '../../db/product-row.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { adminWithToken, bearer } from '../../test/auth.js';
import { buildProduct } from '../../test/factories.js';
import { postAs } from '../../test/requests.js';
import { CATALOGUE_VERSION_HEADER } from '../search.js';
import { FRESHNESS_WAIT_MS } from './indexed-search.js';

// Issue 27: each process answers from its own index once built, and every write reaches it: a write
// through the store before the next search, a write by hand within a second, a late commit never lost.

const ADMIN = 'index-admin@example.com';

describe('catalogue search from the index each process keeps', () => {
  let t: TestApp;
  let admin: { token: string };

  const search = async (q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/catalogue?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return { version: response.headers[CATALOGUE_VERSION_HEADER], answer: response.json<CatalogueResponse>() };
  };
  const names = async (q: string) => (await search(q)).answer.items.map((item) => item.name);
  /** A disc added through Add Product (a write the store announces). */
  const addPart = async (name: string) => {
    const added = await postAs(t.app, admin.token, '/api/products', {
      name,
      price: 89,
      minimumOderQantity: 1,
      availableQantity: 3,
      picture: SAMPLE_PRODUCT_PICTURE,
      description: 'A disc for a test.',
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json<Product>();
  };
  /** Asks until `check` holds or `ms` pass; answers how long it took. */
  const within = async (ms: number, check: () => Promise<boolean>) => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
      await sleep(20);
    }
    return Date.now() - started;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN }, seed: true });
    admin = await adminWithToken(t.app, ADMIN);
    // Built in the background: until then the database answers, and says so.
    await within(20_000, async () => /^\d+$/.test(String((await search(`warm ${Date.now()}`)).version)));
  }, 60_000);
  afterAll(() => t.close());

  it('when the index is built, then searches are answered from it with the version they were made from', async () => {
    const { version, answer } = await search('pads');
    expect(version).toMatch(/^\d+$/);
    expect(answer.total).toBeGreaterThan(0);
  });

  it('when an admin adds, renames and deletes a part, then the very next search sees each change', async () => {
    const part = await addPart('Quokka wave rotor');
    const first = await search('quokka');
    expect(first.answer.items.map((item) => item._id)).toEqual([part._id]);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${part._id}`,
      headers: bearer(admin.token),
      payload: { name: 'Wallaby wave rotor' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The part's page comes from the index too, as fresh (asked before any search), and as the
    // database has it.
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${part._id}` });
    expect(page.statusCode).toBe(200);
    expect(Number(page.headers[CATALOGUE_VERSION_HEADER])).toBeGreaterThan(Number(first.version));
    const [row] = await t.db.select().from(products).where(eq(products.id, part._id));
    expect(page.json()).toStrictEqual(productSchema.parse(toProduct(row as NonNullable<typeof row>)));
    expect(page.json<Product>().name).toBe('Wallaby wave rotor');
    expect(await names('quokka')).toEqual([]);
    const second = await search('wallaby');
    expect(second.answer.items.map((item) => item.name)).toEqual(['Wallaby wave rotor']);
    expect(Number(second.version)).toBeGreaterThan(Number(first.version));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${part._id}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await names('wallaby')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${part._id}` })).statusCode).toBe(404);
  });

  // On PostgreSQL, where a lock can hold the log alone (PGlite's one connection would hold every read).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'when the change log is slow to read after a write, then the next search and page come from the database, with the write',
    async () => {
      const part = await addPart('Quoll tardy rotor');
      // The log held for longer than a search waits for it: the index cannot have read the part.
      const client = new pg.Client({ connectionString: t.database.url as string });
      await client.connect();
      try {
        await client.query('begin');
        await client.query('lock table catalogue_changes in access exclusive mode');
        const asked = performance.now();
        const found = await search('quoll');
        expect(found.answer.items.map((item) => item._id)).toEqual([part._id]);
        expect(found.version).toBe('sql');
        expect(performance.now() - asked).toBeGreaterThanOrEqual(FRESHNESS_WAIT_MS - 5);
        const page = await t.app.inject({ method: 'GET', url: `/api/products/${part._id}` });
        expect(page.statusCode).toBe(200);
        expect(page.headers[CATALOGUE_VERSION_HEADER]).toBeUndefined();
        expect(page.json<Product>().name).toBe('Quoll tardy rotor');
      } finally {
        await client.query('rollback');
        await client.end();
      }
      // Once the log is read, the index answers again, with the part.
      await within(1_000, async () => /^\d+$/.test(String((await search('quoll')).version)));
      expect(await names('quoll')).toEqual(['Quoll tardy rotor']);
    },
  );

  it('when a part is written by hand in SQL, which nobody announces, then searches find it within a second', async () => {
    await buildProduct(t.db, { name: 'Numbat braided line' });
    const took = await within(1_000, async () => (await names('numbat')).length === 1);
    expect(took).toBeLessThan(1_000);
    await t.db.update(products).set({ name: 'Bilby braided line' }).where(eq(products.name, 'Numbat braided line'));
    await within(1_000, async () => (await names('numbat')).length === 0 && (await names('bilby')).length === 1);
    // Sold out (what orders do to stock): gone from the parts in stock.
    const inStock = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/catalogue?q=bilby&inStock=true' })).json<CatalogueResponse>()
        .total;
    expect(await inStock()).toBe(1);
    await t.db.update(products).set({ availableQuantity: 0 }).where(eq(products.name, 'Bilby braided line'));
    await within(1_000, async () => (await inStock()) === 0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when a transaction commits after a later one was already read, then its part is still found',
    async () => {
      // The first writer holds its transaction open; a second part is written and read in the
      // meanwhile; then the first commits. A reader that only remembered the newest row it had read
      // would skip the first part for good.
      const client = new pg.Client({ connectionString: t.database.url as string });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(
          `insert into products (name, picture, price_cents, available_quantity, minimum_order_quantity, description, sku)
           values ('Wombat tardy caliper', '/images/products/sample-part.svg', 1000, 5, 1, '', 'LATE-1')`,
        );
        // No new word in common: the vocabulary's rows the open transaction added would hold it up.
        await buildProduct(t.db, { name: 'Echidna early caliper' });
        await within(1_000, async () => (await names('echidna')).length === 1);
        expect(await names('wombat')).toEqual([]);
        await client.query('commit');
      } finally {
        await client.end();
      }
      await within(1_000, async () => (await names('wombat')).length === 1);
    },
  );
  it('when searches from memory queue up, then a part page asked after them is answered before most of them', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Connections kept open, as a load generator's or browsers' are: the requests on them are read at once.
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    try {
      const get = (path: string) =>
        new Promise<void>((resolve, reject) => {
          request(`${baseUrl}${path}`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve());
          })
            .on('error', reject)
            .end();
        });
      const { items } = (await search('pads')).answer;
      const part = items[0];
      if (!part) throw new Error('the sample catalogue has pads');
      await Promise.all(Array.from({ length: 60 }, (_, at) => get(`/api/products/${part._id}?warm=${at}`)));
      const finished: string[] = [];
      const searches = Array.from({ length: 50 }, (_, at) =>
        get(`/api/catalogue?q=${encodeURIComponent(`brake turn ${at}`)}&sort=price-asc`).then(() =>
          finished.push('search'),
        ),
      );
      const page = get(`/api/products/${part._id}`).then(() => finished.push('part'));
      await Promise.all([...searches, page]);
      // Each search from memory takes a turn of the event loop of its own (one-at-a-turn.ts): the
      // page, read with them, is answered in the first turns, not after every search before it.
      expect(finished.indexOf('part')).toBeLessThan(25);
    } finally {
      agent.destroy();
    }
  });
});
