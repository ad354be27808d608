import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, preloadTags, type ViteManifest } from './page-preloads.js';

/** A manifest shaped like Vite's: an entry, a shared framework chunk, two pages. */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js', '_shared-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_framework-1.js'] },
  'src/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_shared-1.js', 'index.html'] },
  'src/routes/login.tsx': { file: 'assets/login-1.js', imports: ['_form-1.js', 'index.html'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_framework-1.js'] },
};

const hrefs = (tags: string) =>
  [...tags.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

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

  it('when a page without its own module is sent, then the entry chunks alone are named', () => {
    expect(hrefs(preloadTags(manifest, '/no/such/page'))).toEqual(['/assets/framework-1.js', '/assets/shared-1.js']);
    // The entry's own <script> asks for the entry: it is never preloaded twice.
    expect(preloadTags(manifest, '/')).not.toContain('index-1.js');
  });

  it('when the manifest has no entry (not a Vite build), then nothing is added', () => {
    expect(preloadTags({}, '/')).toBe('');
  });

  it.each(PAGE_MODULES.map((page) => [page.module] as const))(
    'the page module %s exists in web/ (a renamed page must be renamed here too)',
    (module) => {
      expect(existsSync(path.join('web', module))).toBe(true);
    },
  );
});
