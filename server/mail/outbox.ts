import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { SENT_BEFORE_VERIFICATION, type MailKind, type QueuedMail, type RenderedMail } from './messages.js';
import type { MailTransport } from './transport.js';

interface Logger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** When to try a message again, and when to give up. */
export interface RetryPolicy {
  /** The wait after the first failed attempt; it doubles with each one after. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all; after the last failed one the message is marked failed and logged as an error. */
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min, ... up to an hour between tries, 16 tries: about nine hours of a mail server away. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: 16 };

/**
 * How long a message held for an unverified address waits before a worker looks at it again. A
 * verification makes that address's messages due at once (`addressVerified`); this only catches
 * one that a claim held in the same instant.
 */
export const HELD_RECHECK_MS = 10 * 60_000;

export interface OutboxOptions {
  db: Database;
  transport: MailTransport;
  /** The message of a queued e-mail (its subject, text and HTML), in the store's words. */
  render: (mail: QueuedMail) => RenderedMail;
  /** MAIL_FROM. */
  from: string;
  /** Where e-mails without a recipient go: the store's own address (STORE_CONTACT_EMAIL). */
  storeAddress: string;
  /** The host named in each message's Message-ID (PUBLIC_URL's). */
  host: string;
  log: Logger;
  /** How often a worker looks for messages due (1 s). */
  pollMs?: number;
  /** Messages claimed at once (10). */
  batchSize?: number;
  /**
   * How long a claim holds (2 min): longer than a send can take (transport.ts's timeouts). A worker
   * that dies holding a claim leaves its messages to others once it runs out.
   */
  claimMs?: number;
  retry?: RetryPolicy;
  /** How long a held message waits before it is looked at again (HELD_RECHECK_MS). */
  heldRecheckMs?: number;
}

interface ClaimedRow {
  id: number;
  kind: MailKind;
  recipient: string | null;
  data: unknown;
  attempts: number;
  /** Its recipient is an account's address not verified yet: not sent, put aside. */
  held: boolean;
}

const SENT_ANYWAY = sql.join(
  SENT_BEFORE_VERIFICATION.map((kind) => sql`${kind}`),
  sql`, `,
);

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number, retry: RetryPolicy) =>
  Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** Math.max(0, attempts - 1));

/** A failure in a few words for the row and the log: the server's own answer when it gave one. */
function reasonOf(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  const reason = typeof response === 'string' ? response : typeof message === 'string' ? message : String(error);
  return reason.slice(0, 500);
}

/**
 * The outbox's worker (one per instance): claims the messages due, a few at a time, with FOR UPDATE
 * SKIP LOCKED, so that two instances never take the same one; sends each outside any transaction;
 * marks it sent, or sets its next attempt further off each time, until it gives up (logged as an
 * error). A message is sent at least once: only a worker that dies between the server's "accepted"
 * and its own "sent" sends it again, with the same Message-ID (docs/decisions/0029-e-mail-outbox.md).
 *
 * A message to the address of an account that has not verified it is held, not sent (but for the
 * kinds of SENT_BEFORE_VERIFICATION): the claim decides it from the account as it stands, so no
 * path that queues an e-mail can forget to ask (docs/decisions/0035-verified-addresses.md).
 */
export function createOutbox({
  db,
  transport,
  render,
  from,
  storeAddress,
  host,
  log,
  pollMs = 1_000,
  batchSize = 10,
  claimMs = 120_000,
  retry = DEFAULT_RETRY,
  heldRecheckMs = HELD_RECHECK_MS,
}: OutboxOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  /**
   * The next batch due, among the messages queued after `afterId` (a pass walks them once, in order).
   * Those held for an unverified address are put aside until their recheck, their attempts untouched.
   */
  async function claim(afterId: number): Promise<ClaimedRow[]> {
    const { rows } = (await db.execute(sql`
      with due as (
        select m.id,
               m.kind not in (${SENT_ANYWAY}) and exists (
                 select 1 from users u where u.email = m.recipient and not u.email_verified) as held
          from mail_outbox m
         where m.sent_at is null and m.failed_at is null and m.next_attempt_at <= now() and m.id > ${afterId}
         order by m.id
         limit ${batchSize}
           for update of m skip locked)
      update mail_outbox o
         set held = due.held,
             next_attempt_at = now() + make_interval(
               secs => case when due.held then ${heldRecheckMs / 1000}::float8 else ${claimMs / 1000}::float8 end),
             attempts = o.attempts + case when due.held then 0 else 1 end
        from due
       where o.id = due.id
      returning o.id, o.kind, o.recipient, o.data, o.attempts, o.held`)) as unknown as { rows: ClaimedRow[] };
    // bigint ids may come back as text; the oldest first, as they were queued.
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  async function sent(row: ClaimedRow) {
    await db.execute(sql`update mail_outbox set sent_at = now(), last_error = null where id = ${row.id}`);
  }

  async function failed(row: ClaimedRow, error: unknown) {
    const reason = reasonOf(error);
    const last = row.attempts >= retry.maxAttempts;
    const delaySeconds = retryDelayMs(row.attempts, retry) / 1000;
    await db.execute(sql`
      update mail_outbox
         set last_error = ${reason},
             next_attempt_at = now() + make_interval(secs => ${delaySeconds}),
             failed_at = ${last ? sql`now()` : sql`null`}
       where id = ${row.id} and sent_at is null`);
    const about = { mail: row.id, kind: row.kind, attempts: row.attempts, reason };
    if (last) log.error(about, 'e-mail not sent: gave up after the last attempt');
    else log.warn({ ...about, retryInSeconds: delaySeconds }, 'e-mail not sent: will try again');
  }

  async function deliver(row: ClaimedRow) {
    const mail = { kind: row.kind, recipient: row.recipient, data: row.data } as QueuedMail;
    const message = render(mail);
    await transport.send({
      from,
      to: mail.recipient ?? storeAddress,
      ...message,
      messageId: `<mail-${row.id}@${host}>`,
    });
  }

  /**
   * Sends every message due now, batch after batch; answers how many were sent. A pass tries each
   * message once: one that fails waits for a later pass, even when its wait is over before this
   * pass ends (a slow pass would otherwise try it again at once).
   */
  async function sendDue(): Promise<number> {
    let count = 0;
    let afterId = 0;
    for (;;) {
      const rows = await claim(afterId);
      if (rows.length === 0) return count;
      afterId = rows[rows.length - 1]?.id ?? afterId;
      for (const row of rows) {
        if (row.held) continue;
        try {
          await deliver(row);
        } catch (error) {
          await failed(row, error);
          continue;
        }
        await sent(row);
        count += 1;
      }
    }
  }

  /**
   * One pass at a time: a pass asked for while one runs waits for it, then runs. Its caller hears
   * how it ended; `running` only says when, and never rejects (nobody may be listening to it).
   */
  function pass(): Promise<number> {
    const next = (running ?? Promise.resolve()).then(sendDue);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    running = settled;
    void settled.then(() => {
      if (running === settled) running = undefined;
    });
    return next;
  }

  /** A pass whose failure is logged, never thrown: nobody waits on it. */
  const loggedPass = () =>
    pass().catch((error: unknown) => {
      // An outage is the health check's news, not a bug: the rows wait in the database.
      if (isDatabaseUnavailable(error)) log.warn({ err: error }, 'mail outbox: database unavailable; trying again');
      else log.error({ err: error }, 'mail outbox: a pass failed; trying again');
    });

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void loggedPass().finally(schedule), pollMs);
    timer.unref();
  }

  return {
    /** Sends what is due now (tests, and a nudge after a change). */
    sendDue: pass,
    /**
     * An account has just verified `email` (committed): its held messages are due at once, and a
     * running worker sends them now rather than at its next look.
     */
    async addressVerified(email: string): Promise<void> {
      const { rows } = (await db.execute(sql`
        update mail_outbox set held = false, next_attempt_at = now()
         where held and recipient = ${email} and sent_at is null and failed_at is null
        returning id`)) as unknown as { rows: unknown[] };
      if (rows.length > 0 && !stopped) void loggedPass();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      log.info({ transport: transport.describe }, 'mail outbox: sending');
      schedule();
    },
    /** Stops looking for messages and waits for the pass in flight; the transport is closed. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
