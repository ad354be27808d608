import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MESSAGE, validationMessages as m, type Order, type Product } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { postAs } from '../test/requests.js';

const ADMIN = 'editor-admin@example.com';
type Account = Awaited<ReturnType<typeof signUpWithToken>>;

describe('Edit a part: PATCH /api/products/{id}', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    [admin, customer] = await Promise.all([adminWithToken(t.app, ADMIN), signUpWithToken(t.app)]);
  });
  afterAll(() => t.close());

  const edit = (token: string | undefined, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: token ? bearer(token) : {}, payload });
  const read = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>();
  const part = (overrides: Parameters<typeof buildProduct>[1] = {}) =>
    buildProduct(t.db, { priceCents: 4000, availableQuantity: 50, minimumOrderQuantity: 2, ...overrides });

  it('when an admin changes the price and the name, then the part and the catalogue show them at once', async () => {
    const before = await part();
    // Read first, so the answers are cached and the edit must clear them.
    await read(before._id);
    await t.app.inject({ method: 'GET', url: '/api/products' });
    const response = await edit(admin.token, before._id, { price: 42.5, name: '  Sintered pads HH+  ' });
    expect(response.statusCode).toBe(200);
    const edited = response.json<Product>();
    expect(edited).toEqual({ ...before, price: 42.5, name: 'Sintered pads HH+' });
    expect(await read(before._id)).toEqual(edited);
    const list = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
    expect(list.find((item) => item._id === before._id)).toEqual(edited);
  });

  it('when a part is edited, then an order placed before keeps the name and price it was placed with', async () => {
    const before = await part({ name: 'Wave disc 320', priceCents: 18900 });
    const placed = await postAs(t.app, customer.token, '/api/myOrder', {
      productId: before._id,
      quantity: 2,
      phoneNumber: '+44 20 7946 0000',
    });
    expect(placed.statusCode).toBe(200);
    const order = placed.json<Order>();
    expect((await edit(admin.token, before._id, { name: 'Wave disc 320 (2027)', price: 210 })).statusCode).toBe(200);
    const kept = (
      await t.app.inject({ method: 'GET', url: `/api/myOrder/${order._id}`, headers: bearer(customer.token) })
    ).json<Order>();
    expect(kept).toMatchObject({ productName: 'Wave disc 320', unitPrice: 189, price: 378 });
    expect(kept.lines).toEqual([expect.objectContaining({ productName: 'Wave disc 320', unitPrice: 189 })]);
  });

  it("when every field is sent, then each is stored as Add Product's rules write it", async () => {
    const before = await part();
    const everything = {
      name: 'Radial caliper M4.32',
      price: 389.99,
      minimumOderQantity: 1,
      availableQantity: 7,
      picture: 'https://cdn.example.com/calipers/m432.jpg',
      description: 'Monobloc, 32 mm pistons.',
      sku: 'BH-M432-EDIT',
      brand: 'Brembo',
      category: 'calipers',
      specs: { pistons: 4, position: 'front' },
      oemNumbers: ['61047-0001'],
      universal: true,
    };
    const response = await edit(admin.token, before._id, everything);
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>()).toEqual({ ...everything, _id: before._id, createdAt: before.createdAt });
  });

  it.each([
    [{ name: '' }, 'body.name', m.nameRequired],
    [{ price: 0.5 }, 'body.price', m.priceTooLow],
    [{ price: 10.005 }, 'body.price', 'The price can have at most two decimals'],
    [{ availableQantity: 0 }, 'body.availableQantity', m.quantityBelowOne],
    [{ picture: 'javascript:alert(1)' }, 'body.picture', PICTURE_MESSAGE],
    [{ picture: 'http://example.com/a.jpg' }, 'body.picture', PICTURE_MESSAGE],
    [{ category: 'wheels' }, 'body.category', expect.stringContaining('category must be one of')],
    // The rules between fields hold on the part as the edit leaves it.
    [
      { availableQantity: 1 },
      'body.minimumOderQantity',
      'The minimum order cannot be more than the available quantity',
    ],
    [
      { minimumOderQantity: 51 },
      'body.minimumOderQantity',
      'The minimum order cannot be more than the available quantity',
    ],
    [
      { price: 100_000, minimumOderQantity: 50 },
      'body.minimumOderQantity',
      expect.stringContaining('more than one order can'),
    ],
  ])('when the edit is %j, then it answers 400 on %s and changes nothing', async (patch, field, message) => {
    const before = await part();
    const response = await edit(admin.token, before._id, patch);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json<{ errors: { field: string; message: string }[] }>().errors).toContainEqual({ field, message });
    expect(await read(before._id)).toEqual(before);
  });

  it('when nothing is sent to change, then it answers 400', async () => {
    const before = await part();
    const response = await edit(admin.token, before._id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Change at least one field' });
  });

  it("when the sku is another part's (in any case), then it answers 409 and changes nothing", async () => {
    const other = await part({ sku: 'BH-TAKEN-EDIT' });
    const before = await part();
    const response = await edit(admin.token, before._id, { sku: 'bh-taken-edit', name: 'Renamed' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SKU_TAKEN', errors: [{ field: 'body.sku' }] });
    expect(await read(before._id)).toEqual(before);
    expect(await read(other._id)).toEqual(other);
  });

  it('when the part keeps its own sku in another case, then the edit is saved', async () => {
    const before = await part({ sku: 'BH-OWN-CASE' });
    const response = await edit(admin.token, before._id, { sku: 'bh-own-case' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>().sku).toBe('bh-own-case');
  });

  it('when the part does not exist, then it answers 404; a malformed id answers 400', async () => {
    expect((await edit(admin.token, '00000000-0000-4000-8000-000000000000', { price: 20 })).statusCode).toBe(404);
    expect((await edit(admin.token, 'not-an-id', { price: 20 })).statusCode).toBe(400);
  });

  it('when a customer or a visitor asks, then it answers 403 or 401 and changes nothing', async () => {
    const before = await part();
    expect((await edit(customer.token, before._id, { price: 1 })).statusCode).toBe(403);
    expect((await edit(undefined, before._id, { price: 1 })).statusCode).toBe(401);
    expect(await read(before._id)).toEqual(before);
  });
});
