import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRODUCT_PICTURE, type CatalogueResponse, type Product } from '../../contract/index.js';
import {
  buildServer,
  killServerProcesses,
  placeOrder,
  registerCustomer,
  signInForToken,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.js';
import { checkoutCart, setCartLine } from '../../tools/lib/store-api.js';
import { TEST_ADMIN_PASSWORD } from '../test/app.js';
import { adminQuery } from '../test/database.js';
import { requireServiceUrl } from './services.js';

const databaseServer = requireServiceUrl('TEST_DATABASE_URL', 'a PostgreSQL server');
const redisUrl = requireServiceUrl('TEST_REDIS_URL', 'a Redis server');
const ADMIN = 'scale-admin@example.com';

/**
 * Two server processes on one PostgreSQL database and one Redis, as behind a load balancer: one
 * PUBLIC_URL (the balancer's), shared auth secret (kept in the database), shared limits.
 */
describe('two instances of the store on one PostgreSQL', () => {
  const name = `brakehouse_scale_${randomBytes(5).toString('hex')}`;
  let first: ServerProcess;
  let second: ServerProcess;
  let admin: { email: string; token: string };

  const get = async <T>(server: ServerProcess, url: string, token?: string) =>
    (
      await fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
    ).json() as Promise<T>;

  /** Adds a part through `server`, as the admin; answers the response and the part. */
  const addPart = async (server: ServerProcess, part: { name: string; price: number; availableQantity: number }) => {
    const response = await fetch(`${server.baseUrl}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ minimumOderQantity: 1, picture: SAMPLE_PRODUCT_PICTURE, ...part }),
    });
    return { status: response.status, part: (await response.json()) as Product };
  };

  beforeAll(async () => {
    buildServer();
    await adminQuery(`create database ${name}`, databaseServer);
    const url = new URL(databaseServer);
    url.pathname = `/${name}`;
    // Both start at once: migrations and the seed run once, under PostgreSQL's advisory lock.
    first = await startServerProcess(url.toString(), undefined, {
      ADMIN_EMAILS: ADMIN,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      REDIS_URL: redisUrl,
    });
    second = await startServerProcess(url.toString(), undefined, {
      ADMIN_EMAILS: ADMIN,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      REDIS_URL: redisUrl,
      PUBLIC_URL: first.baseUrl,
    });
    admin = await signInForToken(first.baseUrl, ADMIN, TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    killServerProcesses();
    await adminQuery(`drop database if exists ${name} with (force)`, databaseServer);
  });

  it('when a token is issued by one instance, then the other accepts it', async () => {
    const customer = await registerCustomer(first.baseUrl);
    const answer = await get<{ users: boolean }>(
      second,
      `/api/user/${encodeURIComponent(customer.email)}`,
      customer.token,
    );
    expect(answer).toEqual({ users: true });
    expect(await get<{ admin: boolean }>(second, `/api/admin/${encodeURIComponent(ADMIN)}`, admin.token)).toEqual({
      admin: true,
    });
  });

  it('when a customer signs out through one instance, then the other refuses their token at once', async () => {
    const { email } = await registerCustomer(first.baseUrl);
    const signedIn = await signInForToken(first.baseUrl, email, 'correct horse battery');
    const ownInfo = () =>
      fetch(`${second.baseUrl}/api/userinfo`, { headers: { authorization: `Bearer ${signedIn.token}` } });
    expect((await ownInfo()).status).toBe(200);
    const signOut = await fetch(`${first.baseUrl}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: first.baseUrl, cookie: signedIn.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect((await ownInfo()).status).toBe(401);
  });

  it('when a part is added through one instance, then the other shows it as the newest on its very next read', async () => {
    await get(second, '/api/products?limit=6'); // the second instance has it cached now
    const { status, part: added } = await addPart(first, {
      name: `Scale-out caliper ${name}`,
      price: 199,
      availableQantity: 10,
    });
    expect(status).toBe(200);
    const newest = await get<Product[]>(second, '/api/products?limit=6');
    expect(newest.at(-1)).toEqual(added);
  });

  it('when a part is edited through one instance, then the other shows the change on its very next read', async () => {
    const { part } = await addPart(first, { name: `Edited disc ${name}`, price: 150, availableQantity: 10 });
    // Both instances have the part and the list cached now.
    await Promise.all([
      get(second, `/api/products/${part._id}`),
      get(second, '/api/products?limit=6'),
      get(first, `/api/products/${part._id}`),
    ]);
    const response = await fetch(`${first.baseUrl}/api/products/${part._id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price: 139.5, name: `Edited disc ${name} (2027)` }),
    });
    expect(response.status).toBe(200);
    const edited = { ...part, price: 139.5, name: `Edited disc ${name} (2027)` };
    expect(await get<Product>(second, `/api/products/${part._id}`)).toEqual(edited);
    expect((await get<Product[]>(second, '/api/products?limit=6')).find((item) => item._id === part._id)).toEqual(
      edited,
    );
  });

  it('when customers order a scarce part through both instances at once, then exactly its stock is sold', async () => {
    const { part } = await addPart(first, { name: `Scarce lever ${name}`, price: 25, availableQantity: 10 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => registerCustomer(first.baseUrl)));
    await Promise.all([get(first, `/api/products/${part._id}`), get(second, `/api/products/${part._id}`)]); // cached
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        placeOrder((index % 2 ? second : first).baseUrl, customers[index % customers.length]?.token ?? '', part._id, 1),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
    for (const server of [first, second]) {
      expect((await get<Product>(server, `/api/products/${part._id}`)).availableQantity).toBe(0);
    }
  });

  it('when the same Idempotency-Key reaches both instances at once, then one order is made and both answer it', async () => {
    const { part } = await addPart(first, { name: `Retried caliper ${name}`, price: 240, availableQantity: 20 });
    const customer = await registerCustomer(first.baseUrl);
    await setCartLine(first.baseUrl, customer.token, part._id, 2);
    // The balancer sent the first try to one instance, the customer's retry to the other, at once.
    const key = `retry-${randomBytes(8).toString('hex')}`;
    const answers = await Promise.all([
      checkoutCart(first.baseUrl, customer.token, key),
      checkoutCart(second.baseUrl, customer.token, key),
      checkoutCart(second.baseUrl, customer.token, key),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body._id)).size).toBe(1);
    const orders = await get<unknown[]>(
      second,
      `/api/myOrder?email=${encodeURIComponent(customer.email)}`,
      customer.token,
    );
    expect(orders).toHaveLength(1);
    expect((await get<Product>(first, `/api/products/${part._id}`)).availableQantity).toBe(18);
  });

  it('when a part is added, renamed and sold out through one instance, then the other finds each change in its own index within a second', async () => {
    /** A search of `server`: its items' names, and the catalogue version its answer was made from. */
    const search = async (server: ServerProcess, query: string) => {
      const response = await fetch(`${server.baseUrl}/api/catalogue?${query}`);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as CatalogueResponse;
      return { names: answer.items.map((item) => item.name), version: response.headers.get('catalogue-version') };
    };
    /** How long until `server`'s index answers `query` with `names`. */
    const seenBy = async (server: ServerProcess, query: string, names: string[]) => {
      const started = Date.now();
      for (;;) {
        const found = await search(server, query);
        if (JSON.stringify(found.names) === JSON.stringify(names)) {
          expect(found.version, 'answered from the index').toMatch(/^\d+$/);
          return Date.now() - started;
        }
        if (Date.now() - started > 5_000) throw new Error(`${query}: ${JSON.stringify(found.names)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    // Each instance has built its own index (in the background, after it started).
    for (const server of [first, second]) {
      const started = Date.now();
      while (!/^\d+$/.test(String((await search(server, `q=warm${Date.now()}`)).version))) {
        if (Date.now() - started > 30_000) throw new Error('the index was not built');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const word = `zorro${randomBytes(3).toString('hex')}`;
    const { part } = await addPart(first, { name: `${word} floating disc`, price: 120, availableQantity: 4 });
    expect(await seenBy(second, `q=${word}`, [`${word} floating disc`])).toBeLessThan(1_000);

    const renamed = await fetch(`${first.baseUrl}/api/products/${part._id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${word} wave disc` }),
    });
    expect(renamed.status).toBe(200);
    expect(await seenBy(second, `q=${word}+wave`, [`${word} wave disc`])).toBeLessThan(1_000);

    // Sold out through the other instance: gone from the first's parts in stock.
    const customer = await registerCustomer(first.baseUrl);
    expect((await placeOrder(second.baseUrl, customer.token, part._id, 4)).status).toBe(200);
    expect(await seenBy(first, `q=${word}&inStock=true`, [])).toBeLessThan(1_000);
  });
});
