import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the test server accepted: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or `smtpTransport`. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Refuses the next `count` messages with a temporary failure (451), then accepts again. */
  refuseNext(count: number): void;
  /** Waits until `count` messages have been accepted in all (5 s by default). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 for tests (`smtp-server`, no TLS, any or no login), which keeps
 * what it accepts. `port` asks for a given port: a test that stops a server and starts it again on
 * the same port sees a mail server that was down for a while.
 */
export async function startTestSmtpServer({ port = 0 }: { port?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A test that stops the server means at once: connections still open are cut, not waited for.
    closeTimeout: 100,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map(({ address }) => address),
            parsed,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
          });
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    refuseNext(count) {
      refusals = count;
    },
    async waitFor(count, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} e-mails, the server got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
