import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offeredIdentityEndpoints } from '../auth/endpoints.js';
import { createTestApp, testConfig, type TestApp } from '../test/app.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './openapi.js';
import { securityHeaders } from '../http/security.js';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_openapi',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_openapi',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapi',
};
const ENV = { STORE_NAME: 'Disc & Pad Co' };
/** The operations anyone may call; every other one is behind a token. */
const PUBLIC = [
  'get /api/health',
  'get /api/products',
  'get /api/products/{id}',
  'get /api/products/{id}/fitment',
  'get /api/catalogue',
  'get /api/vehicles/makes',
  'get /api/vehicles/models',
  'get /api/vehicles',
  'get /api/vehicles/{id}',
  'get /api/reviews',
  'get /api/shipping-methods',
  'put /api/user/{email}', // a session cookie, not a token
  'post /api/stripe/webhook', // Stripe's signature
];
const isDocs = (url: string) => url === OPENAPI_PATH || url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);
/** `/api/products/:id` as OpenAPI writes it. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
  );

describe.each([
  ['the sandbox gateway', {}],
  ['Stripe', STRIPE],
])('the OpenAPI document with %s', (_gateway, env) => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...ENV, ...env } });
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => t.close());

  it('when it is checked against the OpenAPI 3.1 schema, then it is valid', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('when the app registered an API route, then the document has it with its method', () => {
    const documented = new Set(operations(document).map(({ key }) => key));
    const missing = t.app.registeredRoutes
      .filter(({ method, url }) => url.startsWith('/api/') && method !== 'HEAD' && !isDocs(url))
      .flatMap(({ method, url }) =>
        url === '/api/auth/*'
          ? offeredIdentityEndpoints()
              .filter(({ methods }) => methods.includes(method as 'GET' | 'POST'))
              .map(({ path }) => `${method.toLowerCase()} ${path}`)
          : [`${method.toLowerCase()} ${openApiPath(url)}`],
      )
      .filter((key) => !documented.has(key));
    expect(missing, 'registered routes missing from the document').toEqual([]);
    expect(documented.size).toBeGreaterThan(30);
  });

  it('when better-auth is reached, then each endpoint the store offers is listed with its methods, the wildcard not', () => {
    for (const { path, methods } of offeredIdentityEndpoints()) {
      expect(Object.keys(document.paths[path] ?? {}).sort(), path).toEqual(methods.map((m) => m.toLowerCase()).sort());
    }
    expect(Object.keys(document.paths).filter((path) => path.includes('*'))).toEqual([]);
  });

  it('when an operation is listed, then it has a summary and one tag of the list', () => {
    const tags = new Set(document.tags.map(({ name }) => name));
    const untidy = operations(document)
      .filter(
        ({ operation }) => !operation.summary || operation.tags?.length !== 1 || !tags.has(operation.tags[0] ?? ''),
      )
      .map(({ key }) => key);
    expect(untidy).toEqual([]);
    expect(tags).toEqual(
      new Set([
        'products',
        'vehicles',
        'garage',
        'reviews',
        'auth',
        'users',
        'profile',
        'cart',
        'orders',
        'payments',
        'health',
        'media',
      ]),
    );
  });

  it("when the shop's order routes are listed, then they are tagged orders, beside the admin's user routes", () => {
    const tagged = (path: string, method: string) => document.paths[path]?.[method]?.tags;
    expect(tagged('/api/admin/orders', 'get')).toEqual(['orders']);
    expect(tagged('/api/admin/orders/{id}/cancel', 'post')).toEqual(['orders']);
    expect(tagged('/api/admin/{email}', 'get')).toEqual(['users']);
  });

  it('when the invoice route is listed, then it answers a PDF, its refusals JSON, tagged orders', () => {
    const operation = document.paths['/api/myOrder/{id}/invoice.pdf']?.get;
    expect(operation?.tags).toEqual(['orders']);
    expect(Object.keys(operation?.responses?.['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(Object.keys(operation?.responses?.['409']?.content ?? {})).toEqual(['application/json']);
  });

  it('when the catalogue file routes are listed, then they are tagged products', () => {
    expect(Object.values(document.paths['/api/admin/catalogue.csv'] ?? {}).map((operation) => operation.tags)).toEqual([
      ['products'],
      ['products'],
    ]);
  });

  it('when a route needs a token, then it asks for bearerAuth; public ones and better-auth do not', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const wrong = operations(document)
      .filter(({ key, operation }) => {
        const open = PUBLIC.includes(key) || key.includes(' /api/auth/');
        return open ? operation.security !== undefined : JSON.stringify(operation.security) !== '[{"bearerAuth":[]}]';
      })
      .map(({ key }) => key);
    expect(wrong).toEqual([]);
  });

  it("when its info is read, then it names the store and the package's version", () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Disc & Pad Co API', version });
    expect(document.info.description).toMatch(/Bearer/);
  });
});

describe('the reference page at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
  });
  afterAll(() => t.close());
  const expected = securityHeaders(testConfig(ENV));

  const expectStoreHeaders = (headers: Record<string, unknown>, what: string) => {
    for (const [name, value] of Object.entries(expected)) expect(headers[name], `${what}: ${name}`).toBe(value);
  };

  it('when it is opened, then its page, scripts and styles come from our origin with the store headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Disc &amp; Pad Co API</title>');
    expectStoreHeaders(page.headers, API_DOCS_PATH);
    // Nothing inline, nothing from elsewhere: the store's CSP applies as it is.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S|<style|\sstyle=/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, asset).toMatch(new RegExp(`^${API_DOCS_PATH}/static/`));
      const response = await t.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      expectStoreHeaders(response.headers, asset);
    }
  });

  it("when Swagger UI's script is asked for compressed, then it goes as on disk; a second visit is a 304", async () => {
    const url = `${API_DOCS_PATH}/static/swagger-ui-bundle.js`;
    const script = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBeUndefined();
    expect(script.rawPayload.length).toBeGreaterThan(1_000_000);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(script.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('when the page asks for the document, then it gets the one of /api/openapi.json', async () => {
    const shown = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    const served = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expectStoreHeaders(shown.headers, `${API_DOCS_PATH}/json`);
    expectStoreHeaders(served.headers, OPENAPI_PATH);
    expect(shown.json()).toEqual(served.json());
  });
});
