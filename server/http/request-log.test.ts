import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/app.js';
import { bearer, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createLogger } from './logger.js';
import { loggedUrl, maskEmailsIn } from './request-log.js';

describe('maskEmailsIn', () => {
  it.each([
    ['/api/user/tom@example.com', '/api/user/t***@example.com'],
    ['/api/user/tom%40example.com', '/api/user/t***@example.com'],
    ['/api/user/tom%2540example.com', '/api/user/t***@example.com'],
    ['/api/user/admin/Tom.Rider%2Bbrakes%40Example.com', '/api/user/admin/T***@Example.com'],
    ['/api/myOrder?email=tom%40example.com&limit=6', '/api/myOrder?email=t***@example.com&limit=6'],
    ['/api/myOrder?a=1&email=%74om@example.com', '/api/myOrder?a=1&email=t***@example.com'],
    ['Key (email)=(tom@example.com) already exists.', 'Key (email)=(t***@example.com) already exists.'],
    ['params: 42,tom@example.com,ann@shop.example', 'params: 42,t***@example.com,a***@shop.example'],
  ])('when %s is logged, then it reads %s', (text, masked) => {
    expect(maskEmailsIn(text)).toBe(masked);
  });

  it.each(['/api/products?limit=6', '/assets/index-AbC123.js', 'at node_modules/@fastify/static/index.js:1'])(
    'when %s carries no address, then it is logged as it is',
    (text) => {
      expect(maskEmailsIn(text)).toBe(text);
    },
  );
});

describe('loggedUrl', () => {
  it.each([
    [
      '/api/auth/callback/google?code=4%2F0AX-secret&state=abc123',
      '/api/auth/callback/google?code=(not logged)&state=(not logged)',
    ],
    ['/reset-password?token=t0k3n&x=1', '/reset-password?token=(not logged)&x=1'],
    ['/api/user/tom%40example.com?code=1', '/api/user/t***@example.com?code=(not logged)'],
    ['/api/products?limit=6&encode=1', '/api/products?limit=6&encode=1'],
  ])('when %s is logged, then it reads %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});

describe('the request log', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  const logged = () => lines.join('\n');
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  /** The URLs of the request lines, as logged. */
  const loggedUrls = () => entries().flatMap((entry) => (entry.msg === 'request answered' ? [entry.url] : []));

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig(),
      database,
      logger: createLogger({
        level: 'info',
        format: 'json',
        destination: { write: (line: string) => lines.push(line) },
      }),
    });
    // A query that fails with a customer's data among its values, as a real outage or bug would.
    app.get<{ Params: { email: string } }>('/api/test/failing-query/:email', async (request) => {
      await database.db.execute(sql`select ${request.params.email}::text, ${'+1 555 0100'}::text, 1 / 0`);
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('when URLs carry a customer e-mail (path or query, plain or encoded), then only its masked form is logged, and no header', async () => {
    const customer = await signUpWithToken(app, { email: 'tom.rider@example.com' });
    lines.length = 0;
    const headers = { ...bearer(customer.token), cookie: customer.cookie, origin: TEST_ORIGIN };
    const urls = [
      '/api/user/tom.rider@example.com',
      '/api/user/tom.rider%40example.com',
      '/api/admin/tom.rider%40example.com',
      '/api/user/admin/tom.rider%40example.com',
      '/api/myOrder?email=tom.rider@example.com',
      '/api/myOrder?email=tom.rider%40example.com',
      '/api/myOrder?email=tom.rider%2540example.com',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url, headers });
    await app.inject({ method: 'PUT', url: urls[1], headers, payload: { eamil: customer.email } });

    expect(lines.length).toBeGreaterThanOrEqual(urls.length + 1);
    expect(logged()).not.toMatch(/tom\.rider|tom%2Erider/i);
    expect(logged()).not.toContain(customer.token);
    expect(logged()).not.toContain(customer.cookie.split('=')[1]);
    expect(logged()).not.toMatch(/authorization|cookie|bearer/i);
    expect(loggedUrls()).toEqual([
      '/api/user/t***@example.com',
      '/api/user/t***@example.com',
      '/api/admin/t***@example.com',
      '/api/user/admin/t***@example.com',
      '/api/myOrder?email=t***@example.com',
      '/api/myOrder?email=t***@example.com',
      '/api/myOrder?email=t***@example.com',
      '/api/user/t***@example.com',
    ]);
  });

  it('when requests are answered, then each logs one line at info: method, URL, status, time and request id', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/products?limit=2' });
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { cardNumber: '4242424242424242' },
    });
    const logged = entries();
    expect(logged).toHaveLength(3);
    expect(logged.map(({ level, msg, method, url, statusCode }) => ({ level, msg, method, url, statusCode }))).toEqual([
      { level: 30, msg: 'request answered', method: 'GET', url: '/api/products?limit=2', statusCode: 200 },
      { level: 30, msg: 'request answered', method: 'GET', url: '/api/no-such-route', statusCode: 404 },
      { level: 30, msg: 'request answered', method: 'POST', url: '/api/create-payment-intent', statusCode: 401 },
    ]);
    for (const entry of logged) {
      expect(entry.reqId).toEqual(expect.any(String));
      expect(entry.responseTime).toEqual(expect.any(Number));
    }
    expect(new Set(logged.map((entry) => entry.reqId)).size).toBe(3);
    expect(lines.join('\n')).not.toContain('4242');
  });

  it('when a query fails with customer data among its values, then the error is logged without them', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/test/failing-query/ann.buyer%40example.com' });
    expect(response.statusCode).toBe(500);
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure?.err?.message).toMatch(/^Failed query: select \$1::text/);
    expect(failure?.err?.message).toContain('params: (not logged)');
    expect(logged()).toContain('a***@example.com');
    expect(logged()).not.toMatch(/ann\.buyer|555 0100/);
  });

  it('when Fastify writes a URL into a message, then the address in it is masked too', async () => {
    lines.length = 0;
    app.log.warn('Reply was already sent in the "/api/user/tom.rider@example.com" (GET) route');
    expect(logged()).toContain('/api/user/t***@example.com');
    expect(logged()).not.toContain('tom.rider');
  });
});
