import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app.js';
import { testDatabaseUrl } from '../test/database.js';
import { apiErrors, apiMessages } from '../../contract/index.js';
import { CATALOGUE_VERSION_HEADER } from '../catalogue/search.js';
import { AppError } from './errors.js';

describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes that exist only here, to drive the error handler.
    t.app.get('/api/test/crash', async () => {
      throw new Error('secret detail: password=hunter2');
    });
    t.app.get('/api/test/conflict', async () => {
      throw new AppError('orderAlreadyPaid');
    });
    t.app.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({ quantity: z.number().int({ error: 'Quantity must be whole' }), phone: z.string() }),
        },
      },
      async (request) => request.body,
    );
  });
  afterAll(() => t.close());

  it('when a handler crashes, then 500 JSON without the error text or a stack', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toMatch(/hunter2|at .*\.ts|stack/);
  });

  it('when an AppError is thrown, then its status and message pass through', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'ORDER_ALREADY_PAID',
      message: 'This order is already paid',
    });
  });

  it('when a body fails validation, then 400 lists each field with its message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { quantity: 2.5 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Quantity must be whole' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.quantity', message: 'Quantity must be whole' },
        expect.objectContaining({ field: 'body.phone' }),
      ]),
    );
  });

  it('when the JSON is malformed, then 400 JSON, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity": 1,',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('when the body is larger than the limit, then 413 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: 'x'.repeat(200_000), quantity: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413 });
  });

  it('when the content type is not JSON, then 415 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<quantity>1</quantity>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415 });
  });

  it.each([
    '/api/products?limit=6&q=%00',
    '/api/products?limit=%00',
    '/api/products?x%00=1',
    '/api/products/5f1d7c1e-0000-4000-8000-000000000001%00',
    '/api/products/%00',
    '/api/reviews?limit=6&limit=%00',
  ])('when %s carries an encoded NUL character, then 400 says so', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(apiMessages.nulCharacter);
  });

  it('when an encoded percent sign precedes 00 (%2500, a literal "%00"), then it is no NUL character', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products?limit=6&q=%2500' });
    expect(response.json<{ message?: string }>().message).not.toBe(apiMessages.nulCharacter);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/products/extra/segments'],
    ['DELETE', '/api'],
  ] as const)('when %s %s matches no API route, then JSON 404', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
      message: 'No API route matches this request',
    });
  });
});

describe('headers, compression, health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('when any API answer is sent, then it carries the security headers', async () => {
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/products' });
    const csp = String(headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'none'"); // no payment provider's frames without Stripe
    expect(csp).not.toContain('stripe.com');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined(); // only in production
  });

  it('when the client accepts gzip, then the catalogue is sent compressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('when the database answers, then health is ok and names the engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: testDatabaseUrl ? 'postgres' : 'pglite' });
  });

  it('when the catalogue index is built, then health says searches are answered from it, with its version', async () => {
    const started = Date.now();
    let health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ search: string }>();
    while (health.search !== 'index' && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    }
    expect(health.search).toBe('index');
    const search = await t.app.inject({ method: 'GET', url: '/api/catalogue?q=pads' });
    expect(search.headers[CATALOGUE_VERSION_HEADER]).toMatch(/^\d+$/);
  });

  it('when the process is draining before a stop, then health answers 503 SHUTTING_DOWN while the rest is served', async () => {
    t.lifecycle.draining = true;
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: apiErrors.shuttingDown.code,
        message: apiErrors.shuttingDown.message,
      });
      const products = await t.app.inject({ method: 'GET', url: '/api/products' });
      expect(products.statusCode).toBe(200);
    } finally {
      t.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('production mode on plain http (a local npm start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('when PUBLIC_URL is http, then neither HSTS nor request upgrading is sent', async () => {
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('production mode and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', RATE_LIMIT_PER_MINUTE: '3' },
    });
  });
  afterAll(() => t.close());

  it('when in production behind an https PUBLIC_URL, then HSTS and upgrade-insecure-requests are sent', async () => {
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('when a client passes RATE_LIMIT_PER_MINUTE, then 429 JSON with a clear message', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await t.app.inject({ method: 'GET', url: '/api/reviews', remoteAddress: '203.0.113.9' });
      statuses.push(last.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    expect(last?.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please wait a minute and try again.',
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/reviews', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(200);
  });
});

describe('health with the catalogue index turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEARCH_INDEX: 'off' } });
  });
  afterAll(() => t.close());

  it('when searches are answered by the database, then health says so', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', search: 'sql' });
    const search = await t.app.inject({ method: 'GET', url: '/api/catalogue?q=pads' });
    expect(search.headers[CATALOGUE_VERSION_HEADER]).toBeUndefined();
  });
});
