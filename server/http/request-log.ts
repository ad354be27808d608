import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { maskEmail } from '../../contract/index.js';

/**
 * An e-mail address inside a URL or a message: a local part, `@` (or `%40`, percent-encoded once or
 * more), a domain, each cut at the characters that end a URL part or a word.
 */
const EMAIL = /([^\s"'`()<>[\]{},;:/?#&=@]+)(?:@|%(?:25)*40)([^\s"'`()<>[\]{},;/?#&=@]+)/gi;

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** `text` with every e-mail address in it masked as the store masks them (`t***@example.com`). */
export function maskEmailsIn(text: string): string {
  return text.replace(EMAIL, (_address, local: string, domain: string) =>
    maskEmail(`${decoded(local)}@${decoded(domain)}`),
  );
}

/**
 * Query values that are credentials for a moment: Google's one-time `code` and `state` on the
 * sign-in callback, a reset or verification `token`.
 */
const SECRET_QUERY_VALUES = /([?&](?:code|state|token|id_token|access_token)=)[^&#]*/gi;

/** No e-mail address, plain or percent-encoded, is written without one of these. */
const MAY_HOLD_AN_ADDRESS = /[@%]/;

/** Neither an address nor a query value can hide in a URL without one of these. */
const MAY_HIDE_SOMETHING = /[@%?]/;

/** A URL as logged: e-mail addresses masked, one-time credentials left out. */
export const loggedUrl = (url: string) =>
  MAY_HIDE_SOMETHING.test(url) ? maskEmailsIn(url).replace(SECRET_QUERY_VALUES, '$1(not logged)') : url;

/** Fastify's own request fields (never the headers: no cookie, no authorization), the URL masked. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Drizzle's "Failed query" errors end their message with the query's values (`params: ...`), and
 * keep them in `params` too: anyone's e-mail, phone number or address. The query is kept, its
 * values are not.
 */
const QUERY_VALUES = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
const MAX_DEPTH = 4;

const scrubbed = (text: string) => maskEmailsIn(text.replace(QUERY_VALUES, '\nparams: (not logged)'));

function scrubbedValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubbed(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[...]';
  if (value instanceof Error) return loggedError(value, depth + 1);
  if (Array.isArray(value)) return value.map((item) => scrubbedValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbedValue(item, depth + 1)]));
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** What pino's error serializer logs (type, message, stack, the error's own fields, its cause), scrubbed. */
function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubbed(String(error)), stack: '' };
  const fields = Object.entries(error)
    .filter(([key]) => key !== 'params' && key !== 'cause')
    .map(([key, value]) => [key, scrubbedValue(value, depth)]);
  return {
    ...Object.fromEntries(fields),
    type: error.constructor.name,
    message: scrubbed(error.message),
    stack: scrubbed(error.stack ?? ''),
    ...(error.cause !== undefined && { cause: scrubbedValue(error.cause, depth) }),
    ...(error instanceof AggregateError && { aggregateErrors: scrubbedValue(error.errors, depth) }),
  };
}

/**
 * Logger options with the log's privacy rules: e-mail addresses masked in logged URLs, errors and
 * messages, query values of failed SQL left out, request headers never logged.
 */
export function privateLogOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    serializers: { ...options.serializers, req: loggedRequest, err: loggedError },
    hooks: {
      ...options.hooks,
      // Messages too: Fastify writes the URL into a few of its own (a reply sent twice).
      logMethod(args, method) {
        const masked = args.map((arg: unknown) =>
          typeof arg === 'string' && MAY_HOLD_AN_ADDRESS.test(arg) ? maskEmailsIn(arg) : arg,
        );
        method.apply(this, masked as typeof args);
      },
    },
  };
}
