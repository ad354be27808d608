import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRODUCT_PICTURE, validationMessages as m, type Order, type Product } from '../../contract/index.js';
import { orders, products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { postAs } from '../test/requests.js';

const ADMIN = 'catalogue-admin@example.com';
type Account = Awaited<ReturnType<typeof signUpWithToken>>;

const newPart = (overrides: Record<string, unknown> = {}) => ({
  name: 'Twin-piston caliper',
  price: 149.5,
  minimumOderQantity: 2,
  availableQantity: 40,
  picture: SAMPLE_PRODUCT_PICTURE,
  description: 'Forged, anodised, with pads.',
  ...overrides,
});

describe("the admin's catalogue: POST /api/products and DELETE /api/products/{id}", () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    [admin, customer] = await Promise.all([adminWithToken(t.app, ADMIN), signUpWithToken(t.app)]);
  });
  afterAll(() => t.close());

  const addProduct = (token: string, body: object) => postAs(t.app, token, '/api/products', body);
  const deleteProduct = (token: string | undefined, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: token ? bearer(token) : {} });
  const catalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();

  it('when an admin adds a product, then it is stored as sent and comes last in the newest parts', async () => {
    const response = await addProduct(admin.token, newPart({ name: '  Twin-piston caliper  ' }));
    expect(response.statusCode).toBe(200);
    const added = response.json<Product>();
    expect(added).toMatchObject({ ...newPart(), _id: expect.any(String) });
    expect((await catalogue()).at(-1)).toEqual(added);
  });

  it('when extra fields (_id, seq, priceCents) are sent, then they are ignored', async () => {
    const _id = '00000000-0000-4000-8000-000000000042';
    const response = await addProduct(admin.token, newPart({ _id, seq: -1, priceCents: 1, price: 20 }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>()).toMatchObject({ price: 20 });
    expect(response.json<Product>()._id).not.toBe(_id);
  });

  it.each([
    [{ name: '' }, m.nameRequired],
    [{ name: undefined }, m.nameRequired],
    [{ price: undefined }, m.priceRequired],
    [{ price: 0.99 }, m.priceTooLow],
    [{ price: 10.005 }, 'The price can have at most two decimals'],
    [{ price: '12' }, m.priceRequired],
    [{ minimumOderQantity: undefined }, m.minimumQuantityRequired],
    [{ minimumOderQantity: 0 }, m.quantityBelowOne],
    [{ availableQantity: undefined }, m.availableQuantityRequired],
    [{ availableQantity: -4 }, m.quantityBelowOne],
    [{ availableQantity: 2.5 }, 'Quantities are whole numbers'],
    [{ minimumOderQantity: 50, availableQantity: 10 }, 'The minimum order cannot be more than the available quantity'],
    [{ picture: '' }, m.pictureRequired],
    [{ description: 'x'.repeat(2001) }, 'A description can be at most 2000 characters'],
  ])('when %o, then 400 "%s" and nothing is added', async (overrides, message) => {
    const before = (await catalogue()).length;
    const response = await addProduct(admin.token, newPart(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await catalogue()).length).toBe(before);
  });

  it('when the picture is an https address, then it is stored and answered as given', async () => {
    const picture = 'https://cdn.example.com/parts/caliper.webp?v=2';
    const response = await addProduct(admin.token, newPart({ picture }));
    expect(response.statusCode).toBe(200);
    const added = response.json<Product>();
    expect(added.picture).toBe(picture);
    const [stored] = await t.db.select().from(products).where(eq(products.id, added._id));
    expect(stored?.picture).toBe(picture);
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${added._id}` });
    expect(read.json<Product>().picture).toBe(picture);
  });

  it.each([
    'http://cdn.example.com/caliper.jpg',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//cdn.example.com/caliper.jpg',
    'https://user:secret@cdn.example.com/caliper.jpg',
    '/images/../../etc/passwd.svg',
    'ftp://files.example.com/caliper.jpg',
  ])('when the picture is %s, then 400 with the spec message and nothing is stored', async (picture) => {
    const name = `Refused picture ${picture}`;
    const response = await addProduct(admin.token, newPart({ name, picture }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Picture must be an https:// address or an uploaded photo');
    expect(await t.db.select().from(products).where(eq(products.name, name))).toEqual([]);
  });

  it('when the description is left out, then the product has none', async () => {
    const response = await addProduct(admin.token, newPart({ description: undefined }));
    expect(response.json<Product>().description).toBe('');
  });

  it('when a customer or nobody adds or deletes a product, then 403 / 401 and the catalogue is unchanged', async () => {
    const part = await buildProduct(t.db);
    const before = await catalogue();
    expect((await addProduct(customer.token, newPart())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/products', payload: newPart() })).statusCode).toBe(401);
    expect((await deleteProduct(customer.token, part._id)).statusCode).toBe(403);
    expect((await deleteProduct(undefined, part._id)).statusCode).toBe(401);
    expect(await catalogue()).toEqual(before);
  });

  it('when an admin deletes a product, then it leaves the catalogue; a second delete is 404', async () => {
    const part = await buildProduct(t.db);
    const response = await deleteProduct(admin.token, part._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await catalogue()).map((p) => p._id)).not.toContain(part._id);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${part._id}` })).statusCode).toBe(404);
    expect((await deleteProduct(admin.token, part._id)).statusCode).toBe(404);
    expect((await deleteProduct(admin.token, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('when a product with orders is deleted, then the orders keep its name and price, and can still be deleted', async () => {
    const part = await buildProduct(t.db, { name: 'Discontinued lever', priceCents: 1250, minimumOrderQuantity: 1 });
    const ordered = await postAs(t.app, customer.token, '/api/myOrder', {
      productId: part._id,
      quantity: 4,
      phoneNumber: '1',
    });
    const order = ordered.json<Order>();
    expect((await deleteProduct(admin.token, part._id)).statusCode).toBe(200);

    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/myOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(kept.json<Order>()).toMatchObject({
      productName: 'Discontinued lever',
      price: 50,
      unitPrice: 12.5,
      productId: null,
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.id, order._id))).toEqual([]);
    expect(await t.db.select().from(products).where(eq(products.id, part._id))).toEqual([]);
  });
});
