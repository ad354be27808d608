/**
 * `t***@example.com`: the first character of the local part, `***` and the domain (after the last
 * `@`); `***` when there is no `@`. Enough for a reviewer to recognise their own card, not enough
 * to write to them.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at === -1) return '***';
  return `${email.slice(0, at).slice(0, 1)}***${email.slice(at)}`;
}
