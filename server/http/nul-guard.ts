import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

const NUL = '\u0000';

/**
 * Marks a parsed body whose reader refused the NUL character itself as the bytes came (a catalogue
 * file: walking its 10,000 lines here in one go held every other request for 150 ms).
 */
export const NUL_REFUSED_AS_READ = Symbol('nulRefusedAsRead');

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value) || depth > 64) return false;
  if (NUL_REFUSED_AS_READ in value) return false;
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
 * The path and the query reach the handlers percent-decoded, and only `%00` decodes to NUL (a raw
 * NUL byte never gets past Node's HTTP parser): looking at the URL once is cheaper than walking the
 * parsed parameters, on every catalogue read.
 */
const NUL_IN_URL = /%00/;

/**
 * PostgreSQL cannot store the NUL character in text, so a request carrying one anywhere (path,
 * query, body) is refused here with a 400, before it could reach the database as a 500.
 */
export function rejectNulCharacters(api: FastifyInstance) {
  // A callback hook, not an async one: it runs on every API request, and a promise per request is
  // measurable on the catalogue's reads.
  api.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (NUL_IN_URL.test(request.url) || (body !== undefined && body !== null && containsNul(parsedIfText(body)))) {
      done(new AppError('nulCharacter'));
      return;
    }
    done();
  });
}
