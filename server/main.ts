import type { Logger } from 'pino';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { serving } from './health/lifecycle.js';
import type { LogFormat } from './http/logger.js';
import { seedCatalogueOnce } from './db/seed.js';
import { projectRoot } from './lib/project-root.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The database opens (PGlite compiles its WebAssembly) while the app's modules (Fastify, pino) load.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    sampleCatalogue: true,
  });
  opening.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  const [{ buildApp }, { createLogger, resolveLogFormat }] = await Promise.all([
    import('./app.js'),
    import('./http/logger.js'),
  ]);
  const database = await opening;
  let seeded = false;
  await database.migrate(async (db) => {
    seeded = await seedCatalogueOnce(db);
  });
  // A first start on the embedded database copies the build's cluster that holds the sample already.
  seeded ||= database.startedWithSample === true;

  const webRoot = path.join(projectRoot(), 'dist', 'web');
  const lifecycle = serving();
  const logFormat = resolveLogFormat(config.logFormat);
  const logger = createLogger({ level: config.logLevel, format: logFormat });
  const app = await buildApp({
    config,
    database,
    logger,
    lifecycle,
    webRoot: existsSync(webRoot) ? webRoot : undefined,
  });
  if (!existsSync(webRoot)) app.log.warn('dist/web is missing: serving the API only (run npm run build)');

  let closing = false;
  // Once closing, each answer closes its connection: an idle keep-alive connection would otherwise
  // hold app.close() open until its timeout, and the drain would end in the grace period's exit 1.
  // (A callback hook: no promise per answer.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  let endDrain = () => {};
  /**
   * SIGTERM (a deploy, a scale-down): health answers 503 at once while every other request is still
   * served for SHUTDOWN_DRAIN_SECONDS, so that a balancer checking health takes this instance out of
   * rotation before it stops listening; then new requests are refused and those in flight finish.
   * SIGINT (Ctrl-C at a terminal) skips the drain, and a second signal cuts a drain short.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    if (lifecycle.draining) return endDrain();
    lifecycle.draining = true;
    const drainSeconds = signal === 'SIGTERM' ? config.shutdownDrainSeconds : 0;
    if (drainSeconds > 0) {
      app.log.info(
        { signal, drainSeconds },
        `draining: health answers 503, requests still served for ${drainSeconds} s`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainSeconds * 1000);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests still running after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => `listening on ${address}`,
  });
  app.log.info(
    { database: database.kind, seeded, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    seeded ? 'database ready: the sample catalogue was added' : 'database ready',
  );
  announce(`${config.store.name} is serving ${config.publicUrl}`, logFormat, logger);
}

/**
 * The address to open, where a person sees it: on a terminal a line of its own between blank lines,
 * in bold; in a JSON log, a line of its own too.
 */
function announce(text: string, format: LogFormat, log: Logger) {
  if (format === 'pretty') process.stdout.write(`\n  \x1b[1m${text}\x1b[0m\n\n`);
  else log.info(text);
  // JSON lines leave in batches (http/logger.ts): the start is not kept waiting for the next one.
  log.flush();
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
