import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRODUCT_PICTURE, type Product } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken } from '../test/auth.js';
import { postAs } from '../test/requests.js';

const ADMIN = 'fields-admin@example.com';

const newPart = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sintered front pads',
  price: 39.9,
  minimumOderQantity: 1,
  availableQantity: 40,
  picture: SAMPLE_PRODUCT_PICTURE,
  ...overrides,
});

describe("a part's catalogue fields: sku, brand, category, specs, OEM numbers, universal", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    token = (await adminWithToken(t.app, ADMIN)).token;
  });
  afterAll(() => t.close());

  const add = (body: object) => postAs(t.app, token, '/api/products', body);

  it('keeps every field as sent and answers it on every read', async () => {
    const sent = {
      sku: 'BH-FA244HH',
      brand: 'EBC',
      category: 'brake-pads',
      specs: { compound: 'sintered', position: 'front', backingPlate: 'steel' },
      oemNumbers: ['06455-MFJ-D01', '2C0-W0045-00'],
      universal: false,
    };
    const response = await add(newPart(sent));
    expect(response.statusCode).toBe(200);
    const added = response.json<Product>();
    expect(added).toMatchObject(sent);
    expect(Date.parse(added.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${added._id}` });
    expect(read.json()).toEqual(added);
  });

  it('makes a sku when none is given, files the part under hardware, and fits no bike', async () => {
    const added = (await add(newPart({ name: 'Plain part' }))).json<Product>();
    expect(added.sku).toMatch(/^BH-[A-Z2-9]{8}$/);
    expect(added).toMatchObject({ brand: '', category: 'hardware', specs: {}, oemNumbers: [], universal: false });
    const other = (await add(newPart({ name: 'Another plain part' }))).json<Product>();
    expect(other.sku).not.toBe(added.sku);
  });

  it('refuses a sku another part has, ignoring case, on its field, and adds nothing', async () => {
    await add(newPart({ sku: 'BH-MD1131' }));
    const before = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>().length;
    const response = await add(newPart({ sku: 'bh-md1131' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SKU_TAKEN',
      errors: [{ field: 'body.sku', message: 'Another part already has this sku' }],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>()).toHaveLength(before);
  });

  it.each([
    ['an unknown category', { category: 'tyres' }, 'body.category'],
    ['an unknown compound', { specs: { compound: 'wood' } }, 'body.specs.compound'],
    ['a position that is not front or rear', { specs: { position: 'middle' } }, 'body.specs.position'],
    ['a disc diameter that is not a number', { specs: { diameterMm: '320' } }, 'body.specs.diameterMm'],
    ['a spec that is an object', { specs: { colour: { r: 1 } } }, 'body.specs.colour'],
    [
      'an OEM number listed twice (ignoring case and dashes)',
      { oemNumbers: ['06455-MFJ-D01', '06455mfjd01'] },
      'body.oemNumbers',
    ],
    ['an OEM number with a symbol', { oemNumbers: ['<script>'] }, 'body.oemNumbers.0'],
    ['a sku with a symbol', { sku: 'BH#1' }, 'body.sku'],
    ['universal that is not a boolean', { universal: 'yes' }, 'body.universal'],
  ])('refuses %s with a field error', async (_what, fields, field) => {
    const response = await add(newPart(fields));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: Array<{ field: string }> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((error) => error.field)).toContain(field);
  });
});
