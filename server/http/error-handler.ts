import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages, type ErrorResponse } from '../../contract/index.js';
import { AppError } from './errors.js';

const body = (statusCode: number, message: string, errors?: ErrorResponse['errors']): ErrorResponse => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(errors ? { errors } : {}),
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

/**
 * The one place errors become answers: validation errors list their fields, 4xx pass their message
 * through, a database out of reach is a 503 the client may retry, and anything else is logged and
 * answered with a plain 500 (never a stack trace).
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors = error.validation.map((issue) => ({
        field: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body(400, errors[0]?.message ?? 'Invalid request', errors));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // An outage, not a bug: warn, and tell the client to come back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(body(503, apiMessages.databaseUnavailable));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body(500, apiMessages.internalError));
    }
    if (status === 429) return reply.status(429).send(body(429, apiMessages.tooManyRequests));
    return reply.status(status).send(body(status, error.message));
  });
}

export function jsonNotFound(reply: FastifyReply) {
  return reply.status(404).type('application/json').send(body(404, apiMessages.routeNotFound));
}
