import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_PAGE_PATHS } from '../../contract/pages.examples.js';
import { createTestApp, testConfig, type TestApp } from '../test/app.js';
import { securityHeaders } from './security.js';

/** What an older build shipped as web/public/robots.txt; the server now writes its own (server/seo). */
const STALE_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/** A miniature build: what Vite writes to dist/web, with the placeholders the server fills in. */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'brakehouse-web-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'images'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><meta name="brakehouse-config" content="" /><title>%STORE_NAME%</title></head><body><div id="root"></div></body></html>',
  );
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), script);
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'images', 'part.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(root, 'robots.txt'), STALE_ROBOTS_TXT);
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbC123.js', isEntry: true, imports: ['_framework-X.js'] },
      '_framework-X.js': { file: 'assets/framework-X.js' },
      'src/routes/blog.tsx': { file: 'assets/blog-Y.js', imports: ['_framework-X.js', 'index.html'] },
    }),
  );
  return root;
}

/** The app serving a fake build, for the tests of one describe block. */
function serveFakeBuild(env: Record<string, string>) {
  const served = { t: undefined as unknown as TestApp, webRoot: '' };
  beforeAll(async () => {
    served.webRoot = fakeWebBuild();
    served.t = await createTestApp({ webRoot: served.webRoot, env });
  });
  afterAll(async () => {
    await served.t.close();
    rmSync(served.webRoot, { recursive: true, force: true });
  });
  return served;
}

describe('serving the web app', () => {
  const served = serveFakeBuild({
    STORE_NAME: 'Brake & "Co"',
    STORE_CONTACT_EMAIL: 'hello@shop.example',
    STORE_CURRENCY: 'EUR',
    STORE_TAX_RATE: '19',
  });

  const expectTheApp = (response: Awaited<ReturnType<typeof served.t.app.inject>>) => {
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  };

  it.each([
    '/',
    '/home',
    '/blog',
    '/auth/popup-done',
    '/dashboard',
    '/dashboard/myOrder',
    '/dashboard/payment/5f1d7c1e-0000-4000-8000-000000000002',
    '/products/5f1d7c1e-0000-4000-8000-000000000001',
    '/products/any-one-segment',
    '/blog/',
    '/Dashboard/MYORDER',
    '/login?from=%2Fdashboard',
  ])('when the page %s is opened, then 200 and the app, never cached', async (url) => {
    const response = await served.t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expectTheApp(response);
  });

  it.each(UNKNOWN_PAGE_PATHS)(
    'when the path %s is no page, then 404 and the app, which draws its not-found screen',
    async (url) => {
      const response = await served.t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expectTheApp(response);
      const head = await served.t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(404);
      expect(head.headers['content-type']).toMatch(/text\/html/);
    },
  );

  it('when index.html is served, then it carries the store settings, HTML-escaped', async () => {
    const { body } = await served.t.app.inject({ method: 'GET', url: '/' });
    expect(body).toContain('<title>Brake &amp; &quot;Co&quot;</title>');
    const content = /name="brakehouse-config" content="([^"]*)"/.exec(body)?.[1] ?? '';
    const config = JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    expect(config).toEqual({
      name: 'Brake & "Co"',
      contactEmail: 'hello@shop.example',
      currency: 'EUR',
      taxRate: 19,
      googleSignIn: false,
    });
  });

  it('when a hashed asset is asked for, then it is cached as immutable and sent precompressed', async () => {
    const response = await served.t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('when an unhashed file is asked for, then it is cached for a short time only', async () => {
    const response = await served.t.app.inject({ method: 'GET', url: '/images/part.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('when an unknown API path is asked for, then the JSON 404 rather than the app', async () => {
    for (const url of ['/api/unknown', '/api/products/x/y', '/api/robots.txt']) {
      const response = await served.t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it.each([
    '/assets/index-missing.js',
    '/favicon.png',
    '/wp-login.php',
    '/.env',
    '/.git/config',
    '/.well-known/security.txt',
    '/images/missing.svg',
  ])('when the missing file %s is asked for, then a plain-text 404, neither the app nor the API JSON', async (url) => {
    const response = await served.t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('Not Found');
  });

  it("when the build ships a robots.txt, then the server's own answers, naming the sitemap (server/seo/crawling.test.ts checks its rules)", async () => {
    const response = await served.t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toBe(STALE_ROBOTS_TXT);
    expect(response.body).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
  });

  it('when any kind of answer goes out (page, asset, API, refusal, 404), then it carries every security header', async () => {
    const requests = [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } },
      { method: 'GET', url: '/images/part.svg' },
      { method: 'GET', url: '/api/products?limit=6' },
      { method: 'GET', url: '/api/products?limit=banana' },
      { method: 'GET', url: '/api/myOrder' },
      { method: 'GET', url: '/api/unknown' },
      { method: 'POST', url: '/api/myOrder', payload: '{"broken' },
      { method: 'GET', url: '/favicon.png' },
      { method: 'GET', url: '/api/products/%zz' },
      { method: 'GET', url: `/api/products/${'a'.repeat(201)}` },
    ] as const;
    const expected = securityHeaders(testConfig({}));
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    const statuses = new Set<number>();
    for (const request of requests) {
      const response = await served.t.app.inject(request);
      statuses.add(response.statusCode);
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers[name], `${request.method} ${request.url}: ${name}`).toBe(value);
      }
    }
    expect([...statuses].sort()).toEqual([200, 400, 401, 404, 414]);
  });

  it('when a page is opened, then the HTML names the chunks that page runs, so they load in parallel', async () => {
    const blog = (await served.t.app.inject({ method: 'GET', url: '/blog' })).body;
    expect(blog).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/framework-X.js" />',
    );
    expect(blog).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/blog-Y.js" />');
    const other = (await served.t.app.inject({ method: 'GET', url: '/portfolio' })).body;
    expect(other).toContain('href="/assets/framework-X.js"');
    expect(other).not.toContain('blog-Y.js');
  });

  it('when the build manifest is asked for, then 404: it is for the server only', async () => {
    const response = await served.t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
  });

  it('when a page is POSTed to, then a plain-text 404 (pages are GET only)', async () => {
    const response = await served.t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('serving the web app when Stripe takes the payments', () => {
  const served = serveFakeBuild({
    STRIPE_SECRET_KEY: 'sk_test_never_in_a_page',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_meant_for_pages',
    STRIPE_WEBHOOK_SECRET: 'whsec_never_in_a_page',
  });

  it('when index.html is served, then it carries the publishable key and no secret', async () => {
    const { body } = await served.t.app.inject({ method: 'GET', url: '/dashboard/payment/x' });
    expect(body).toContain('pk_test_meant_for_pages');
    expect(body).not.toMatch(/sk_test|whsec_/);
  });

  it('when any page is served, then the CSP lets Stripe.js and its card frames in, and still no inline script', async () => {
    const csp = String((await served.t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .find((part) => part.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('script-src')).toBe("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(directive('frame-src')).toBe(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    );
    expect(directive('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });
});
