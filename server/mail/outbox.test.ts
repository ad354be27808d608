import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, users } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';
import { queueMail, type QueuedMail } from './messages.js';
import { createOutbox, retryDelayMs, type OutboxOptions } from './outbox.js';
import { smtpTransport, type MailTransport } from './transport.js';

// The outbox alone, over real SMTP: what it sends, when, how often. The e-mails' words are
// templates.test.ts's; here a message says which row it is.

const FAST_RETRY = { firstDelayMs: 40, maxDelayMs: 200, maxAttempts: 4 };
const FROM = 'Brakehouse <sales@brakehouse.example>';

let database: TestDatabase;
let smtp: TestSmtpServer;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await database.dispose();
});
afterEach(async () => {
  // Each test starts with an empty outbox and a fresh count.
  await database.db.delete(mailOutbox);
  await database.db.delete(users);
  smtp.received.length = 0;
  vi.clearAllMocks();
});

const resetMail = (recipient: string, token = 'token'): QueuedMail => ({
  kind: 'password-reset',
  recipient,
  data: { name: recipient, token },
});

const outboxFor = (transport: MailTransport, options: Partial<OutboxOptions> = {}) =>
  createOutbox({
    db: database.db,
    transport,
    render: (mail) => ({
      subject: `Test ${mail.kind} to ${mail.recipient ?? 'the store'}`,
      text: JSON.stringify(mail.data),
      html: `<p>${mail.kind}</p>`,
    }),
    from: FROM,
    storeAddress: 'owner@brakehouse.example',
    host: 'shop.example',
    log,
    retry: FAST_RETRY,
    ...options,
  });

const rows = () => database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the e-mail outbox', () => {
  it('when an e-mail is queued in a transaction that commits, then one pass sends it once, from MAIL_FROM, with its own Message-ID', async () => {
    await database.db.transaction((tx) =>
      queueMail(tx, [resetMail('rider@example.com'), { ...resetMail('x'), recipient: null }]),
    );
    const outbox = outboxFor(smtpTransport(smtp.url));
    expect(await outbox.sendDue()).toBe(2);
    expect(await outbox.sendDue()).toBe(0);
    const received = await smtp.waitFor(2);
    expect(received.map(({ to }) => to)).toEqual([['rider@example.com'], ['owner@brakehouse.example']]);
    expect(received[0]?.parsed.from?.value).toEqual([{ name: 'Brakehouse', address: 'sales@brakehouse.example' }]);
    const [first, second] = await rows();
    expect(received.map(({ messageId }) => messageId)).toEqual([
      `<mail-${first?.id}@shop.example>`,
      `<mail-${second?.id}@shop.example>`,
    ]);
    expect(first).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
    expect(first?.sentAt).toBeInstanceOf(Date);
    await outbox.stop();
  });

  it('when the change that queued an e-mail rolls back, then nothing is queued and nothing is sent', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, [resetMail('rolled-back@example.com')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const outbox = outboxFor(smtpTransport(smtp.url));
    expect(await outbox.sendDue()).toBe(0);
    expect(await rows()).toEqual([]);
    expect(smtp.received).toEqual([]);
    await outbox.stop();
  });

  it('when the mail server refuses a message for now, then it is tried again after the wait and sent once', async () => {
    await queueMail(database.db, [resetMail('retry@example.com')]);
    smtp.refuseNext(1);
    const outbox = outboxFor(smtpTransport(smtp.url));
    expect(await outbox.sendDue()).toBe(0);
    const [refused] = await rows();
    expect(refused).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(refused?.lastError).toMatch(/451/);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ mail: refused?.id }), expect.any(String));
    // Not before its next attempt is due.
    expect(await outbox.sendDue()).toBe(0);
    await sleep(FAST_RETRY.firstDelayMs + 20);
    expect(await outbox.sendDue()).toBe(1);
    expect((await smtp.waitFor(1)).map(({ to }) => to)).toEqual([['retry@example.com']]);
    expect((await rows())[0]).toMatchObject({ attempts: 2, lastError: null });
    await outbox.stop();
  });

  it('when the mail server is down for a while, then every e-mail waits and all arrive, once each, when it is back', async () => {
    const down = smtp.port;
    await smtp.close();
    await queueMail(database.db, [resetMail('a@example.com'), resetMail('b@example.com'), resetMail('c@example.com')]);
    const outbox = outboxFor(smtpTransport(`smtp://127.0.0.1:${down}`));
    expect(await outbox.sendDue()).toBe(0);
    await sleep(FAST_RETRY.firstDelayMs + 20);
    expect(await outbox.sendDue()).toBe(0);
    expect((await rows()).map(({ attempts, sentAt, failedAt }) => ({ attempts, sentAt, failedAt }))).toEqual(
      Array(3).fill({ attempts: 2, sentAt: null, failedAt: null }),
    );
    smtp = await startTestSmtpServer({ port: down });
    await sleep(2 * FAST_RETRY.firstDelayMs + 20);
    expect(await outbox.sendDue()).toBe(3);
    expect((await smtp.waitFor(3)).map(({ to }) => to).sort()).toEqual([
      ['a@example.com'],
      ['b@example.com'],
      ['c@example.com'],
    ]);
    await outbox.stop();
  });

  it('when a message fails every attempt, then it is marked failed after the last one and logged as an error', async () => {
    await queueMail(database.db, [resetMail('never@example.com')]);
    const broken: MailTransport = {
      describe: 'broken',
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
      close: () => undefined,
    };
    const outbox = outboxFor(broken);
    for (let attempt = 1; attempt <= FAST_RETRY.maxAttempts; attempt += 1) {
      await outbox.sendDue();
      await sleep(FAST_RETRY.maxDelayMs + 20);
    }
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: FAST_RETRY.maxAttempts, sentAt: null, lastError: '550 mailbox unavailable' });
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(await outbox.sendDue()).toBe(0); // given up: not tried again
    await outbox.stop();
  });

  it('when a failure takes longer than the wait before the next attempt, then the pass still tries each message once', async () => {
    await queueMail(database.db, [resetMail('slow-1@example.com'), resetMail('slow-2@example.com')]);
    // Each refusal comes after twice the first wait: by then the message is due again.
    const slowlyRefusing: MailTransport = {
      describe: 'slow',
      send: () => sleep(2 * FAST_RETRY.firstDelayMs).then(() => Promise.reject(new Error('451 try again later'))),
      close: () => undefined,
    };
    const outbox = outboxFor(slowlyRefusing, { batchSize: 1 });
    expect(await outbox.sendDue()).toBe(0);
    expect((await rows()).map(({ attempts, failedAt }) => ({ attempts, failedAt }))).toEqual([
      { attempts: 1, failedAt: null },
      { attempts: 1, failedAt: null },
    ]);
    await outbox.stop();
  });

  it('when two workers send at once, then every e-mail is sent exactly once', async () => {
    const emails = Array.from({ length: 30 }, (_, index) => `rider${index}@example.com`);
    await queueMail(
      database.db,
      emails.map((email) => resetMail(email)),
    );
    const first = outboxFor(smtpTransport(smtp.url), { batchSize: 3 });
    const second = outboxFor(smtpTransport(smtp.url), { batchSize: 3 });
    const [a, b] = await Promise.all([first.sendDue(), second.sendDue()]);
    expect(a + b).toBe(30);
    const received = await smtp.waitFor(30);
    expect(received.map(({ to }) => to[0]).sort()).toEqual([...emails].sort());
    await Promise.all([first.stop(), second.stop()]);
  });

  it('when a worker dies holding its claim, then another sends the e-mail once the claim runs out', async () => {
    await queueMail(database.db, [resetMail('orphan@example.com')]);
    let die: (error: Error) => void = () => undefined;
    const hanging: MailTransport = {
      describe: 'hangs',
      send: () => new Promise((_resolve, reject) => (die = reject)),
      close: () => undefined,
    };
    const dying = outboxFor(hanging, { claimMs: 150 });
    const stuck = dying.sendDue();
    await sleep(30);
    const other = outboxFor(smtpTransport(smtp.url));
    expect(await other.sendDue()).toBe(0); // still claimed
    await sleep(150);
    expect(await other.sendDue()).toBe(1);
    die(new Error('the process was killed'));
    await stuck;
    expect((await smtp.waitFor(1)).map(({ to }) => to)).toEqual([['orphan@example.com']]);
    // The dead worker's late word changes nothing: the row stays sent.
    const [row] = await rows();
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.failedAt).toBeNull();
    await other.stop();
  });

  it('when started, then the worker sends what is queued on its own, and stop waits for the pass in flight', async () => {
    const outbox = outboxFor(smtpTransport(smtp.url), { pollMs: 20 });
    outbox.start();
    await queueMail(database.db, [resetMail('by-itself@example.com')]);
    expect((await smtp.waitFor(1)).map(({ to }) => to)).toEqual([['by-itself@example.com']]);
    await outbox.stop();
    await queueMail(database.db, [resetMail('after-stop@example.com')]);
    await sleep(80);
    expect(smtp.received).toHaveLength(1);
    const [, waiting] = await rows();
    expect(waiting?.sentAt).toBeNull();
  });

  it('when the database fails under a started worker, then it logs, goes on looking, and nothing is left unhandled', async () => {
    const closed = await createTestDatabase();
    await closed.dispose();
    const outbox = outboxFor(smtpTransport(smtp.url), { db: closed.db, pollMs: 10 });
    outbox.start();
    await vi.waitFor(() => expect(log.error.mock.calls.length + log.warn.mock.calls.length).toBeGreaterThanOrEqual(3));
    await outbox.stop();
    expect(
      log.error.mock.calls
        .concat(log.warn.mock.calls)
        .every(([, message]) => String(message).startsWith('mail outbox:')),
    ).toBe(true);
  });

  it('when attempts fail, then the wait doubles from the first delay up to the longest', () => {
    const retry = { firstDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 16 };
    expect([1, 2, 3, 4, 8, 16].map((attempts) => retryDelayMs(attempts, retry))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('the outbox and addresses not verified yet', () => {
  const ORDER = { order: { _id: 'o-1' } } as unknown as { order: never };
  const orderMail = (recipient: string | null): QueuedMail => ({
    kind: recipient === null ? 'order-received-store' : 'order-received',
    recipient,
    data: ORDER,
  });
  const verifyMail = (recipient: string): QueuedMail => ({ kind: 'verify-email', recipient, data: { token: 't' } });
  /** An account with this address, verified or not. */
  const account = (email: string, emailVerified: boolean) =>
    database.db.insert(users).values({ id: email, name: 'Registrant', email, emailVerified });
  const verify = (email: string) =>
    database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

  it("when messages go to an account's unverified address, then only its verify and reset e-mails go; its order e-mail is held, untried, while others' go", async () => {
    await account('new@example.com', false);
    await account('known@example.com', true);
    await queueMail(database.db, [
      orderMail('new@example.com'),
      verifyMail('new@example.com'),
      resetMail('new@example.com'),
      orderMail(null),
      orderMail('known@example.com'),
      orderMail('no-account@example.com'),
    ]);
    const outbox = outboxFor(smtpTransport(smtp.url));
    expect(await outbox.sendDue()).toBe(5);
    expect(await outbox.sendDue()).toBe(0);
    const received = await smtp.waitFor(5);
    expect(received.map(({ to, subject }) => [to[0], subject.split(' to ')[0]])).toEqual([
      ['new@example.com', 'Test verify-email'],
      ['new@example.com', 'Test password-reset'],
      ['owner@brakehouse.example', 'Test order-received-store'],
      ['known@example.com', 'Test order-received'],
      ['no-account@example.com', 'Test order-received'],
    ]);
    const [held] = await rows();
    expect(held).toMatchObject({ recipient: 'new@example.com', held: true, attempts: 0, sentAt: null });
    await outbox.stop();
  });

  it('when the address is then verified, then its held e-mail goes at once, once, without waiting for the worker to look', async () => {
    await account('late@example.com', false);
    await queueMail(database.db, [orderMail('late@example.com')]);
    const outbox = outboxFor(smtpTransport(smtp.url), { pollMs: 60_000 });
    expect(await outbox.sendDue()).toBe(0);
    outbox.start(); // its first look is a minute away

    await verify('late@example.com');
    await outbox.addressVerified('late@example.com');
    expect((await smtp.waitFor(1, 3_000)).map(({ to }) => to)).toEqual([['late@example.com']]);
    await sleep(100);
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ held: false, attempts: 1 });
    await outbox.stop();
  });

  it('when an address is verified and nobody says so, then the held e-mail goes at its next look', async () => {
    await account('quiet@example.com', false);
    await queueMail(database.db, [orderMail('quiet@example.com')]);
    const outbox = outboxFor(smtpTransport(smtp.url), { heldRecheckMs: 100 });
    expect(await outbox.sendDue()).toBe(0);
    await verify('quiet@example.com');
    expect(await outbox.sendDue()).toBe(0); // put aside until its recheck
    await sleep(120);
    expect(await outbox.sendDue()).toBe(1);
    expect((await smtp.waitFor(1)).map(({ to }) => to)).toEqual([['quiet@example.com']]);
    await outbox.stop();
  });
});
