import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildManyProducts } from '../test/factories.js';

const names = (parts: readonly Product[]) => parts.map((part) => part.name);

describe('GET /api/products on a catalogue larger than one answer', () => {
  let t: TestApp;
  let parts: Product[];
  beforeAll(async () => {
    t = await createTestApp();
    parts = await buildManyProducts(t.db, 150);
  });
  afterAll(() => t.close());

  const newest = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<Product[]>();
  };

  it('when no limit is given (150 parts), then the newest 100 come, oldest first', async () => {
    const answered = await newest();
    expect(answered).toHaveLength(100);
    expect(names(answered)).toEqual(names(parts.slice(50)));
    expect(answered.at(-1)?.name).toBe('Bulk part 150');
  });

  it('when limit=100 or limit=3 is asked, then that many of the newest come, oldest first', async () => {
    expect(await newest('?limit=100')).toEqual(await newest());
    expect(names(await newest('?limit=3'))).toEqual(['Bulk part 148', 'Bulk part 149', 'Bulk part 150']);
  });

  it.each(['0', '101', 'abc', '1000'])('when limit=%s, then 400 names the limit field', async (limit) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products?limit=${limit}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, errors: [{ field: 'querystring.limit' }] });
  });
});

describe('GET /api/products on a catalogue of 2,000 parts', () => {
  let t: TestApp;
  let parts: Product[];
  beforeAll(async () => {
    t = await createTestApp();
    parts = await buildManyProducts(t.db, 2000);
  });
  afterAll(() => t.close());

  it('when anyone reads it without a limit, then 100 parts come, the newest, in a bounded body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const answered = response.json<Product[]>();
    expect(answered).toHaveLength(100);
    expect(names(answered)).toEqual(names(parts.slice(-100)));
    // 100 parts of about 450 characters each; the whole catalogue would be twenty times that.
    expect(response.body.length).toBeLessThan(100 * 1000);
  });
});
