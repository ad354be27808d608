import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * For tests: a miniature of what Vite writes to dist/web, with the head the real index.html has
 * (the store's title and description), and a stale robots.txt as an old build of web/public had.
 */
export function fakeWebBuild(): { root: string; remove(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'brakehouse-seo-'));
  writeFileSync(
    path.join(root, 'index.html'),
    [
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
      '<meta\n      name="description"\n      content="Motorcycle brake parts, sold in workshop quantities."\n    />',
      '<meta name="brakehouse-config" content="" />',
      '<title>%STORE_NAME%</title>',
      '</head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
    ].join('\n'),
  );
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The addresses of a sitemap, checked to be one whole, well-formed urlset. */
export function urlsetLocations(xml: string): { loc: string; lastmod?: string }[] {
  const entry = '<url><loc>[^<&]*(?:&(?:amp|lt|gt|quot|apos);[^<&]*)*</loc>(?:<lastmod>[^<]+</lastmod>)?</url>\n';
  expect(xml).toMatch(
    new RegExp(
      `^<\\?xml version="1.0" encoding="UTF-8"\\?>\\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\\n(?:${entry})*</urlset>\\n$`,
    ),
  );
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
    ([, loc = '', lastmod]) => ({ loc: loc.replace(/&amp;/g, '&'), ...(lastmod && { lastmod }) }),
  );
}
