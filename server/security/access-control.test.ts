import type { InjectOptions } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, SAMPLE_PRODUCT_PICTURE, type Order } from '../../contract/index.js';
import { accessTokenKey } from '../auth/access-token.js';
import { searchSynonymGroups } from '../db/schema.js';
import { testPhoto, uploadForm } from '../media/test-files.js';
import { moveOrder } from '../orders/status.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';
import { buildProduct, buildVehicle } from '../test/factories.js';
import { postAs } from '../test/requests.js';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in.js';

/**
 * Every API route x every kind of caller -> the status it must answer. The test lists the routes the
 * app really registered and fails when one has no row here, so no route goes unreviewed.
 */
const CALLERS = [
  'anonymous',
  'customer',
  'otherCustomer',
  'admin',
  'forged',
  'expired',
  'signedOut',
  'passwordChanged',
] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

const everyone = (status: number): Expected =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Expected;
/**
 * Signed-in callers only; a missing, forged or expired token is 401, and so is the token of a
 * customer who signed out or changed their password since (it is bound to the session that ended).
 */
const signedIn = (customer: number, otherCustomer: number, admin: number): Expected => ({
  anonymous: 401,
  customer,
  otherCustomer,
  admin,
  forged: 401,
  expired: 401,
  signedOut: 401,
  passwordChanged: 401,
});

const AUTH_SECRET = 'access-matrix-secret-access-matrix-secret';
const ADMIN = 'matrix-admin@example.com';

type Account = Awaited<ReturnType<typeof signUpWithToken>>;
interface World {
  t: TestApp;
  customer: Account;
  otherCustomer: Account;
  admin: Account;
  forged: string;
  expired: string;
  /** Tokens of customers who then signed out, or changed their password. */
  signedOut: string;
  passwordChanged: string;
  /** A fresh order of `customer`, for routes that change or delete it. */
  order(): Promise<Order>;
  productId(): Promise<string>;
  vehicleId(): Promise<string>;
  /** A bike in `customer`'s garage. */
  garageBikeId(): Promise<string>;
}

/** The caller's bearer token; `customer`'s resources are the ones every request is about. */
const tokenOf = (world: World, caller: Caller): Record<string, string> => {
  if (caller === 'anonymous') return {};
  if (caller === 'forged' || caller === 'expired' || caller === 'signedOut' || caller === 'passwordChanged')
    return bearer(world[caller]);
  return bearer(world[caller].token);
};

interface Row {
  request(world: World, caller: Caller): Promise<InjectOptions>;
  expect: Expected;
}

const newPart = {
  name: 'Matrix part',
  price: 10,
  minimumOderQantity: 1,
  availableQantity: 5,
  picture: SAMPLE_PRODUCT_PICTURE,
};
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

const ROWS: Record<string, Row> = {
  'GET /api/health': { request: async () => ({ method: 'GET', url: '/api/health' }), expect: everyone(200) },
  'GET /api/products': { request: async () => ({ method: 'GET', url: '/api/products' }), expect: everyone(200) },
  'GET /api/products/:id': {
    request: async (w) => ({ method: 'GET', url: `/api/products/${await w.productId()}` }),
    expect: everyone(200),
  },
  'POST /api/products': {
    request: async (w, c) => ({ method: 'POST', url: '/api/products', headers: tokenOf(w, c), payload: newPart }),
    expect: signedIn(403, 403, 200),
  },
  'PATCH /api/products/:id': {
    request: async (w, c) => ({
      method: 'PATCH',
      url: `/api/products/${await w.productId()}`,
      headers: tokenOf(w, c),
      payload: { description: `Edited by ${c}` },
    }),
    expect: signedIn(403, 403, 200),
  },
  'DELETE /api/products/:id': {
    request: async (w, c) => ({
      method: 'DELETE',
      url: `/api/products/${await w.productId()}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(403, 403, 200),
  },
  'GET /api/reviews': { request: async () => ({ method: 'GET', url: '/api/reviews' }), expect: everyone(200) },
  'POST /api/reviews': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/reviews',
      headers: tokenOf(w, c),
      payload: { fidback: 'Good pads', ratting: 5 },
    }),
    expect: signedIn(200, 200, 403),
  },
  // better-auth's own endpoints: a wrong password is refused whoever asks; the session read is public.
  'GET /api/auth/*': {
    request: async (w, c) => ({ method: 'GET', url: '/api/auth/get-session', headers: tokenOf(w, c) }),
    expect: everyone(200),
  },
  'POST /api/auth/*': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...tokenOf(w, c), origin: TEST_ORIGIN },
      payload: { email: w.customer.email, password: 'not-the-password' },
    }),
    expect: everyone(401),
  },
  // The token is handed out against a session cookie for the same e-mail, never against a bearer.
  'PUT /api/user/:email': {
    request: async (w, c) => {
      const cookie = c === 'customer' || c === 'otherCustomer' || c === 'admin' ? { cookie: w[c].cookie } : {};
      return {
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(w.customer.email)}`,
        headers: { ...tokenOf(w, c), ...cookie, origin: TEST_ORIGIN },
        payload: { eamil: w.customer.email },
      };
    },
    expect: signedIn(200, 403, 403),
  },
  'GET /api/user/:email': {
    request: async (w, c) => ({
      method: 'GET',
      url: `/api/user/${encodeURIComponent(w.customer.email)}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(200, 403, 200),
  },
  'GET /api/admin/:email': {
    request: async (w, c) => ({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(w.customer.email)}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(200, 403, 200),
  },
  'GET /api/user': {
    request: async (w, c) => ({ method: 'GET', url: '/api/user', headers: tokenOf(w, c) }),
    expect: signedIn(403, 403, 200),
  },
  // Make Admin's pages: admins only.
  'GET /api/admin/users': {
    request: async (w, c) => ({
      method: 'GET',
      url: '/api/admin/users?q=example&page=1&pageSize=20',
      headers: tokenOf(w, c),
    }),
    expect: signedIn(403, 403, 200),
  },
  'PUT /api/user/admin/:email': {
    request: async (w, c) => {
      const someone = await signUpWithToken(w.t.app);
      return { method: 'PUT', url: `/api/user/admin/${encodeURIComponent(someone.email)}`, headers: tokenOf(w, c) };
    },
    expect: signedIn(403, 403, 200),
  },
  'GET /api/userinfo': {
    request: async (w, c) => ({ method: 'GET', url: '/api/userinfo', headers: tokenOf(w, c) }),
    expect: signedIn(200, 200, 200),
  },
  'POST /api/userinfo': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/userinfo',
      headers: tokenOf(w, c),
      payload: { education: 'e', location: 'l', phoneNumber: '1', linkedIn: 'in' },
    }),
    expect: signedIn(200, 200, 200),
  },
  'POST /api/myOrder': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/myOrder',
      headers: tokenOf(w, c),
      payload: { productId: await w.productId(), quantity: 1, phoneNumber: '1' },
    }),
    expect: signedIn(200, 200, 200),
  },
  'GET /api/myOrder': {
    request: async (w, c) => ({
      method: 'GET',
      url: `/api/myOrder?email=${encodeURIComponent(w.customer.email)}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(200, 403, 403),
  },
  'GET /api/myOrder/:id': {
    request: async (w, c) => ({ method: 'GET', url: `/api/myOrder/${(await w.order())._id}`, headers: tokenOf(w, c) }),
    expect: signedIn(200, 403, 200),
  },
  'DELETE /api/myOrder/:id': {
    request: async (w, c) => ({
      method: 'DELETE',
      url: `/api/myOrder/${(await w.order())._id}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(200, 403, 200),
  },
  // Paying is for the customer who ordered; a made-up payment is refused with 402, not believed.
  'PATCH /api/myOrder/:id': {
    request: async (w, c) => ({
      method: 'PATCH',
      url: `/api/myOrder/${(await w.order())._id}`,
      headers: tokenOf(w, c),
      payload: { order: {}, transactionId: 'pi_made_up' },
    }),
    expect: signedIn(402, 403, 403),
  },
  // A paid order's invoice (a PDF): whoever may see the order, its owner or an admin.
  'GET /api/myOrder/:id/invoice.pdf': {
    request: async (w, c) => {
      const { _id } = await w.order();
      await moveOrder(w.t.db, _id, 'pay', { transactionId: `pi_matrix_${_id}` });
      return { method: 'GET', url: `/api/myOrder/${_id}/invoice.pdf`, headers: tokenOf(w, c) };
    },
    expect: signedIn(200, 403, 200),
  },
  'POST /api/create-payment-intent': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: tokenOf(w, c),
      payload: { orderId: (await w.order())._id },
    }),
    expect: signedIn(200, 403, 403),
  },
  'POST /api/sandbox/confirm': {
    request: async (w, c) => {
      const intent = await postAs(w.t.app, w.customer.token, '/api/create-payment-intent', {
        orderId: (await w.order())._id,
      });
      const { clientSecret } = intent.json<{ clientSecret: string }>();
      return {
        method: 'POST',
        url: '/api/sandbox/confirm',
        headers: tokenOf(w, c),
        payload: { clientSecret, ...card },
      };
    },
    expect: signedIn(200, 403, 403),
  },
  // Stripe signs its deliveries; a bearer token means nothing here, an unsigned body is refused.
  'POST /api/stripe/webhook': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { ...tokenOf(w, c), 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: {} } }),
    }),
    expect: everyone(400),
  },
  // Catalogue search: a public read.
  'GET /api/catalogue': {
    request: async () => ({ method: 'GET', url: '/api/catalogue?q=pads&category=brake-pads' }),
    expect: everyone(200),
  },
  // The bike picker and fitment: public reads.
  'GET /api/vehicles/makes': {
    request: async () => ({ method: 'GET', url: '/api/vehicles/makes' }),
    expect: everyone(200),
  },
  'GET /api/vehicles/models': {
    request: async () => ({ method: 'GET', url: '/api/vehicles/models?make=Honda' }),
    expect: everyone(200),
  },
  'GET /api/vehicles': {
    request: async () => ({ method: 'GET', url: '/api/vehicles?make=Honda&model=CBR600RR' }),
    expect: everyone(200),
  },
  'GET /api/vehicles/:id': {
    request: async (w) => ({ method: 'GET', url: `/api/vehicles/${await w.vehicleId()}` }),
    expect: everyone(200),
  },
  'GET /api/products/:id/fitment': {
    request: async (w) => ({ method: 'GET', url: `/api/products/${await w.productId()}/fitment` }),
    expect: everyone(200),
  },
  // My Garage: the bearer's own bikes only; another's bike is not found.
  'GET /api/garage': {
    request: async (w, c) => ({ method: 'GET', url: '/api/garage', headers: tokenOf(w, c) }),
    expect: signedIn(200, 200, 200),
  },
  'POST /api/garage': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/garage',
      headers: tokenOf(w, c),
      payload: { vehicleId: await w.vehicleId() },
    }),
    expect: signedIn(200, 200, 200),
  },
  'DELETE /api/garage/:id': {
    request: async (w, c) => ({
      method: 'DELETE',
      url: `/api/garage/${await w.garageBikeId()}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(200, 404, 404),
  },
  // The cart: always the bearer's own; the checkout turns the caller's own cart into an order.
  'GET /api/cart': {
    request: async (w, c) => ({ method: 'GET', url: '/api/cart', headers: tokenOf(w, c) }),
    expect: signedIn(200, 200, 200),
  },
  'PUT /api/cart/:productId': {
    request: async (w, c) => ({
      method: 'PUT',
      url: `/api/cart/${await w.productId()}`,
      headers: tokenOf(w, c),
      payload: { quantity: 1 },
    }),
    expect: signedIn(200, 200, 200),
  },
  'DELETE /api/cart/:productId': {
    request: async (w, c) => ({
      method: 'DELETE',
      url: `/api/cart/${await w.productId()}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(200, 200, 200),
  },
  'GET /api/shipping-methods': {
    request: async () => ({ method: 'GET', url: '/api/shipping-methods' }),
    expect: everyone(200),
  },
  'POST /api/checkout': {
    request: async (w, c) => {
      const headers = tokenOf(w, c);
      // A line in the caller's own cart first, when the caller has a working token.
      await w.t.app.inject({
        method: 'PUT',
        url: `/api/cart/${await w.productId()}`,
        headers,
        payload: { quantity: 1 },
      });
      return {
        method: 'POST',
        url: '/api/checkout',
        headers,
        payload: {
          shippingMethod: 'standard',
          phoneNumber: '1',
          address: { fullName: 'Matrix Rider', line1: '1 Pit Lane', city: 'Brno', postalCode: '60200', country: 'CZ' },
        },
      };
    },
    expect: signedIn(201, 201, 201),
  },
  // The catalogue in bulk: admins only (a file of the header alone changes nothing).
  'GET /api/admin/catalogue.csv': {
    request: async (w, c) => ({ method: 'GET', url: '/api/admin/catalogue.csv', headers: tokenOf(w, c) }),
    expect: signedIn(403, 403, 200),
  },
  'POST /api/admin/catalogue.csv': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/admin/catalogue.csv',
      headers: { ...tokenOf(w, c), 'content-type': 'text/csv' },
      payload: `${CATALOGUE_CSV_COLUMNS.join(',')}\r\n`,
    }),
    expect: signedIn(403, 403, 200),
  },
  // Manage Products' pages: admins only.
  'GET /api/admin/products': {
    request: async (w, c) => ({
      method: 'GET',
      url: '/api/admin/products?q=matrix&belowMinimum=false&page=1&pageSize=20',
      headers: tokenOf(w, c),
    }),
    expect: signedIn(403, 403, 200),
  },
  // Search Synonyms: admins only; each admin's change is a group of its own.
  'GET /api/admin/search-synonyms': {
    request: async (w, c) => ({ method: 'GET', url: '/api/admin/search-synonyms', headers: tokenOf(w, c) }),
    expect: signedIn(403, 403, 200),
  },
  'POST /api/admin/search-synonyms': {
    request: async (w, c) => ({
      method: 'POST',
      url: '/api/admin/search-synonyms',
      headers: tokenOf(w, c),
      payload: { words: ['matrix', `matrix${c}`] },
    }),
    expect: signedIn(403, 403, 201),
  },
  'DELETE /api/admin/search-synonyms/:id': {
    request: async (w, c) => {
      const [group] = await w.t.db
        .insert(searchSynonymGroups)
        .values({ words: [`gone${c}`, 'matrix'] })
        .returning({ id: searchSynonymGroups.id });
      return { method: 'DELETE', url: `/api/admin/search-synonyms/${group?.id}`, headers: tokenOf(w, c) };
    },
    expect: signedIn(403, 403, 200),
  },
  // Manage Orders: admins only. Orders are brought to where each move starts through the state machine.
  'GET /api/admin/orders': {
    request: async (w, c) => ({
      method: 'GET',
      url: '/api/admin/orders?status=unpaid&q=rider',
      headers: tokenOf(w, c),
    }),
    expect: signedIn(403, 403, 200),
  },
  'GET /api/admin/orders/:id': {
    request: async (w, c) => ({
      method: 'GET',
      url: `/api/admin/orders/${(await w.order())._id}`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(403, 403, 200),
  },
  'POST /api/admin/orders/:id/ship': {
    request: async (w, c) => {
      const { _id } = await w.order();
      await moveOrder(w.t.db, _id, 'pay', { transactionId: `pi_matrix_${_id}` });
      return {
        method: 'POST',
        url: `/api/admin/orders/${_id}/ship`,
        headers: tokenOf(w, c),
        payload: { carrier: 'DHL', trackingNumber: 'JD0146' },
      };
    },
    expect: signedIn(403, 403, 200),
  },
  'POST /api/admin/orders/:id/deliver': {
    request: async (w, c) => {
      const { _id } = await w.order();
      await moveOrder(w.t.db, _id, 'pay', { transactionId: `pi_matrix_${_id}` });
      await moveOrder(w.t.db, _id, 'ship', { carrier: 'DHL', trackingNumber: 'JD0146' });
      return { method: 'POST', url: `/api/admin/orders/${_id}/deliver`, headers: tokenOf(w, c) };
    },
    expect: signedIn(403, 403, 200),
  },
  'POST /api/admin/orders/:id/cancel': {
    request: async (w, c) => ({
      method: 'POST',
      url: `/api/admin/orders/${(await w.order())._id}/cancel`,
      headers: tokenOf(w, c),
    }),
    expect: signedIn(403, 403, 200),
  },
  // Photo upload: admins only; each admin's upload is a new photo (201).
  'POST /api/media': {
    request: async (w, c) => {
      const { payload, headers } = await uploadForm(await testPhoto('png', { width: 64, height: 48 }));
      return { method: 'POST', url: '/api/media', headers: { ...headers, ...tokenOf(w, c) }, payload };
    },
    expect: signedIn(403, 403, 201),
  },
  // The API's documentation (server/api-docs/openapi.ts): public, like the API's shape.
  'GET /api/openapi.json': {
    request: async () => ({ method: 'GET', url: '/api/openapi.json' }),
    expect: everyone(200),
  },
  'GET /api/docs': { request: async () => ({ method: 'GET', url: '/api/docs' }), expect: everyone(200) },
  // Fastify records only the HEAD twin of the page's trailing-slash spelling.
  'GET /api/docs/': { request: async () => ({ method: 'GET', url: '/api/docs/' }), expect: everyone(200) },
  'GET /api/docs/json': { request: async () => ({ method: 'GET', url: '/api/docs/json' }), expect: everyone(200) },
  'GET /api/docs/yaml': { request: async () => ({ method: 'GET', url: '/api/docs/yaml' }), expect: everyone(200) },
  'GET /api/docs/static/swagger-initializer.js': {
    request: async () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }),
    expect: everyone(200),
  },
  'GET /api/docs/static/*': {
    request: async () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
    expect: everyone(200),
  },
  // Swagger UI's old address of its page: a redirect to /api/docs.
  'GET /api/docs/static/index.html': {
    request: async () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
    expect: everyone(302),
  },
};

/** HEAD answers as GET does, without a body. */
const rowFor = (method: string, url: string): Row | undefined =>
  ROWS[`${method} ${url}`] ?? (method === 'HEAD' ? ROWS[`GET ${url}`] : undefined);

async function buildWorld(env: Record<string, string>): Promise<World> {
  const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, AUTH_SECRET, ...env } });
  const [customer, otherCustomer, admin] = await Promise.all([
    signUpWithToken(t.app),
    signUpWithToken(t.app),
    adminWithToken(t.app, ADMIN),
  ]);
  const claims = decodeJwt(admin.token);
  const forged = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode('a-key-that-is-not-the-store-secret-32'));
  const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(accessTokenKey(AUTH_SECRET));
  const productId = async () => (await buildProduct(t.db, { minimumOrderQuantity: 1, availableQuantity: 50 }))._id;
  const vehicleId = async () => (await buildVehicle(t.db))._id;
  const [leaver, changer] = await Promise.all([signUpWithToken(t.app), signUpWithToken(t.app)]);
  const identityCall = async (path: string, cookie: string, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/auth${path}`,
      headers: { origin: TEST_ORIGIN, cookie },
      payload,
    });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  };
  await identityCall('/sign-out', leaver.cookie, {});
  await identityCall('/change-password', changer.cookie, {
    currentPassword: changer.password,
    newPassword: 'a-new-password-for-the-matrix',
  });
  return {
    t,
    customer,
    otherCustomer,
    admin,
    forged,
    expired,
    signedOut: leaver.token,
    passwordChanged: changer.token,
    productId,
    vehicleId,
    async garageBikeId() {
      const added = await postAs(t.app, customer.token, '/api/garage', { vehicleId: await vehicleId() });
      return added.json<{ _id: string }>()._id;
    },
    async order() {
      const placed = await postAs(t.app, customer.token, '/api/myOrder', {
        productId: await productId(),
        quantity: 1,
        phoneNumber: '1',
      });
      return placed.json<Order>();
    },
  };
}

const tested = new Set<string>();

describe.each([
  ['the sandbox gateway', false],
  ['Stripe', true],
])('access control with %s', (_gateway, stripe) => {
  let world: World;
  let standIn: StripeStandIn | undefined;
  beforeAll(async () => {
    standIn = stripe ? await startStripeStandIn() : undefined;
    world = await buildWorld(
      standIn
        ? {
            STRIPE_SECRET_KEY: 'sk_test_matrix',
            STRIPE_PUBLISHABLE_KEY: 'pk_test_matrix',
            STRIPE_WEBHOOK_SECRET: 'whsec_matrix',
            STRIPE_API_URL: standIn.url,
          }
        : {},
    );
  });
  afterAll(async () => {
    await world.t.close();
    await standIn?.close();
  });

  it('when the app starts, then every API route it registered has a row in the table', () => {
    const apiRoutes = world.t.app.registeredRoutes.filter((route) => route.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(20);
    const missing = apiRoutes.filter((route) => !rowFor(route.method, route.url));
    expect(missing, 'routes without a row in the access-control table').toEqual([]);
  });

  it('when each caller calls each route, then it gets the status of the table', async () => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const { method, url } of world.t.app.registeredRoutes.filter((route) => route.url.startsWith('/api'))) {
      const row = rowFor(method, url);
      if (!row) continue; // reported by the test above
      tested.add(`${method === 'HEAD' ? 'GET' : method} ${url}`);
      for (const caller of CALLERS) {
        const request = await row.request(world, caller);
        const response = await world.t.app.inject({ ...request, method: method as InjectOptions['method'] });
        answers.push(`${method} ${url} as ${caller}: ${response.statusCode}`);
        wanted.push(`${method} ${url} as ${caller}: ${row.expect[caller]}`);
      }
    }
    expect(answers).toEqual(wanted);
    // Every route x eight callers, in turn (some rows place orders or upload photos): two minutes
    // leaves room for a loaded machine.
  }, 120_000);
});

describe('the access-control table itself', () => {
  it('when both gateways were checked, then no row is left over for a route that no longer exists', () => {
    expect(Object.keys(ROWS).filter((key) => !tested.has(key))).toEqual([]);
  });
});
