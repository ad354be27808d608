import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STORE_CONFIG_META, findPage, type PageName, type StoreConfig } from '../../contract/index.js';
import { isApiUrl, jsonNotFound, plainError } from './error-handler.js';
import { pageHtmlFor, readViteManifest } from './page-preloads.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the store's settings filled in: read once at start, never cached by browsers. */
export function renderIndexHtml(template: string, store: StoreConfig): string {
  return template
    .replace(
      `<meta name="${STORE_CONFIG_META}" content="" />`,
      `<meta name="${STORE_CONFIG_META}" content="${escapeHtml(JSON.stringify(store))}" />`,
    )
    .replaceAll('%STORE_NAME%', escapeHtml(store.name));
}

/**
 * A path that names a file rather than a page: its last segment has an extension, or one of its
 * segments starts with a dot (`/.env`, `/.git/config`).
 */
const namesAFile = (urlPath: string) => path.posix.extname(urlPath) !== '' || urlPath.includes('/.');

/**
 * A page whose head says what it shows (the part page: its title, description, canonical link and
 * JSON-LD, server/seo): given the page's HTML and the URL path, that HTML with its own head, or
 * undefined when there is nothing at that address (then 404, with the page's HTML as it is).
 */
export type PageHead = (pageHtml: string, urlPath: string) => Promise<string | undefined>;
/** The pages that have a head of their own, by name. */
export type PageHeads = Partial<Record<PageName, PageHead>>;

/** Files of the build the server answers itself (server/seo): a copy in web/public must not shadow them. */
const SERVER_MADE_FILES = ['robots.txt', 'sitemap.xml'];

/**
 * Serves the built web app: hashed files under /assets as immutable (precompressed .br/.gz when
 * the build made them), other files for an hour, and every page path with index.html so that deep
 * links work: 200 at the pages of the contract's page table, 404 at any other page path (the app
 * draws its not-found screen there, and search engines and monitors see what it is). Unknown /api
 * paths answer the API's JSON 404; missing files (and anything but GET or HEAD outside the API) a
 * plain-text 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  store: StoreConfig,
  heads: PageHeads = {},
) {
  const indexFile = webRoot && path.join(webRoot, 'index.html');
  const indexHtml =
    indexFile && existsSync(indexFile) ? renderIndexHtml(readFileSync(indexFile, 'utf8'), store) : undefined;
  // Each page's HTML (with its preloads) is built here, once.
  const pageHtml =
    indexHtml === undefined ? undefined : pageHtmlFor(indexHtml, webRoot ? readViteManifest(webRoot) : undefined);

  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      globIgnore: SERVER_MADE_FILES,
      // index.html is sent filled in (below); the build manifest is the server's, not the browser's.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      setHeaders: (res, filePath) => {
        const relative = path.relative(webRoot, filePath);
        res.setHeader('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : SHORT);
      },
    });
  }

  const sendPage = async (reply: FastifyReply, urlPath: string) => {
    const page = findPage(urlPath);
    const html = pageHtml?.(page);
    const head = page && heads[page];
    const withHead = head && html !== undefined ? await head(html, urlPath) : html;
    return reply
      .code(page === undefined || withHead === undefined ? 404 : 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withHead ?? html);
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiUrl(url)) return jsonNotFound(reply);
    const wantsPage =
      indexHtml !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (!namesAFile(url) || url === '/index.html');
    return wantsPage ? sendPage(reply, url) : plainError(reply, 404);
  });
}
