import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { maskEmail } from '../../contract/index.js';
import type { MailConfig } from '../config.js';

/** One message as it leaves the store. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt at one outbox row, so that a receiver can tell a repeat. */
  messageId: string;
}

/** Where messages go: an SMTP server, or files. `send` throws when the message was not taken. */
export interface MailTransport {
  /** For the log: `smtp://host:port` (no credentials) or the folder files go to. */
  readonly describe: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface Logger {
  info: (obj: object, msg: string) => void;
}

/**
 * How long the store waits on a mail server: a server that does not answer is a failed attempt
 * (tried again later), never a worker stuck for good.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The SMTP server of `smtp://user:pass@host:port` (`smtps://` for TLS from the start), its connections reused. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS });
  const { protocol, host } = new URL(url);
  return {
    describe: `${protocol}//${host}`,
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * Without a mail server: each message is written whole (headers, text and HTML parts) as an .eml
 * file, which any mail program opens, and a log line says where (the recipient masked, as every
 * address the log holds).
 */
export function fileTransport(dir: string, log: Logger): MailTransport {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: dir,
    async send(mail) {
      const { message } = (await writer.sendMail(mail)) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Whole or not at all: a reader never sees half a message.
      await writeFile(`${file}.part`, message);
      await rename(`${file}.part`, file);
      log.info(
        { file, to: maskEmail(mail.to), subject: mail.subject },
        'e-mail written to a file (SMTP_URL is not set)',
      );
    },
    close: () => writer.close(),
  };
}

/** The transport the configuration chooses: SMTP_URL, or files under DATA_DIR/mail. */
export const createMailTransport = (config: MailConfig, log: Logger): MailTransport =>
  config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.dir, log);
