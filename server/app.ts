import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../contract/index.js';
import { createAdminOrderRepository } from './admin-orders/repository.js';
import { adminOrderRoutes } from './admin-orders/routes.js';
import { createAdminOrderService } from './admin-orders/service.js';
import { createAccessTokens } from './auth/access-token.js';
import { createAttemptLimiter } from './auth/attempt-limiter.js';
import { createGuards } from './auth/guards.js';
import { createIdentity } from './auth/identity.js';
import { authRoutes } from './auth/routes.js';
import { resolveAuthSecret } from './auth/secret.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { COMPRESS_FROM_CHARS } from './catalogue/cached-json.js';
import { createCatalogueImport } from './catalogue-csv/import.js';
import { createCatalogueCsvRepository } from './catalogue-csv/repository.js';
import { createImportWriter } from './catalogue-csv/writer.js';
import { catalogueCsvRoutes } from './catalogue-csv/routes.js';
import { createSharedCatalogueCache } from './catalogue/shared-cache.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { createIndexedSearch } from './catalogue/index/indexed-search.js';
import { createCatalogueSearch, groupsCacheIn, sqlLexicon } from './catalogue/search.js';
import { createSynonymRepository } from './catalogue/synonyms/repository.js';
import { synonymRoutes } from './catalogue/synonyms/routes.js';
import { createSynonymService } from './catalogue/synonyms/service.js';
import { withBikeFromQuery } from './catalogue/bike-from-query.js';
import { createCartRepository } from './cart/repository.js';
import { cartRoutes } from './cart/routes.js';
import { createGarageRepository } from './garage/repository.js';
import { createIdempotencyKeys } from './orders/idempotency.js';
import { garageRoutes } from './garage/routes.js';
import { healthRoutes } from './health/routes.js';
import { serving, type Lifecycle } from './health/lifecycle.js';
import { connectionErrorHandler, installErrorHandler, routerErrorHandler } from './http/error-handler.js';
import { registerApiDocs } from './api-docs/openapi.js';
import { rejectNulCharacters } from './http/nul-guard.js';
import { recordRoutes } from './http/route-list.js';
import { RequestLog } from './http/logger.js';
import { registerSecurityHeaders, securityHeaders } from './http/security.js';
import { registerWebApp } from './http/web-app.js';
import { invoiceRoutes } from './invoices/routes.js';
import { createOutbox, type Outbox } from './mail/outbox.js';
import { renderMail } from './mail/templates.js';
import { createMailTransport, type MailTransport } from './mail/transport.js';
import { mediaFileRoutes, mediaUploadRoutes } from './media/routes.js';
import { cachedMediaStore } from './media/cache.js';
import { createDatabaseMediaStore } from './media/store.js';
import { createMediaSweep, type MediaSweep } from './media/sweep.js';
import { createOrderRepository } from './orders/repository.js';
import { orderRoutes } from './orders/routes.js';
import { createOrderService } from './orders/service.js';
import { paymentRoutes } from './payments/routes.js';
import { createSandboxGateway } from './payment-gateway/sandbox.js';
import { createPaymentService } from './payments/service.js';
import { createProductRepository } from './products/repository.js';
import { createProfileRepository } from './profile/repository.js';
import { profileRoutes } from './profile/routes.js';
import { productRoutes } from './products/routes.js';
import { createReviewRepository } from './reviews/repository.js';
import { reviewRoutes } from './reviews/routes.js';
import { registerSeo } from './seo/routes.js';
import { configuredAdmins, createConfiguredAdminAccounts } from './users/configured-admins.js';
import { createUserRepository } from './users/repository.js';
import { userRoutes } from './users/routes.js';
import { createVehicleRepository } from './vehicles/repository.js';
import { vehicleRoutes } from './vehicles/routes.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The built web app (dist/web); without it only the API is served. */
  webRoot?: string | undefined;
  /** The store's logger (`createLogger` in http/logger.ts), or `false` to log nothing. */
  logger: Logger | false;
  /** Set by the process when it is about to stop: health answers 503 so that balancers look elsewhere. */
  lifecycle?: Lifecycle;
  /**
   * E-mail: where messages go (by default SMTP_URL, or .eml files under DATA_DIR/mail) and whether
   * this instance's worker sends them once the app is ready (by default yes; tests send by hand).
   */
  mail?: { transport?: MailTransport; send?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail outbox's worker of this instance (server/mail/outbox.ts). */
    outbox: Outbox;
    /** Removes uploaded photos no part shows, past their grace (server/media/sweep.ts). */
    mediaSweep: MediaSweep;
  }
}

/** Body limit for JSON requests: far above any form of the store, far below a memory problem. */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp({ config, database, webRoot, logger, lifecycle = serving(), mail }: AppDependencies) {
  const app = Fastify({
    ...(logger && { loggerInstance: logger as FastifyBaseLogger }),
    // One line per request, when it is answered, instead of Fastify's two.
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: routerErrorHandler(securityHeaders(config)),
    clientErrorHandler: connectionErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  recordRoutes(app);
  app.decorateRequest('user', null);

  const secret = await resolveAuthSecret(database.db, config.authSecret);
  const admins = configuredAdmins(config.adminEmails);
  const identity = createIdentity({
    config,
    db: database.db,
    secret,
    admins,
    // The outbox is made below; a verification only comes once the app serves.
    onAddressVerified: (email) => app.outbox.addressVerified(email),
  });
  const createdAdmins = await createConfiguredAdminAccounts({
    db: database.db,
    emails: config.adminEmails,
    password: config.adminPassword,
    hashPassword: async (password) => (await identity.$context).password.hash(password),
  });
  if (createdAdmins.length > 0)
    app.log.info({ count: createdAdmins.length }, 'admin accounts created from ADMIN_EMAILS');
  const tokens = createAccessTokens({ secret, issuer: config.publicUrl, ttlMinutes: config.accessTokenTtlMinutes });
  const users = createUserRepository(database.db);
  const guards = createGuards({ tokens, users });
  // Redis's client and Stripe's SDK are loaded only when configured: some 250 ms of every start else.
  const redis = config.redisUrl
    ? await (await import('./http/redis.js')).connectRedis(app, config.redisUrl)
    : undefined;
  const attempts = createAttemptLimiter({
    max: config.authRateLimitPerMinute,
    redis,
    onRedisError: (error) => app.log.warn({ err: error }, 'redis: sign-in attempts not counted'),
  });
  // Stripe when its keys are set, otherwise the built-in sandbox: chosen once, here.
  const stripe =
    config.stripe && (await import('./payment-gateway/stripe.js')).createStripeGateway(config.stripe, app.log);
  const sandbox = stripe ? undefined : createSandboxGateway(database.db);
  const gateway = stripe ?? sandbox;
  if (!gateway) throw new Error('no payment gateway');
  const products = createProductRepository(database.db);
  const currency = config.store.currency;
  const cart = createCartRepository(database.db);
  const orderRepository = createOrderRepository(database.db);
  const orders = createOrderService({
    db: database.db,
    orders: orderRepository,
    products,
    cart,
    keys: createIdempotencyKeys(database.db),
    gateway,
    currency,
    shippingMethods: config.shippingMethods,
    taxRate: config.store.taxRate,
  });
  const payments = createPaymentService({ gateway, orders, currency, log: app.log });

  const cache = await createSharedCatalogueCache(app, config, database);
  // Photos are immutable: the hot ones are served from memory, not read from the database each time.
  const media = cachedMediaStore(createDatabaseMediaStore(database.db));
  const mediaSweep = createMediaSweep({ store: media, graceHours: config.mediaUnusedGraceHours, log: app.log });
  app.decorate('mediaSweep', mediaSweep);
  app.addHook('onReady', () => mediaSweep.start());
  app.addHook('onClose', () => mediaSweep.stop());

  // E-mails are queued by the changes that cause them and sent by this worker (and any other
  // instance's), after the app is ready and until it closes.
  const mailStore = {
    name: config.store.name,
    publicUrl: config.publicUrl,
    currency,
    contactEmail: config.store.contactEmail,
    shippingMethods: config.shippingMethods,
  };
  const outbox = createOutbox({
    db: database.db,
    transport: mail?.transport ?? createMailTransport(config.mail, app.log),
    render: (message) => renderMail(message, mailStore),
    from: config.mail.from,
    storeAddress: config.store.contactEmail,
    host: new URL(config.publicUrl).hostname,
    log: app.log,
  });
  app.decorate('outbox', outbox);
  if (mail?.send ?? true) app.addHook('onReady', () => outbox.start());
  app.addHook('onClose', () => outbox.stop());

  // Infrastructure first, then the application.
  registerSecurityHeaders(app, config);
  // Before compress, so that Swagger UI's 1.5 MB of script is not compressed again on every request.
  await registerApiDocs(app, { storeName: config.store.name, guards });
  await app.register(compress, { threshold: COMPRESS_FROM_CHARS });

  await app.register(
    async (api) => {
      rejectNulCharacters(api);
      if (config.rateLimitPerMinute > 0) {
        await api.register(rateLimit, {
          max: config.rateLimitPerMinute,
          timeWindow: '1 minute',
          ...(redis && { redis, nameSpace: 'brakehouse:requests:', skipOnError: true }),
        });
      }
      await api.register(reviewRoutes, { reviews: createReviewRepository(database.db), guards, cache });
      await api.register(profileRoutes, { profiles: createProfileRepository(database.db), guards });
      // What search knows of the catalogue's words; its synonym groups are read again on every write.
      const lexicon = sqlLexicon(database.db, cache);
      // Catalogue search: from the index this process keeps, the database's search until it is built.
      const databaseSearch = createCatalogueSearch(database.db, groupsCacheIn(cache), lexicon);
      const indexedSearch = config.searchIndex
        ? createIndexedSearch({ db: database.db, fallback: databaseSearch, lexicon, cache, log: app.log })
        : undefined;
      if (indexedSearch) {
        api.addHook('onReady', async () => {
          // The database's English stemming made ready before the store takes requests: PGlite loads
          // its dictionary on first use, some 100 ms of its thread (the store's).
          await lexicon.lexemes(['brakes']).catch(() => undefined);
          indexedSearch.start();
        });
        api.addHook('onClose', () => indexedSearch.stop());
      }
      const search = withBikeFromQuery(indexedSearch ?? databaseSearch, cache, database.db);
      await api.register(healthRoutes, { database, lifecycle, search });
      // A part's page comes from the index too while it has the part.
      await api.register(productRoutes, { products, guards, cache, catalogue: search });
      await api.register(catalogueRoutes, {
        search,
        cache,
        searchesAtOnce: config.searchesAtOncePerClient,
      });
      await api.register(vehicleRoutes, { vehicles: createVehicleRepository(database.db) });
      const catalogueCsv = createCatalogueCsvRepository(database.db);
      const importWriter = createImportWriter(database.kind, database.db, catalogueCsv);
      // An import cut short when the process stopped is taken back before the store serves.
      api.addHook('onReady', () => importWriter.recover());
      await api.register(catalogueCsvRoutes, {
        repository: catalogueCsv,
        importCatalogue: createCatalogueImport({ db: database.db, repository: catalogueCsv, writer: importWriter }),
        guards,
        cache,
      });
      await api.register(synonymRoutes, {
        synonyms: createSynonymService({
          groups: createSynonymRepository(database.db),
          stem: (words) => lexicon.lexemes(words),
        }),
        cache,
        guards,
      });
      await api.register(garageRoutes, { garage: createGarageRepository(database.db), guards });
      await api.register(cartRoutes, { cart, products, guards, shippingMethods: config.shippingMethods });
      await api.register(authRoutes, { identity, attempts, publicUrl: config.publicUrl });
      await api.register(userRoutes, { identity, tokens, guards, users, admins });
      await api.register(orderRoutes, { orders, guards, cache });
      await api.register(invoiceRoutes, {
        orders,
        guards,
        store: { ...config.store, publicUrl: config.publicUrl, shippingMethods: config.shippingMethods },
      });
      await api.register(adminOrderRoutes, {
        adminOrders: createAdminOrderService({
          db: database.db,
          orders: orderRepository,
          adminOrders: createAdminOrderRepository(database.db, orderRepository),
          orderRules: orders,
          products,
          gateway,
          log: app.log,
        }),
        cache,
        guards,
      });
      await api.register(paymentRoutes, {
        payments,
        provider: gateway.provider,
        sandbox,
        orders,
        guards,
        currency,
      });
      if (stripe) {
        const { stripeWebhookRoutes } = await import('./payments/stripe-webhook.js');
        await api.register(stripeWebhookRoutes, { stripe, payments });
      }
      await api.register(mediaUploadRoutes, { store: media, guards });
    },
    { prefix: API_PREFIX },
  );

  const pageHeads = await registerSeo(app, { config, db: database.db, cache });
  await app.register(mediaFileRoutes, { store: media, perMinute: config.mediaRateLimitPerMinute, redis });
  await registerWebApp(
    app,
    webRoot,
    {
      ...config.store,
      googleSignIn: config.google !== undefined,
      ...(config.stripe && { stripePublishableKey: config.stripe.publishableKey }),
    },
    pageHeads,
  );
  return app;
}
