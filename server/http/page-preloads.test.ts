import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MODULE, pageLayouts, pages } from '../../contract/index.js';
import { preloadTags, type ViteManifest } from './page-preloads.js';

/** A manifest shaped like Vite's: an entry, a shared framework chunk, pages, a layout, the not-found screen. */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js', '_shared-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_framework-1.js'] },
  'src/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_shared-1.js', 'index.html'] },
  'src/routes/login.tsx': { file: 'assets/login-1.js', imports: ['_form-1.js', 'index.html'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_framework-1.js'] },
  'src/routes/dashboard/layout.tsx': { file: 'assets/layout-1.js', imports: ['index.html'] },
  'src/routes/dashboard/payment.tsx': { file: 'assets/payment-1.js', imports: ['_form-1.js', 'index.html'] },
  'src/routes/not-found.tsx': { file: 'assets/not-found-1.js', imports: ['index.html'] },
};

const hrefs = (tags: string) =>
  [...tags.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)" \/>/g)].map((m) => m[1]);

describe('page preloads', () => {
  it('when / is sent, then its page chunk and the entry chunks are named, each once, and its banner image', () => {
    const tags = preloadTags(manifest, '/');
    expect(hrefs(tags)).toEqual(['/assets/framework-1.js', '/assets/shared-1.js', '/assets/home-1.js']);
    expect(tags).toContain(
      '<link rel="preload" as="image" href="/images/banners/banner-1.svg" fetchpriority="high" />',
    );
  });

  it('when /login is sent, then the chunks its form needs are named, and no image', () => {
    const tags = preloadTags(manifest, '/login');
    expect(hrefs(tags)).toEqual([
      '/assets/framework-1.js',
      '/assets/shared-1.js',
      '/assets/login-1.js',
      '/assets/form-1.js',
    ]);
    expect(tags).not.toContain('as="image"');
  });

  it("when a page inside a layout is sent, then the layout's chunks and the page's own are named", () => {
    expect(hrefs(preloadTags(manifest, '/dashboard/payment/some-order'))).toEqual([
      '/assets/framework-1.js',
      '/assets/shared-1.js',
      '/assets/layout-1.js',
      '/assets/payment-1.js',
      '/assets/form-1.js',
    ]);
  });

  it("when a path no page has is sent, then the entry chunks and the not-found screen's are named", () => {
    for (const url of ['/no/such/page', '/products/a/b', '/dashboard/payment']) {
      expect(hrefs(preloadTags(manifest, url)), url).toEqual([
        '/assets/framework-1.js',
        '/assets/shared-1.js',
        '/assets/not-found-1.js',
      ]);
    }
    // The entry's own <script> asks for the entry: it is never preloaded twice.
    expect(preloadTags(manifest, '/')).not.toContain('index-1.js');
  });

  it('when the manifest has no entry (not a Vite build), then nothing is added', () => {
    expect(preloadTags({}, '/')).toBe('');
  });

  it.each([...Object.values(pages), ...Object.values(pageLayouts)].map((page) => [page.module] as const))(
    'the route module %s of the page table exists in web/ (a renamed module must be renamed there too)',
    (module) => {
      expect(existsSync(path.join('web', module))).toBe(true);
    },
  );

  it("the not-found screen's module exists in web/", () => {
    expect(existsSync(path.join('web', NOT_FOUND_MODULE))).toBe(true);
  });
});
