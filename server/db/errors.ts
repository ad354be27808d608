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
