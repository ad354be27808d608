/**
 * An e-mail address as others may see it: its first character, `***`, then `@` and the domain
 * (`tom@example.com` becomes `t***@example.com`). Text without a local part before its last `@`
 * gives `***`: nothing of it shows.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const [first] = email; // the first character, whole even outside the BMP
  return `${first}***${email.slice(at)}`;
}
