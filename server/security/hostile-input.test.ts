import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  maskEmail,
  MAX_ORDER_TOTAL_CENTS,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_QUANTITY,
  SAMPLE_PRODUCT_PICTURE,
  type Order,
  type Product,
} from '../../contract/index.js';
import { orders, products, profiles, reviews, sandboxPaymentIntents, sessions, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { postAs } from '../test/requests.js';

/**
 * Generated hostile requests against every route that takes input: wrong types, missing and extra
 * fields, huge and control-character strings, SQL-looking text, odd numbers, deep nesting, broken
 * JSON, other content types, oversized bodies. Each must be refused with a 4xx and a message for
 * people, never a 5xx, and a refused request must leave the database exactly as it was.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const ADMIN = 'hostile-admin@example.com';

const SQL_LIKE = [
  "'; DROP TABLE orders; --",
  "1' OR '1'='1",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '$1',
  '%00',
];
const CONTROL = ['\u0000', '\u0007', '\u001b[31m', '\r\n', '\u202e', '\ud800', '\uffff', '\u{1f6de}'];

/** Any one JSON-able value a client might send where something else is expected. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(...SQL_LIKE, ...CONTROL, '', ' ', 'null', 'NaN', '<script>alert(1)</script>'),
  fc.constantFrom(0, -1, 0.5, -0.0001, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e-300),
  fc.double(), // NaN and ±Infinity travel as null in JSON
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant('x'.repeat(70_000)), // over the body limit on its own
);

/** A body that is a valid one with fields replaced, removed, or added (role, paid, price, _id...). */
function mangled(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const extras = ['role', 'paid', 'price', '_id', 'email', 'userId', 'transactionId', '__proto__', 'constructor'];
  const asObject = fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length }),
      drop: fc.subarray(keys),
      extra: fc.dictionary(fc.constantFrom(...extras), hostileValue, { maxKeys: 4 }),
    })
    .map(({ replace, drop, extra }) =>
      Object.fromEntries(Object.entries({ ...valid, ...replace, ...extra }).filter(([key]) => !drop.includes(key))),
    );
  return fc.oneof({ weight: 4, arbitrary: asObject }, { weight: 1, arbitrary: hostileValue });
}

/** Raw payloads that are not the JSON object a route wants. */
const rawPayload = fc.oneof(
  fc.record({
    contentType: fc.constant('application/json'),
    body: fc.constantFrom('{', '{"a":', '[1,2', 'nul', "{'a':1}", '{"a":1}}', '\u0000'),
  }),
  fc.record({
    contentType: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data',
    ),
    body: fc.constantFrom('price=1&quantity=2', '<order><price>1</price></order>', 'hello', ''),
  }),
  fc.record({
    contentType: fc.constant('application/json'),
    body: fc.integer({ min: 1000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  }),
  fc.record({
    contentType: fc.constant('application/json'),
    body: fc.constant(JSON.stringify({ a: 'x'.repeat(1_048_576) })),
  }),
);

interface Target {
  name: string;
  method: InjectOptions['method'];
  /** The URL, possibly with a generated path parameter or query. */
  url: (param: string) => string;
  headers: () => Record<string, string>;
  valid?: Record<string, unknown>;
}

describe('generated hostile input', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signUpWithToken>>;
  /** Whose profile and password the identity endpoints' generated bodies aim at. */
  let member: Awaited<ReturnType<typeof signUpWithToken>>;
  let admin: Awaited<ReturnType<typeof signUpWithToken>>;
  let part: Product;
  let order: Order;
  let clientSecret: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_EMAILS: ADMIN } });
    [customer, member, admin] = await Promise.all([
      signUpWithToken(t.app),
      signUpWithToken(t.app),
      adminWithToken(t.app, ADMIN),
    ]);
    part = await buildProduct(t.db, { minimumOrderQuantity: 2, availableQuantity: 40, priceCents: 1999 });
    order = (
      await postAs(t.app, customer.token, '/api/myOrder', { productId: part._id, quantity: 2, phoneNumber: '1' })
    ).json();
    clientSecret = (await postAs(t.app, customer.token, '/api/create-payment-intent', { orderId: order._id })).json<{
      clientSecret: string;
    }>().clientSecret;
  });
  afterAll(() => t.close());

  /** Everything a request could change, as one fingerprint. */
  async function databaseDigest(): Promise<string> {
    const tables = [products, reviews, orders, users, profiles, sandboxPaymentIntents, sessions];
    const rows = await Promise.all(tables.map((table) => t.db.select().from(table)));
    const canonical = rows.map((list) => list.map((row) => JSON.stringify(row)).sort());
    return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
  }

  const customerAuth = () => bearer(customer.token);
  const adminAuth = () => bearer(admin.token);
  const origin = () => ({ origin: TEST_ORIGIN });

  const bodyTargets: Target[] = [
    {
      name: 'POST /api/myOrder',
      method: 'POST',
      url: () => '/api/myOrder',
      headers: customerAuth,
      valid: { productId: '', quantity: 2, phoneNumber: '+1 555', address: 'x' },
    },
    {
      name: 'POST /api/create-payment-intent',
      method: 'POST',
      url: () => '/api/create-payment-intent',
      headers: customerAuth,
      valid: { orderId: '', price: 1 },
    },
    {
      name: 'POST /api/sandbox/confirm',
      method: 'POST',
      url: () => '/api/sandbox/confirm',
      headers: customerAuth,
      valid: { clientSecret: '', cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' },
    },
    {
      name: 'PATCH /api/myOrder/:id',
      method: 'PATCH',
      url: () => `/api/myOrder/${order._id}`,
      headers: customerAuth,
      valid: { order: {}, transactionId: 'pi_x' },
    },
    {
      name: 'POST /api/reviews',
      method: 'POST',
      url: () => '/api/reviews',
      headers: customerAuth,
      valid: { fidback: 'ok', ratting: 4 },
    },
    {
      name: 'POST /api/products',
      method: 'POST',
      url: () => '/api/products',
      headers: adminAuth,
      valid: {
        name: 'n',
        price: 10,
        minimumOderQantity: 1,
        availableQantity: 5,
        picture: SAMPLE_PRODUCT_PICTURE,
        description: '',
      },
    },
    {
      name: 'POST /api/userinfo',
      method: 'POST',
      url: () => '/api/userinfo',
      headers: customerAuth,
      valid: { education: 'e', location: 'l', phoneNumber: '1', linkedIn: 'in' },
    },
    {
      name: 'PUT /api/user/:email',
      method: 'PUT',
      url: () => `/api/user/${encodeURIComponent(customer.email)}`,
      headers: () => ({ cookie: customer.cookie, ...origin() }),
      valid: { eamil: '' },
    },
    {
      name: 'POST /api/auth/sign-up/email',
      method: 'POST',
      url: () => '/api/auth/sign-up/email',
      headers: origin,
      valid: { email: 'x@example.com', password: 'correct horse', name: 'n' },
    },
    {
      name: 'POST /api/auth/sign-in/email',
      method: 'POST',
      url: () => '/api/auth/sign-in/email',
      headers: origin,
      valid: { email: 'x@example.com', password: 'correct horse' },
    },
    {
      name: 'POST /api/auth/update-user',
      method: 'POST',
      url: () => '/api/auth/update-user',
      headers: () => ({ cookie: member.cookie, ...origin() }),
      valid: { name: 'Renamed Rider', image: 'https://photos.example/rider.jpg' },
    },
    {
      name: 'POST /api/auth/change-password',
      method: 'POST',
      url: () => '/api/auth/change-password',
      headers: () => ({ cookie: member.cookie, ...origin() }),
      valid: { currentPassword: 'not-the-password', newPassword: 'a-new-password' },
    },
  ];

  /** Fills the valid body's blanks with this world's ids, so "valid" really is valid. */
  const filled = (target: Target): Record<string, unknown> => ({
    ...target.valid,
    ...('productId' in (target.valid ?? {}) && { productId: part._id }),
    ...('orderId' in (target.valid ?? {}) && { orderId: order._id }),
    ...('clientSecret' in (target.valid ?? {}) && { clientSecret }),
    ...('eamil' in (target.valid ?? {}) && { eamil: customer.email }),
  });

  /** A refusal says what is wrong in the store's error shape; success must not have believed the body. */
  function expectSafeAnswer(target: Target, response: LightMyRequestResponse, before: string, after: string) {
    const where = `${target.name} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode >= 400) {
      const body = response.json<{ statusCode?: number; code?: unknown; message?: unknown }>();
      expect(typeof body.message === 'string' && body.message.trim().length > 0, where).toBe(true);
      expect(typeof body.code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(body.code), `${where}: no code`).toBe(true);
      expect(body.statusCode, where).toBe(response.statusCode);
      expect(after, `${where}: the database changed`).toBe(before);
    }
  }

  async function send(target: Target, options: Partial<InjectOptions>) {
    const before = await databaseDigest();
    const response = await t.app.inject({
      method: target.method,
      url: target.url(''),
      ...options,
      headers: { ...target.headers(), ...options.headers },
    });
    return { response, before, after: await databaseDigest() };
  }

  it.each(bodyTargets.map((target) => [target.name, target] as const))(
    'when %s gets generated bodies, then it never answers 5xx and a refusal changes nothing',
    async (_name, target) => {
      const valid = filled(target);
      await fc.assert(
        fc.asyncProperty(mangled(valid), async (body) => {
          const { response, before, after } = await send(target, {
            payload: JSON.stringify(body) ?? 'null',
            headers: { 'content-type': 'application/json' },
          });
          expectSafeAnswer(target, response, before, after);
          if (response.statusCode < 300 && target.name === 'POST /api/myOrder') {
            const placed = response.json<Order>();
            expect(placed.paid).toBe(false);
            expect(placed.price).toBeCloseTo(part.price * placed.quantity, 2);
            expect(placed.email).toBe(customer.email);
          }
          if (response.statusCode < 300 && target.name === 'POST /api/reviews') {
            expect(response.json<{ email: string }>().email).toBe(maskEmail(customer.email));
          }
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('when parts at generated prices up to the highest are ordered in generated quantities, then totals never overflow into a 5xx and a refusal changes nothing', async () => {
    const target = bodyTargets[0];
    if (!target) throw new Error('no order target');
    const quantity = fc.oneof(
      fc.integer({ min: 1, max: MAX_PRODUCT_QUANTITY }),
      fc.constantFrom(1, 99, 215, 21_475, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 53 + 1, MAX_PRODUCT_QUANTITY + 1),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: MAX_PRODUCT_PRICE * 100 }),
        quantity,
        async (priceCents, ordered) => {
          const big = await buildProduct(t.db, {
            priceCents,
            availableQuantity: MAX_PRODUCT_QUANTITY,
            minimumOrderQuantity: 1,
          });
          const { response, before, after } = await send(target, {
            payload: { productId: big._id, quantity: ordered, phoneNumber: '1' },
          });
          expectSafeAnswer(target, response, before, after);
          if (response.statusCode < 300) {
            expect(priceCents * ordered).toBeLessThanOrEqual(MAX_ORDER_TOTAL_CENTS);
            expect(response.json<Order>().price).toBeCloseTo((priceCents * ordered) / 100, 2);
          } else {
            expect(priceCents * ordered > MAX_ORDER_TOTAL_CENTS || ordered > MAX_PRODUCT_QUANTITY).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it.each(bodyTargets.map((target) => [target.name, target] as const))(
    'when %s gets broken JSON, other content types, deep nesting or 1 MB, then 4xx and nothing changes',
    async (_name, target) => {
      await fc.assert(
        fc.asyncProperty(rawPayload, async ({ contentType, body }) => {
          const { response, before, after } = await send(target, {
            payload: body,
            headers: { 'content-type': contentType },
          });
          expectSafeAnswer(target, response, before, after);
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: Math.min(RUNS, 20) },
      );
    },
  );

  it.each(bodyTargets.map((target) => [target.name, target] as const))(
    'when a text field of %s carries a NUL character, then 400 says so and nothing changes',
    async (_name, target) => {
      const valid = filled(target);
      for (const [field, value] of Object.entries(valid).filter(([, v]) => typeof v === 'string')) {
        const { response, before, after } = await send(target, {
          payload: JSON.stringify({ ...valid, [field]: `${String(value)}\u0000` }),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, field).toBe(400);
        expect(response.json<{ message: string }>().message).toBe(apiMessages.nulCharacter);
        expect(after).toBe(before);
      }
    },
  );

  /** Path parameters and query strings, for every route that reads one. */
  const hostileText = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      ...SQL_LIKE,
      ...CONTROL,
      '..',
      '../../etc/passwd',
      '%2e%2e%2f',
      'x'.repeat(5_000),
      '-1',
      '1e309',
      'NaN',
      '0x10',
      '[]',
      '{}',
    ),
  );
  const paramTargets: Target[] = [
    { name: 'GET /api/products/:id', method: 'GET', url: (p) => `/api/products/${p}`, headers: () => ({}) },
    { name: 'DELETE /api/products/:id', method: 'DELETE', url: (p) => `/api/products/${p}`, headers: adminAuth },
    { name: 'GET /api/myOrder/:id', method: 'GET', url: (p) => `/api/myOrder/${p}`, headers: customerAuth },
    { name: 'DELETE /api/myOrder/:id', method: 'DELETE', url: (p) => `/api/myOrder/${p}`, headers: customerAuth },
    { name: 'GET /api/myOrder?email=', method: 'GET', url: (p) => `/api/myOrder?email=${p}`, headers: customerAuth },
    { name: 'GET /api/products?limit=', method: 'GET', url: (p) => `/api/products?limit=${p}`, headers: () => ({}) },
    { name: 'GET /api/reviews?limit=', method: 'GET', url: (p) => `/api/reviews?limit=${p}`, headers: () => ({}) },
    { name: 'GET /api/user/:email', method: 'GET', url: (p) => `/api/user/${p}`, headers: customerAuth },
    { name: 'GET /api/admin/:email', method: 'GET', url: (p) => `/api/admin/${p}`, headers: customerAuth },
    { name: 'PUT /api/user/admin/:email', method: 'PUT', url: (p) => `/api/user/admin/${p}`, headers: adminAuth },
  ];

  /** A lone surrogate cannot be percent-encoded as UTF-8: send the broken bytes a client would. */
  const urlEncoded = (text: string) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80';
    }
  };

  it.each(paramTargets.map((target) => [target.name, target] as const))(
    'when %s gets generated parameters, then it never answers 5xx and a refusal changes nothing',
    async (_name, target) => {
      await fc.assert(
        fc.asyncProperty(hostileText, async (text) => {
          const before = await databaseDigest();
          const response = await t.app.inject({
            method: target.method,
            url: target.url(urlEncoded(text)),
            headers: target.headers(),
          });
          expectSafeAnswer(target, response, before, await databaseDigest());
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('when an authorization header is garbage, then 401 with a message, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileText,
          fc.string().map((s) => `Bearer ${s}`),
        ),
        async (header) => {
          const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: header } });
          expect(response.statusCode).toBe(401);
          expect(response.json<{ message: string }>().message).toMatch(/\w/);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
