import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
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

  // The database opens (PGlite compiles its WebAssembly) while the app's modules load.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  opening.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  const { buildApp } = await import('./app.js');
  const database = await opening;
  let seeded = false;
  await database.migrate(async (db) => {
    seeded = await seedCatalogueOnce(db);
  });

  const webRoot = path.join(projectRoot(), 'dist', 'web');
  const app = await buildApp({ config, database, webRoot: existsSync(webRoot) ? webRoot : undefined });
  if (!existsSync(webRoot)) app.log.warn('dist/web is missing: serving the API only (run npm run build)');

  let closing = false;
  // Once closing, each answer closes its connection: an idle keep-alive connection would otherwise
  // hold app.close() open until its timeout, and the drain would end in the grace period's exit 1.
  // (A callback hook: no promise per answer.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
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
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, seeded, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    `${config.store.name} is serving ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
