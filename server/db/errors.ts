/** The driver's error under Drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function driverErrors(error: unknown): Array<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  const found = [];
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    found.push(current as { code?: unknown; constraint?: unknown; message?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/**
 * Whether `error` is PostgreSQL's unique_violation (23505) of the index or constraint `name`, from
 * node-postgres or PGlite alike (both report the constraint's name).
 */
export const isUniqueViolation = (error: unknown, name: string) =>
  driverErrors(error).some(
    (each) =>
      each.code === '23505' &&
      (each.constraint === name || (typeof each.message === 'string' && each.message.includes(`"${name}"`))),
  );

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
