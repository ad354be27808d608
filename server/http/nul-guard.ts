import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../contract/index.js';
import { AppError } from './errors.js';

const NUL = '\u0000';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value) || depth > 64) return false;
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
}

/** better-auth's routes keep their JSON body as text: look inside it. */
function parsedIfText(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * PostgreSQL cannot store the NUL character in text, so a request carrying one anywhere (path,
 * query, body) is refused here with a 400, before it could reach the database as a 500.
 */
export function rejectNulCharacters(api: FastifyInstance) {
  api.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(parsedIfText(request.body))) {
      throw new AppError(400, apiMessages.nulCharacter);
    }
  });
}
