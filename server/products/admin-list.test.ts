import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductsResponse, Product } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildManyProducts, buildProduct } from '../test/factories.js';

const ADMIN = 'products-list-admin@brakehouse.example';

describe('Manage Products: GET /api/admin/products', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminWithToken>>;
  /** Oldest first: `Bulk part 1` ... `Bulk part 150`, every tenth below its minimum order. */
  let parts: Product[];
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    admin = await adminWithToken(t.app, ADMIN);
    parts = await buildManyProducts(t.db, 150);
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number>, token: string | undefined = admin.token) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: token ? bearer(token) : {},
    });
  const found = async (query: Record<string, string | number> = {}) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json<AdminProductsResponse>();
  };
  const names = (items: readonly Product[]) => items.map(({ name }) => name);
  const newestFirst = () => [...parts].reverse();

  it('when it is read without a query, then the first 20 of the newest come, with the counts of the whole catalogue', async () => {
    const page = await found();
    expect(names(page.items)).toEqual(names(newestFirst().slice(0, 20)));
    expect(page).toMatchObject({ total: 150, page: 1, pageSize: 20, belowMinimumCount: 15 });
    expect(page.items[0]).toEqual(parts.at(-1));
  });

  it('when page 3 of 50 is asked, then the 101st to 150th newest come; past the last page, none', async () => {
    const third = await found({ page: 3, pageSize: 50 });
    expect(names(third.items)).toEqual(names(newestFirst().slice(100, 150)));
    expect(third).toMatchObject({ total: 150, page: 3, pageSize: 50 });
    expect((await found({ page: 4, pageSize: 50 })).items).toEqual([]);
  });

  it('when only the parts below their minimum are asked, then those come, and total counts them', async () => {
    const below = await found({ belowMinimum: 'true', pageSize: 100 });
    expect(names(below.items)).toEqual(names(newestFirst().filter((part) => part.availableQantity < 2)));
    expect(below).toMatchObject({ total: 15, belowMinimumCount: 15 });
    expect(await found({ belowMinimum: 'false' })).toMatchObject({ total: 150, belowMinimumCount: 15 });
  });

  it('when words are searched, then they match any part of the name, sku or brand, in any case', async () => {
    const brembo = await buildProduct(t.db, { name: 'Radial caliper', brand: 'Brembo', sku: 'RC-4455' });
    const sku = await buildProduct(t.db, { name: 'Wave disc', brand: 'EBC', sku: 'WD-BREMBO-FIT' });
    expect(names((await found({ q: '  bREMbo ' })).items)).toEqual([sku.name, brembo.name]);
    expect(names((await found({ q: 'rc-44' })).items)).toEqual([brembo.name]);
    // "part 1" is in Bulk part 1, 10 to 19 and 100 to 150 (62); 10, 100, 110, ... 150 are below (7).
    expect(await found({ q: 'part 1' })).toMatchObject({ total: 62, belowMinimumCount: 7 });
    expect(await found({ q: 'Bulk part 15', belowMinimum: 'true' })).toMatchObject({
      total: 1,
      belowMinimumCount: 1,
      items: [{ name: 'Bulk part 150' }],
    });
    // `%` and `_` are themselves, not patterns.
    expect((await found({ q: '%' })).total).toBe(0);
    expect((await found({ q: 'bulk_part' })).total).toBe(0);
  });

  it.each([
    [{ page: 0 }, 'querystring.page'],
    [{ page: 'two' }, 'querystring.page'],
    [{ pageSize: 101 }, 'querystring.pageSize'],
    [{ pageSize: 0 }, 'querystring.pageSize'],
    [{ belowMinimum: 'yes' }, 'querystring.belowMinimum'],
    [{ q: 'x'.repeat(201) }, 'querystring.q'],
  ])('when the query is %o, then 400 names %s', async (query, field) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, errors: [{ field }] });
  });

  it('when a visitor or a customer asks, then 401 and 403 and no parts', async () => {
    const anonymous = await list({}, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Bulk part');
    const customer = await signUpWithToken(t.app);
    const refused = await list({}, customer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Bulk part');
  });
});
