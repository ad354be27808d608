import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { CatalogueCache } from '../catalogue/cache.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { plainError } from '../http/error-handler.js';
import type { PageHeads } from '../http/web-app.js';
import { createProductRepository } from '../products/repository.js';
import { createVehicleRepository } from '../vehicles/repository.js';
import { createPartPageHead } from './part-head.js';
import { createSitemapRepository } from './repository.js';
import { robotsTxt } from './robots.js';
import { SITEMAP_PAGES_PATH, createSitemaps, type SitemapBody, type SitemapLimits } from './sitemap.js';

/** Crawlers come back for these now and then; an hour keeps a CDN useful and a new part soon listed. */
const CACHE_CONTROL = 'public, max-age=3600';
/** Outside the API: neither in its OpenAPI document nor under its rate limit, like the web app's files. */
const OUTSIDE_THE_API = { schema: { hide: true } } as const;

export interface SeoRoutesOptions {
  db: Database;
  publicUrl: string;
  /** The protocol's limits unless a test wants the index (or several reads per file) sooner. */
  sitemapLimits?: SitemapLimits;
}

const sendXml = (reply: FastifyReply, body: SitemapBody) =>
  reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(body);

/** `/robots.txt`, `/sitemap.xml` and the sitemap files it may point to. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { db, publicUrl, sitemapLimits }) => {
  const robots = robotsTxt(publicUrl);
  const sitemaps = createSitemaps({ parts: createSitemapRepository(db), publicUrl, ...sitemapLimits });

  app.get('/robots.txt', OUTSIDE_THE_API, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
  );
  app.get('/sitemap.xml', OUTSIDE_THE_API, async (_request, reply) => sendXml(reply, await sitemaps.root()));
  app.get(SITEMAP_PAGES_PATH, OUTSIDE_THE_API, (_request, reply) => sendXml(reply, sitemaps.pages()));
  // A file number is written without leading zeros, so that each file has one address.
  app.get<{ Params: { file: string } }>(
    '/sitemap-parts-:file(^[1-9]\\d{0,5}).xml',
    OUTSIDE_THE_API,
    async (request, reply) => {
      const body = await sitemaps.partsFile(Number(request.params.file));
      return body === undefined ? plainError(reply, 404) : sendXml(reply, body);
    },
  );
};

/**
 * What search engines read: the crawling routes, registered here, and the part page's own head
 * (title, description, canonical link, JSON-LD), answered for the web app to serve (registerWebApp).
 */
export async function registerSeo(
  app: FastifyInstance,
  { config, db, cache }: { config: Config; db: Database; cache: CatalogueCache },
): Promise<PageHeads> {
  await app.register(seoRoutes, { db, publicUrl: config.publicUrl });
  return {
    part: createPartPageHead({
      products: createProductRepository(db),
      vehicles: createVehicleRepository(db),
      cache,
      publicUrl: config.publicUrl,
      store: config.store,
    }),
  };
}
