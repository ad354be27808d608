import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { seedCatalogueOnce } from '../db/seed.js';
import { serving } from '../health/lifecycle.js';
import type { MailTransport } from '../mail/transport.js';
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
  /** Where e-mails go when a test sends them (`app.outbox.sendDue()`); nobody sends them otherwise. */
  mailTransport?: MailTransport;
  /** Rows the store holds before it starts (its catalogue index is built from them, as at a start). */
  before?: (db: TestDatabase['db']) => Promise<void>;
  /** The embedded database in a directory, as the store runs it, not in memory (tests that time it). */
  onDisk?: boolean;
}

/** A test that sends e-mails names where (mailTransport); any other test never sends one. */
const unsentMail: MailTransport = {
  describe: 'nowhere (this test sends no e-mail)',
  send: () => Promise.reject(new Error('this test app was given no mailTransport')),
  close: () => undefined,
};

/** The whole app, in-process, on a database of its own; call `close` in afterAll. */
export async function createTestApp({
  env,
  seed = false,
  webRoot,
  mailTransport,
  before,
  onDisk,
}: TestAppOptions = {}) {
  const database: TestDatabase = await createTestDatabase({ onDisk });
  if (seed) await seedCatalogueOnce(database.db);
  await before?.(database.db);
  const lifecycle = serving();
  const app = await buildApp({
    config: testConfig(env),
    database,
    webRoot,
    logger: false,
    lifecycle,
    mail: { transport: mailTransport ?? unsentMail, send: false },
  });
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
