import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Vite's build manifest (dist/web/.vite/manifest.json): for each source module its output file, the
 * chunks it imports statically, and its CSS.
 */
export interface ViteManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestEntry>;

/**
 * The web app's pages: the route module each one shows first (web/src/app/router.tsx), as the
 * manifest names it, and the largest picture worth asking for before the scripts that show it have
 * run. A page not listed here still works; it only loads its chunks one hop later.
 */
interface Page {
  path: RegExp;
  module: string;
  image?: string;
}
export const PAGE_MODULES: readonly Page[] = [
  { path: /^\/(home)?$/, module: 'src/routes/home.tsx', image: '/images/banners/banner-1.svg' },
  { path: /^\/blog$/, module: 'src/routes/blog.tsx' },
  { path: /^\/portfolio$/, module: 'src/routes/portfolio.tsx' },
  { path: /^\/login$/, module: 'src/routes/login.tsx' },
  { path: /^\/register$/, module: 'src/routes/register.tsx' },
  { path: /^\/products\/[^/]+$/, module: 'src/routes/product.tsx' },
  { path: /^\/dashboard(\/.*)?$/, module: 'src/routes/dashboard/layout.tsx' },
];

const ENTRY = 'index.html';

export function readViteManifest(webRoot: string): ViteManifest | undefined {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : undefined;
}

/** The files a module needs before it can run: its own, and its static imports', depth first. */
function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((name) => staticClosure(manifest, name, seen))];
}

/**
 * The `<link>` tags that let the browser fetch a page's scripts (and its first picture) in parallel
 * with the entry script, instead of discovering them one import at a time: the entry's chunks, and
 * the page module's when it is a listed page.
 */
function tagsFor(manifest: ViteManifest, page: Page | undefined): string {
  const entry = manifest[ENTRY];
  if (!entry) return '';
  const files = new Set(staticClosure(manifest, ENTRY));
  if (page) for (const file of staticClosure(manifest, page.module)) files.add(file);
  files.delete(entry.file); // the page's own <script> asks for it
  return [
    ...(page?.image ? [`<link rel="preload" as="image" href="${page.image}" fetchpriority="high" />`] : []),
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('');
}

const pageFor = (urlPath: string) => PAGE_MODULES.find((page) => page.path.test(urlPath));

/** The preload tags for the page at `urlPath`. */
export const preloadTags = (manifest: ViteManifest, urlPath: string) => tagsFor(manifest, pageFor(urlPath));

/**
 * index.html for each page with its preload tags, built once at start; answers the HTML for a URL
 * path. Without a manifest (not a Vite build), index.html as it is.
 */
export function pageHtmlFor(indexHtml: string, manifest: ViteManifest | undefined): (urlPath: string) => string {
  if (!manifest) return () => indexHtml;
  const withTags = (page: Page | undefined) => indexHtml.replace('</head>', `${tagsFor(manifest, page)}</head>`);
  const pages = new Map<Page | undefined, string>([
    [undefined, withTags(undefined)],
    ...PAGE_MODULES.map((page) => [page, withTags(page)] as const),
  ]);
  return (urlPath) => pages.get(pageFor(urlPath)) ?? indexHtml;
}
