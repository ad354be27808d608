import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_PREFIX, apiErrors, type ApiErrorName, type ErrorResponse, type FieldError } from '../../contract/index.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError } from './errors.js';

/** The API's one error shape. */
export const errorBody = (
  statusCode: number,
  code: string,
  message: string,
  errors?: readonly FieldError[],
): ErrorResponse => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  code,
  message,
  ...(errors ? { errors: [...errors] } : {}),
});

/** A refusal of the contract's table, by name, with its own status, code and message. */
export const refusalBody = (name: ApiErrorName): ErrorResponse =>
  errorBody(apiErrors[name].status, apiErrors[name].code, apiErrors[name].message);

/** A refusal the contract does not name (the framework's own): its status's name as its code, `PAYLOAD_TOO_LARGE`. */
export const statusName = (status: number) => (STATUS_CODES[status] ?? 'Error').toUpperCase().replace(/[^A-Z]+/g, '_');

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
const answer = (request: FastifyRequest, reply: FastifyReply, body: ErrorResponse) =>
  isApiUrl(request.url) ? reply.status(body.statusCode).send(body) : plainError(reply, body.statusCode);

/** Fastify's and its plugins' refusals whose messages would repeat what the client sent (the URL, a header). */
const ECHOING_REFUSALS: Readonly<Record<string, ApiErrorName>> = {
  FST_ERR_BAD_URL: 'malformedUrl',
  FST_ERR_MAX_PARAM_LENGTH: 'urlPartTooLong',
  FST_CP_ERR_INVALID_CONTENT_ENCODING: 'unsupportedContentEncoding',
};

/** A 4xx error from Fastify or a plugin: ours where its message repeats the request, else its own message. */
function clientErrorBody(error: FastifyError, status: number): ErrorResponse {
  const ours = ECHOING_REFUSALS[error.code];
  if (ours) return refusalBody(ours);
  if (status === 429) return refusalBody('tooManyRequests');
  return errorBody(status, statusName(status), error.message || STATUS_CODES[status] || 'Error');
}

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
      const { status, code, message } = apiErrors.validationFailed;
      return answer(request, reply, errorBody(status, code, errors[0]?.message ?? message, errors));
    }
    if (error instanceof AppError) {
      const body = errorBody(error.statusCode, error.code, error.message, error.errors);
      return answer(request, reply, { ...error.details, ...body });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // An outage, not a bug: warn, and tell the client to come back.
      request.log.warn({ err: error }, 'database unavailable');
      return answer(request, reply, refusalBody('databaseUnavailable'));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return answer(request, reply, refusalBody('internalError'));
    }
    return answer(request, reply, clientErrorBody(error, status));
  });
}

export function jsonNotFound(reply: FastifyReply) {
  return reply.status(404).type('application/json').send(refusalBody('routeNotFound'));
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
      return answer(request, reply, refusalBody('internalError'));
    }
    return answer(request, reply, clientErrorBody(error, status));
  };
}

/** What Node refuses before Fastify sees a request, by Node's error code: the status and our message. */
const CONNECTION_REFUSALS: Readonly<Record<string, [number, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers (the URL included) are too large'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (no HTTP, a NUL in the URL,
 * headers over the limit, too slow) is answered in the API's one error shape, with a code, as
 * Fastify's default does without one; nothing of the request is repeated.
 */
export function connectionErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CONNECTION_REFUSALS[error.code ?? ''] ?? [400, 'The request could not be read'];
  const body = JSON.stringify(errorBody(status, statusName(status), message));
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
