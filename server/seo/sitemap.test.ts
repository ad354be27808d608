import { Readable } from 'node:stream';
import { asc } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema.js';
import { seedCatalogueOnce } from '../db/seed.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import type { PartEntry, SitemapRepository } from './repository.js';
import { seoRoutes } from './routes.js';
import { createSitemaps, escapeXml, URLS_PER_SITEMAP, type SitemapBody } from './sitemap.js';
import { urlsetLocations } from './test-support.js';

const PUBLIC_URL = 'https://brakes.example';
const PAGES = ['/', '/blog', '/portfolio', '/parts'].map((path) => `${PUBLIC_URL}${path}`);

const textOf = async (body: SitemapBody | undefined) => {
  if (body === undefined) throw new Error('no sitemap');
  if (!(body instanceof Readable)) return body;
  let text = '';
  for await (const chunk of body) text += String(chunk);
  return text;
};

const indexLocations = (xml: string) => {
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n(?:<sitemap><loc>[^<]+<\/loc><\/sitemap>\n)+<\/sitemapindex>\n$/,
  );
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
};

/** Parts in memory, their `seq` with gaps (as after deletions); records how many rows each read asked for. */
function partsInMemory(count: number) {
  const rows: PartEntry[] = Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    seq: index * 3 + 1,
    createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
  }));
  const asked: number[] = [];
  const repository: SitemapRepository = {
    countParts: async () => rows.length,
    seqAt: async (position) => rows[position]?.seq,
    partsFrom: async (fromSeq, limit) => {
      asked.push(limit);
      return rows.filter((row) => fromSeq === undefined || row.seq >= fromSeq).slice(0, limit);
    },
  };
  return { rows, asked, repository, partUrls: rows.map((row) => `${PUBLIC_URL}/parts/${row.id}`) };
}

describe('the sitemaps, cut into files', () => {
  it('when the pages and parts just fit one file, then /sitemap.xml lists them all; one more part, and it is an index', async () => {
    const fits = partsInMemory(10 - PAGES.length);
    const one = createSitemaps({ parts: fits.repository, publicUrl: PUBLIC_URL, urlsPerFile: 10 });
    expect(urlsetLocations(await textOf(await one.root())).map(({ loc }) => loc)).toEqual([...PAGES, ...fits.partUrls]);

    const over = partsInMemory(10 - PAGES.length + 1);
    const index = createSitemaps({ parts: over.repository, publicUrl: PUBLIC_URL, urlsPerFile: 10 });
    expect(indexLocations(await textOf(await index.root()))).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      `${PUBLIC_URL}/sitemap-parts-1.xml`,
    ]);
  });

  it('when parts fill several files, then each file holds at most its share, together every part once, in order, read a page at a time', async () => {
    const memory = partsInMemory(25);
    const sitemaps = createSitemaps({
      parts: memory.repository,
      publicUrl: PUBLIC_URL,
      urlsPerFile: 10,
      readPageSize: 3,
    });
    expect(indexLocations(await textOf(await sitemaps.root()))).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      ...[1, 2, 3].map((file) => `${PUBLIC_URL}/sitemap-parts-${file}.xml`),
    ]);
    expect(urlsetLocations(await textOf(sitemaps.pages())).map(({ loc }) => loc)).toEqual(PAGES);
    const files = [];
    for (const file of [1, 2, 3]) files.push(urlsetLocations(await textOf(await sitemaps.partsFile(file))));
    expect(files.map((file) => file.length)).toEqual([10, 10, 5]);
    expect(files.flat()).toEqual(
      memory.rows.map((row, index) => ({ loc: memory.partUrls[index], lastmod: row.createdAt.toISOString() })),
    );
    expect(Math.max(...memory.asked)).toBeLessThanOrEqual(3);
    expect(await sitemaps.partsFile(4)).toBeUndefined();
  });

  it('when the public address holds characters XML reserves, then they are escaped', async () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    const sitemaps = createSitemaps({ parts: partsInMemory(1).repository, publicUrl: 'https://shop.example/?a=1&b=2' });
    const xml = await textOf(await sitemaps.root());
    expect(xml).toContain('<loc>https://shop.example/?a=1&amp;b=2/parts</loc>');
    expect(xml).not.toMatch(/&(?!amp;)/);
  });

  it.each([0, 1.5, URLS_PER_SITEMAP + 1])(
    'when a file is to hold %s addresses, then that is refused',
    (urlsPerFile) => {
      expect(() => createSitemaps({ parts: partsInMemory(0).repository, publicUrl: PUBLIC_URL, urlsPerFile })).toThrow(
        /urlsPerFile/,
      );
    },
  );
});

describe('the sitemap index over HTTP, on the sample catalogue, with files of 10 addresses', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalogueOnce(database.db);
    app = Fastify();
    await app.register(seoRoutes, {
      db: database.db,
      publicUrl: PUBLIC_URL,
      sitemapLimits: { urlsPerFile: 10, readPageSize: 4 },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const open = (url: string) => app.inject({ method: 'GET', url });

  it('when /sitemap.xml is read, then it points to the pages file and numbered part files that together list every part once', async () => {
    const parts = await database.db.select({ id: products.id }).from(products).orderBy(asc(products.seq));
    const index = await open('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const files = indexLocations(index.body);
    expect(files).toHaveLength(1 + Math.ceil(parts.length / 10));

    const listed: string[] = [];
    for (const file of files) {
      const response = await open(String(file).slice(PUBLIC_URL.length));
      expect(response.statusCode, file).toBe(200);
      const urls = urlsetLocations(response.body).map(({ loc }) => loc);
      expect(urls.length, file).toBeLessThanOrEqual(10);
      listed.push(...urls);
    }
    expect(listed).toEqual([...PAGES, ...parts.map((part) => `${PUBLIC_URL}/parts/${part.id}`)]);
    expect((await open(`/sitemap-parts-${files.length}.xml`)).statusCode).toBe(404);
  });
});
