import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_MODULE, findPage, pageLayouts, pages, type Page, type PageName } from '../../contract/index.js';

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

const ENTRY = 'index.html';

export function readViteManifest(webRoot: string): ViteManifest | undefined {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : undefined;
}

/**
 * The route modules the app runs first at a page (its layout's, then its own), as the manifest names
 * them, and the picture worth asking for before they have run. At a path no page has, the not-found
 * screen's module.
 */
function firstLoadOf(page: PageName | undefined): { modules: string[]; image?: string } {
  if (page === undefined) return { modules: [NOT_FOUND_MODULE] };
  const { layout, module, image }: Page = pages[page];
  return { modules: layout ? [pageLayouts[layout].module, module] : [module], image };
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
 * those of the page's route modules. At low priority: module scripts never block the first paint
 * (index.html paints the navbar's frame with the stylesheet alone), so the stylesheet goes first
 * rather than sharing a slow line with 100 KB of them; Lighthouse too counts a high-priority script
 * that arrived before the first paint as holding it up (decision 0032).
 */
function tagsFor(manifest: ViteManifest, page: PageName | undefined): string {
  const entry = manifest[ENTRY];
  if (!entry) return '';
  const { modules, image } = firstLoadOf(page);
  const files = new Set(staticClosure(manifest, ENTRY));
  for (const module of modules) for (const file of staticClosure(manifest, module)) files.add(file);
  files.delete(entry.file); // the page's own <script> asks for it
  return [
    ...(image ? [`<link rel="preload" as="image" href="${image}" fetchpriority="high" />`] : []),
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}" />`),
  ].join('');
}

/** The preload tags for the page at `urlPath`. */
export const preloadTags = (manifest: ViteManifest, urlPath: string) => tagsFor(manifest, findPage(urlPath));

/**
 * index.html for each page of the page table (and for a path no page has) with its preload tags,
 * built once at start. Without a manifest (not a Vite build), index.html as it is.
 */
export function pageHtmlFor(
  indexHtml: string,
  manifest: ViteManifest | undefined,
): (page: PageName | undefined) => string {
  if (!manifest) return () => indexHtml;
  const withTags = (page: PageName | undefined) => indexHtml.replace('</head>', `${tagsFor(manifest, page)}</head>`);
  const notFound = withTags(undefined);
  const html = new Map((Object.keys(pages) as PageName[]).map((page) => [page, withTags(page)]));
  return (page) => (page === undefined ? notFound : (html.get(page) ?? notFound));
}
