import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_PREFIX, apiMessages, type ErrorResponse } from '../../contract/index.js';
import { AppError } from './errors.js';

const body = (statusCode: number, message: string, errors?: ErrorResponse['errors']): ErrorResponse => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(errors ? { errors } : {}),
});

/** The one error shape, with a machine-readable code (the identity library's, for its refusals). */
export const errorWithCode = (statusCode: number, message: string, code: string | undefined): ErrorResponse => ({
  ...body(statusCode, message),
  ...(code !== undefined && { code }),
});

/** Network errors of a connection to PostgreSQL that could not be made or was cut. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a server that is down or going down: admin shutdown, crash shutdown, cannot connect now. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/** What `pg` and its pool say when the connection ended or never came. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when the database could not be reached, rather than refusing a query: the server is down,
 * restarting or out of reach. Drizzle wraps the driver's error, so causes are followed too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code) || SHUTDOWN_STATES.has(code)) return true;
    // SQLSTATE class 08: connection exception.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (UNREACHABLE_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** True for a URL (path and query, as sent) of the API, whose answers are JSON. */
export function isApiUrl(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** An error outside the API: the status and its name in plain text, nothing of the request. */
export function plainError(reply: FastifyReply, statusCode: number) {
  return reply
    .status(statusCode)
    .type('text/plain; charset=utf-8')
    .send(STATUS_CODES[statusCode] ?? 'Error');
}

/** The API's one error shape for API URLs, plain text for the web app's. */
const answer = (
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  message: string,
  errors?: ErrorResponse['errors'],
) =>
  isApiUrl(request.url)
    ? reply.status(statusCode).send(body(statusCode, message, errors))
    : plainError(reply, statusCode);

/** Fastify's and its plugins' messages that would repeat what the client sent (the URL, a header); ours do not. */
const ECHOING_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: apiMessages.malformedUrl,
  FST_ERR_MAX_PARAM_LENGTH: apiMessages.urlPartTooLong,
  FST_CP_ERR_INVALID_CONTENT_ENCODING: apiMessages.unsupportedContentEncoding,
};

/** A 4xx error from Fastify or a plugin: its own message, unless that message repeats the request. */
const clientErrorMessage = (error: FastifyError, statusCode: number) =>
  ECHOING_MESSAGES[error.code] ?? (error.message || STATUS_CODES[statusCode] || 'Error');

/**
 * The one place errors become answers: validation errors list their fields, 4xx pass their message
 * through (but never a URL or header the client sent), a database out of reach is a 503 the client
 * may retry, and anything else is logged and answered with a plain 500 (never a stack trace). The
 * API answers in JSON; the web app's paths get the status in plain text.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors = error.validation.map((issue) => ({
        field: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return answer(request, reply, 400, errors[0]?.message ?? 'Invalid request', errors);
    }
    if (error instanceof AppError) return answer(request, reply, error.statusCode, error.message);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // An outage, not a bug: warn, and tell the client to come back.
      request.log.warn({ err: error }, 'database unavailable');
      return answer(request, reply, 503, apiMessages.databaseUnavailable);
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return answer(request, reply, 500, apiMessages.internalError);
    }
    if (status === 429) return answer(request, reply, 429, apiMessages.tooManyRequests);
    return answer(request, reply, status, clientErrorMessage(error, status));
  });
}

export function jsonNotFound(reply: FastifyReply) {
  return reply.status(404).type('application/json').send(body(404, apiMessages.routeNotFound));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook or route runs (a malformed
 * percent-encoding: 400; a parameter over `maxParamLength`: 414), answered as the error handler
 * answers, never with the URL. The security headers are set here: no `onRequest` hook ran.
 */
export function routerErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(securityHeaders);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return answer(request, reply, 500, apiMessages.internalError);
    }
    return answer(request, reply, status, clientErrorMessage(error, status));
  };
}
