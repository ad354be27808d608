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
 * The web app's pages and the route module each one shows first (web/src/app/router.tsx), as the
 * manifest names them. A page not listed here still works; it only loads its chunks one hop later.
 */
export const PAGE_MODULES: ReadonlyArray<{ path: RegExp; module: string }> = [
  { path: /^\/(home)?$/, module: 'src/routes/home.tsx' },
  { path: /^\/blog$/, module: 'src/routes/blog.tsx' },
  { path: /^\/portfolio$/, module: 'src/routes/portfolio.tsx' },
  { path: /^\/login$/, module: 'src/routes/login.tsx' },
  { path: /^\/register$/, module: 'src/routes/register.tsx' },
  { path: /^\/products\/[^/]+$/, module: 'src/routes/product.tsx' },
  { path: /^\/dashboard(\/.*)?$/, module: 'src/routes/dashboard/layout.tsx' },
];

/** Largest image of a page, worth asking for before the scripts that will show it have run. */
const PAGE_IMAGES: ReadonlyArray<{ path: RegExp; image: string }> = [
  { path: /^\/(home)?$/, image: '/images/banners/banner-1.svg' },
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
 * The `<link>` tags that let the browser fetch a page's scripts (and its first image) in parallel
 * with the entry script, instead of discovering them one import at a time: for a page, the entry's
 * chunks and the page module's chunks; for any other page, the entry's alone.
 */
export function preloadTags(manifest: ViteManifest, urlPath: string): string {
  const entry = manifest[ENTRY];
  if (!entry) return '';
  const page = PAGE_MODULES.find((candidate) => candidate.path.test(urlPath));
  const files = new Set(staticClosure(manifest, ENTRY));
  if (page) for (const file of staticClosure(manifest, page.module)) files.add(file);
  files.delete(entry.file); // the page's own <script> asks for it
  const image = PAGE_IMAGES.find((candidate) => candidate.path.test(urlPath))?.image;
  return [
    ...(image ? [`<link rel="preload" as="image" href="${image}" fetchpriority="high" />`] : []),
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('');
}
