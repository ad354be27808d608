import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, SAMPLE_PRODUCT_PICTURE, type Product } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { postAs } from '../test/requests.js';

const ADMIN = 'list-admin@example.com';

const SPEC_FIELDS = [
  '_id',
  'availableQantity',
  'brand',
  'category',
  'createdAt',
  'description',
  'minimumOderQantity',
  'name',
  'oemNumbers',
  'picture',
  'price',
  'sku',
  'specs',
  'universal',
];

describe('GET /api/products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_EMAILS: ADMIN } });
  });
  afterAll(() => t.close());

  it('when the catalogue is seeded (fewer than 100 parts), then it answers every product with the spec field names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const products = response.json<Product[]>();
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(SPEC_FIELDS);
      expect(productSchema.parse(product)).toEqual(product);
    }
  });

  it('when a product is added, then it comes last (oldest first), at once though the list was read before', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
    const admin = await adminWithToken(t.app, ADMIN);
    const added = (
      await postAs(t.app, admin.token, '/api/products', {
        name: 'Newest caliper',
        price: 120,
        minimumOderQantity: 1,
        availableQantity: 9,
        picture: SAMPLE_PRODUCT_PICTURE,
      })
    ).json<Product>();
    const products = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
    expect(products.at(-1)).toEqual(added);
    expect(products.slice(0, -1)).toEqual(before);
  });

  it('when limit=6 is asked, then the 6 newest come, in the same order as the full list (oldest first)', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
    const six = (await t.app.inject({ method: 'GET', url: '/api/products?limit=6' })).json<Product[]>();
    expect(six).toEqual(all.slice(-6));
  });

  it.each(['0', '-1', '2.5', 'abc', '101', ''])('when limit=%s, then 400 names the limit field', async (limit) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products?limit=${limit}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toMatch(/limit/);
    expect(body.errors[0].field).toBe('querystring.limit');
  });

  it('when prices are stored in cents, then the API answers currency units', async () => {
    const product = await buildProduct(t.db, { priceCents: 4999 });
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(response.json<Product>().price).toBe(49.99);
  });
});

describe('GET /api/products/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when the id exists, then it answers that product', async () => {
    const product = await buildProduct(t.db, { name: 'Rear caliper', availableQuantity: 7, minimumOrderQuantity: 2 });
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...product, availableQantity: 7, minimumOderQantity: 2, name: 'Rear caliper' });
  });

  it('when the id is unknown, then 404 JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'PRODUCT_NOT_FOUND',
      message: 'No product with that id',
    });
  });

  it.each(['not-an-id', '123', "1' or '1'='1", '%00'])('when the id is malformed (%s), then 400', async (id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${encodeURIComponent(id)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'That id is not valid' });
  });
});
