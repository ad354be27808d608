import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { buildProduct } from '../test/factories.js';
import { freePorts, PRIVATE_PORTS, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.js';
import {
  buildServer,
  killServerProcesses,
  placeOrder,
  registerCustomer,
  sleep,
  startServerProcess,
  within,
  type ServerProcess,
} from '../test/server-process.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';

/**
 * An order commits while the mail server is away, and the store dies before it could send anything:
 * the e-mails wait in the database, and the store started again sends each one once the server is
 * back. No acknowledged order's e-mail is lost.
 */
describe('e-mails across a crash (a store killed after the commit, before the send)', () => {
  let postgres: PrivatePostgres;
  let databaseUrl: string;
  let monitor: pg.Client;
  let smtpPort: number;
  let smtp: TestSmtpServer | undefined;
  let store: ServerProcess;

  const start = (port?: number) =>
    startServerProcess(databaseUrl, port, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      STORE_CONTACT_EMAIL: 'owner@brakehouse.example',
    });
  const outbox = async () =>
    (
      await monitor.query<{ kind: string; recipient: string | null; sent: boolean; attempts: number }>(
        'select kind, recipient, sent_at is not null as sent, attempts from mail_outbox order by id',
      )
    ).rows;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    buildServer();
    databaseUrl = await postgres.createDatabase('mail_crash');
    [smtpPort = 0] = await freePorts(PRIVATE_PORTS.from, PRIVATE_PORTS.to);
    store = await start(); // no mail server listens on smtpPort yet
    monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
  });
  afterAll(async () => {
    killServerProcesses();
    await monitor?.end().catch(() => undefined);
    await smtp?.close();
    await postgres?.destroy();
  });

  it('when the store is killed with the order committed and its e-mails unsent, then a new store sends each once the mail server is back', async () => {
    const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 1 });
    const part = await buildProduct(database.db, { availableQuantity: 10, minimumOrderQuantity: 1 });
    await database.close();
    const customer = await registerCustomer(store.baseUrl);
    // The customer has opened the link of their 'Verify your e-mail' (decision 0035): nothing is held.
    await monitor.query('update users set email_verified = true where email = $1', [customer.email]);

    const placed = await placeOrder(store.baseUrl, customer.token, part._id, 2);
    expect(placed.status).toBe(200);
    // Acknowledged, so both e-mails are in the database; the mail server is away, so none is sent.
    expect((await outbox()).map(({ kind, recipient, sent }) => ({ kind, recipient, sent }))).toEqual([
      { kind: 'verify-email', recipient: customer.email, sent: false },
      { kind: 'order-received', recipient: customer.email, sent: false },
      { kind: 'order-received-store', recipient: null, sent: false },
    ]);

    store.child.kill('SIGKILL');
    expect(await within(5_000, 'the exit', store.exited)).toBe('SIGKILL');

    smtp = await startTestSmtpServer({ port: smtpPort });
    store = await start(store.port);
    const received = await smtp.waitFor(3, 60_000); // after the failed attempt's wait (30 s at most)
    await sleep(2_000); // and nothing more comes
    expect(received.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: [customer.email], subject: expect.stringContaining('Verify your e-mail') },
      { to: [customer.email], subject: expect.stringContaining('Order received') },
      { to: ['owner@brakehouse.example'], subject: expect.stringContaining('Order received') },
    ]);
    expect((await outbox()).every(({ sent }) => sent)).toBe(true);
  });
});
