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

/**
 * The one place errors become answers: validation errors list their fields, 4xx pass their message
 * through, and anything else is logged and answered with a plain 500 (never a stack trace).
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
