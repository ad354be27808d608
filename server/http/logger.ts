import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { loggedUrl, privateLogOptions } from './request-log.js';

/** How log lines are written: JSON for a log collector, or one readable line each for a person. */
export type LogFormat = 'json' | 'pretty';

/** `auto`: pretty when the output is a terminal, JSON otherwise (a file, a pipe, a service manager). */
export const resolveLogFormat = (setting: LogFormat | 'auto', output: { isTTY?: boolean } = process.stdout) =>
  setting === 'auto' ? (output.isTTY ? 'pretty' : 'json') : setting;

/** The fields of the one line each request logs when it is answered (besides pino's and `reqId`). */
export interface RequestLine {
  method: string;
  url: string;
  statusCode: number;
  /** Milliseconds from the request's arrival to its answer, rounded to a hundredth. */
  responseTime: number;
}

const REQUEST_FIELDS = ['method', 'url', 'statusCode', 'responseTime'] as const;

const isRequestLine = (log: Record<string, unknown>): log is Record<string, unknown> & RequestLine =>
  typeof log.method === 'string' && typeof log.statusCode === 'number';

/** A request line as a person reads it: `GET /api/products?limit=6 200 1.2 ms`. */
export const prettyRequestLine = ({ method, url, statusCode, responseTime }: RequestLine) =>
  `${method} ${url} ${statusCode} ${responseTime} ms`;

/**
 * pino-pretty in this process, writing synchronously: a terminal's reader wants each line as it
 * happens, in order with the start banner. A request reads `[12:04:31] INFO: req-7 GET /api/products
 * 200 1.25 ms`; other lines keep their fields, as JSON, on the same line.
 */
function prettyStream(destination: number | DestinationStream): DestinationStream {
  // Loaded only for a terminal: a server writing JSON never pays for it at start.
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pinoPretty({
    destination,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', 'reqId', ...REQUEST_FIELDS].join(','),
    singleLine: true,
    // The request id first, so that a request's error lines are found next to its request line.
    messageFormat: (log, messageKey) =>
      (typeof log.reqId === 'string' ? `${log.reqId} ` : '') +
      (isRequestLine(log) ? prettyRequestLine(log) : String(log[messageKey] ?? '')),
  });
}

/** A batch of JSON lines leaves when it reaches this size (under sonic-boom's 16 KB per write)... */
const BATCH_BYTES = 16_000;
/** ...or when it is this old. */
const BATCH_MS = 200;

export interface LoggerSettings {
  level: string;
  format: LogFormat;
  /** Where the lines go; standard output when unset. */
  destination?: DestinationStream;
}

/**
 * The store's logger. JSON goes to standard output in batches: lines collect up to about 16 KB and
 * leave in one write from this thread (no worker thread competing for the cores), whatever is
 * collected leaves every 200 ms, and the rest when the process exits.
 * Pretty output is for a person at a terminal and is written line by line.
 */
export function createLogger({ level, format, destination }: LoggerSettings): Logger {
  const options = privateLogOptions({ level, base: undefined });
  if (format === 'pretty') return pino(options, prettyStream(destination ?? 1));
  return pino(options, destination ?? batchedStandardOutput());
}

/**
 * Standard output in batches. pino flushes its destinations on exit only when they write
 * asynchronously; this one writes synchronously, so it is flushed here, on every exit (an uncaught
 * exception's too).
 */
function batchedStandardOutput(): DestinationStream {
  const output = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, periodicFlush: BATCH_MS });
  process.once('exit', () => {
    try {
      output.flushSync();
    } catch {
      // standard output is gone (a closed pipe): nothing left to write to
    }
  });
  return output;
}

/**
 * Fastify's request log, one line per request: none when it arrives, and when it is answered
 * `request answered` at info (at error, with the error, when the answer failed while being sent)
 * with method, URL (masked: request-log.ts), status, time and the request id pino carries. Never a
 * header, so never a token or a cookie, and never a body, so never a card field. A 404's line says
 * it; Fastify's own "Route ... not found" line would say it twice.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line: RequestLine = {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) request.log.error({ ...line, err: error }, 'request answered');
    else request.log.info(line, 'request answered');
  }
}
