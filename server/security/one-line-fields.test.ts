import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/index.js';
import { orders, products, profiles, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { orderNow } from '../test/admin-orders.js';
import { adminWithToken, bearer, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { payInSandbox } from '../test/requests.js';

const ADMIN = 'one-line-admin@example.com';
const ADDRESS = {
  fullName: 'Rider One',
  line1: '12 Apex Road',
  line2: '',
  city: 'Leeds',
  postalCode: 'LS1 4AP',
  country: 'GB',
};
const PROFILE = { education: 'Trade school', location: 'Leeds', phoneNumber: '555 0100', linkedIn: 'riderone' };

/**
 * What breaks a one-line field: C0 and C1 controls (CR, LF, tab, ESC, NEL...), DEL, the line and
 * paragraph separators, and the bidi marks, embeddings, overrides and isolates. NUL has its own
 * refusal before any schema (NUL_CHARACTER).
 */
const forbidden = fc
  .oneof(
    fc.integer({ min: 0x01, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(0x2028, 0x2029, 0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e),
    fc.constantFrom(0x2066, 0x2067, 0x2068, 0x2069),
  )
  .map((code) => String.fromCodePoint(code));
const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzÉéñø'), minLength: 1, maxLength: 8 });
/** Ordinary text with one forbidden character inside it (never at an end, where trimming might take it). */
const forged = fc.tuple(word, forbidden, word).map(([before, character, after]) => `${before}${character}${after}`);

/** Names and lines real people type: accents, apostrophes, hyphens, dots, other scripts. */
const ORDINARY = ["Zoë O'Brien-Łukasiewicz", 'José Núñez Jr.', 'Chloé D’Arcy', '山田 太郎', 'Łódź 90-001'];

describe('one-line fields refuse line breaks, controls and bidi characters', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signUpWithToken>>;
  let adminToken: string;
  let paidOrder: Order;
  /** The part the refused orders name: made once, so that the parts stored show what a request added. */
  let orderable: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, PUBLIC_URL: TEST_ORIGIN } });
    customer = await signUpWithToken(t.app);
    adminToken = (await adminWithToken(t.app, ADMIN)).token;
    paidOrder = await newPaidOrder();
    orderable = await anyPart();
    expect((await post('/api/userinfo', customer.token, PROFILE)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  async function newPaidOrder() {
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    const order = await orderNow(t.app, customer.token, part._id, 1);
    await payInSandbox(t.app, customer.token, order._id);
    return order;
  }
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const anyPart = () => buildProduct(t.db, { minimumOrderQuantity: 1 }).then((part) => part._id);

  /** Each one-line field: how a request carries a value in it, and the field its refusal names. */
  const FIELDS: { field: string; send: (value: string) => Promise<{ statusCode: number; body: string }> }[] = [
    ...(['fullName', 'line1', 'line2', 'city', 'postalCode'] as const).map((key) => ({
      field: `body.address.${key}`,
      send: (value: string) =>
        post('/api/checkout', customer.token, {
          shippingMethod: 'standard',
          phoneNumber: '555 0100',
          address: { ...ADDRESS, [key]: value },
        }),
    })),
    {
      field: 'body.phoneNumber',
      send: (value) =>
        post('/api/checkout', customer.token, { shippingMethod: 'standard', phoneNumber: value, address: ADDRESS }),
    },
    ...(['phoneNumber', 'address'] as const).map((key) => ({
      field: `body.${key}`,
      send: async (value: string) =>
        post('/api/myOrder', customer.token, {
          productId: orderable,
          quantity: 1,
          phoneNumber: '555 0100',
          [key]: value,
        }),
    })),
    ...(['education', 'location', 'phoneNumber', 'linkedIn'] as const).map((key) => ({
      field: `body.${key}`,
      send: (value: string) => post('/api/userinfo', customer.token, { ...PROFILE, [key]: value }),
    })),
    ...(['carrier', 'trackingNumber'] as const).map((key) => ({
      field: `body.${key}`,
      send: (value: string) =>
        post(`/api/admin/orders/${paidOrder._id}/ship`, adminToken, {
          carrier: 'DHL',
          trackingNumber: 'JD0146',
          [key]: value,
        }),
    })),
    ...(['name', 'brand'] as const).map((key) => ({
      field: `body.${key}`,
      send: (value: string) =>
        post('/api/products', adminToken, {
          name: 'Sintered pads',
          brand: 'Brakehouse',
          price: 24.5,
          availableQantity: 5,
          minimumOderQantity: 1,
          picture: '/images/products/sintered-pads.svg',
          [key]: value,
        }),
    })),
    {
      field: 'body.name',
      send: (value) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: TEST_ORIGIN },
          payload: {
            email: `line-${Math.random().toString(36).slice(2)}@example.com`,
            password: 'fine-password',
            name: value,
          },
        }),
    },
  ];

  /** What any of the requests above would have changed. */
  const stored = async () => ({
    orders: (await t.db.select({ id: orders.id }).from(orders)).length,
    products: (await t.db.select({ id: products.id }).from(products)).length,
    users: (await t.db.select({ id: users.id }).from(users)).length,
    profiles: await t.db.select().from(profiles),
    shipped: (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, paidOrder._id)))[0]?.status,
  });

  it.each(FIELDS.map((entry) => [entry.field, entry] as const))(
    'when %s carries a control or bidi character, then 400 naming that field, and nothing is stored',
    async (field, { send }) => {
      const before = await stored();
      await fc.assert(
        fc.asyncProperty(forged, async (value) => {
          const response = await send(value);
          expect(response.statusCode, JSON.stringify(value)).toBe(400);
          const errors = (JSON.parse(response.body) as { errors?: { field: string }[] }).errors ?? [];
          expect(errors.map((error) => error.field)).toContain(field);
        }),
        { numRuns: 25 },
      );
      expect(await stored()).toEqual(before);
    },
  );

  it('when the fields hold ordinary names with accents, apostrophes and hyphens, then they are accepted', async () => {
    for (const value of ORDINARY) {
      const fresh = await signUpWithToken(t.app, { name: value });
      expect(fresh.name).toBe(value);
      const part = await anyPart();
      await t.app.inject({
        method: 'PUT',
        url: `/api/cart/${part}`,
        headers: bearer(fresh.token),
        payload: { quantity: 1 },
      });
      const placed = await post('/api/checkout', fresh.token, {
        shippingMethod: 'standard',
        phoneNumber: '+44 113 496 0000',
        address: { fullName: value, line1: value, line2: value, city: value, postalCode: '90-001', country: 'PL' },
      });
      expect(placed.statusCode, value).toBe(201);
      const profile = await post('/api/userinfo', fresh.token, { ...PROFILE, education: value, location: value });
      expect(profile.statusCode, value).toBe(200);
      const ordered = await post('/api/myOrder', fresh.token, {
        productId: part,
        quantity: 1,
        phoneNumber: '555',
        address: value,
      });
      expect(ordered.statusCode, value).toBe(200);
    }
    const shipped = await post(`/api/admin/orders/${(await newPaidOrder())._id}/ship`, adminToken, {
      carrier: 'Pošta Polska – Ekspres',
      trackingNumber: "RR-123'456-PL",
    });
    expect(shipped.statusCode).toBe(200);
  });
});
