/**
 * The servers the scale tests need (PostgreSQL, Redis), named by environment variables that CI sets
 * when they answer. Missing, the test file fails with what to set: it never skips quietly.
 */
export function requireServiceUrl(name: string, what: string): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: these tests need ${what} (npm run test:scale sets both)`);
  return url;
}
