import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { seedCatalogueOnce } from '../db/seed.js';
import { serving } from '../health/lifecycle.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** The password of the admin accounts a test app creates for its ADMIN_EMAILS (see `adminWithToken`). */
export const TEST_ADMIN_PASSWORD = 'admin-password-for-tests';

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ...env,
  });

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  webRoot?: string;
}

/** The whole app, in-process, on a database of its own; call `close` in afterAll. */
export async function createTestApp({ env, seed = false, webRoot }: TestAppOptions = {}) {
  const database: TestDatabase = await createTestDatabase();
  if (seed) await seedCatalogueOnce(database.db);
  const lifecycle = serving();
  const app = await buildApp({ config: testConfig(env), database, webRoot, logger: false, lifecycle });
  return {
    app,
    /** Set `draining` to see the app as a process that got SIGTERM sees it. */
    lifecycle,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
