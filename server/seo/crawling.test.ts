import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema.js';
import { securityHeaders } from '../http/security.js';
import { createTestApp, testConfig, type TestApp } from '../test/app.js';
import { buildProduct } from '../test/factories.js';
import { fakeWebBuild, urlsetLocations } from './test-support.js';

const PUBLIC_URL = 'https://brakes.example';

/** Whether robots.txt lets a crawler fetch the path (RFC 9309: the longest matching rule wins). */
function allowedBy(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, kind, prefix = '']) => ({ allow: kind === 'Allow', prefix }))
    .filter(({ prefix }) => prefix !== '' && path.startsWith(prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow));
  return rules[0]?.allow ?? true;
}

describe('what crawlers are told: /robots.txt and /sitemap.xml', () => {
  let t: TestApp;
  let build: ReturnType<typeof fakeWebBuild>;
  beforeAll(async () => {
    build = fakeWebBuild();
    t = await createTestApp({ seed: true, webRoot: build.root, env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    build.remove();
  });

  const open = (url: string) => t.app.inject({ method: 'GET', url });
  const allParts = () =>
    t.db.select({ id: products.id, createdAt: products.createdAt }).from(products).orderBy(asc(products.seq));

  it("when a crawler reads /robots.txt, then the shop is open but the API, the dashboard, the login-guarded purchase page, the popup landing and the catalogue's endless search variants, and the sitemap is named on PUBLIC_URL", async () => {
    const response = await open('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const robots = response.body;
    // The server's own answer, not the stale copy the build ships.
    expect(robots).not.toBe('User-agent: *\nDisallow: /\n');
    expect(robots.split('\n')[0]).toBe('User-agent: *');
    expect(robots).toContain(`\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
    const [part] = await allParts();
    for (const path of ['/', '/home', '/parts', `/parts/${part?.id}`, '/blog', '/portfolio', '/login', '/register']) {
      expect(allowedBy(robots, path), path).toBe(true);
    }
    for (const path of [
      '/api/products',
      '/api/catalogue?q=pads',
      '/dashboard',
      '/dashboard/myOrder',
      '/products/5f1d7c1e-0000-4000-8000-000000000001',
      '/auth/popup-done',
      '/parts?q=pads&sort=price-asc',
      '/parts?page=2',
    ]) {
      expect(allowedBy(robots, path), path).toBe(false);
    }
  });

  it('when a crawler reads /sitemap.xml, then it lists the public pages and every part on PUBLIC_URL, each part with the day it was added', async () => {
    const response = await open('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const urls = urlsetLocations(response.body);
    const parts = await allParts();
    expect(parts.length).toBeGreaterThanOrEqual(60);
    expect(urls).toEqual([
      { loc: `${PUBLIC_URL}/` },
      { loc: `${PUBLIC_URL}/blog` },
      { loc: `${PUBLIC_URL}/portfolio` },
      { loc: `${PUBLIC_URL}/parts` },
      ...parts.map((part) => ({ loc: `${PUBLIC_URL}/parts/${part.id}`, lastmod: part.createdAt.toISOString() })),
    ]);
  });

  it('when every address of the sitemap is opened, then each answers 200, and robots.txt lets each be crawled', async () => {
    const robots = (await open('/robots.txt')).body;
    const urls = urlsetLocations((await open('/sitemap.xml')).body);
    for (const { loc } of urls) {
      const path = loc.slice(PUBLIC_URL.length);
      expect((await open(path)).statusCode, path).toBe(200);
      expect(allowedBy(robots, path), path).toBe(true);
    }
  });

  it('when a part is added, then the next sitemap lists it, last', async () => {
    const part = await buildProduct(t.db);
    const urls = urlsetLocations((await open('/sitemap.xml')).body);
    expect(urls.at(-1)?.loc).toBe(`${PUBLIC_URL}/parts/${part._id}`);
  });

  it('when the parts file or the pages file is asked for directly, then it answers with its part of the list', async () => {
    const pages = urlsetLocations((await open('/sitemap-pages.xml')).body).map(({ loc }) => loc);
    expect(pages).toEqual(['/', '/blog', '/portfolio', '/parts'].map((path) => `${PUBLIC_URL}${path}`));
    const partUrls = urlsetLocations((await open('/sitemap-parts-1.xml')).body);
    expect(partUrls).toHaveLength((await allParts()).length);
    expect((await open('/sitemap-parts-2.xml')).statusCode).toBe(404);
  });

  it.each(['/sitemap-parts-0.xml', '/sitemap-parts-01.xml', '/sitemap-parts-x.xml', '/sitemap.xml.gz'])(
    'when %s is asked for, then a plain 404',
    async (url) => {
      const response = await open(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    },
  );

  it('when a crawler asks for the sitemap compressed or with HEAD, then it gets it so', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('when robots.txt and the sitemaps are answered, then they carry every security header', async () => {
    const expected = securityHeaders(testConfig({ PUBLIC_URL }));
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemap-pages.xml', '/sitemap-parts-1.xml']) {
      const response = await open(url);
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name], `${url}: ${name}`).toBe(value);
    }
  });

  it('when robots.txt or the sitemap is registered, then the API document does not list it: they are not the API', async () => {
    const document = (await open('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });
});
