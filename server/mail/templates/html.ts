/**
 * HTML that is safe to put in an e-mail: written by the templates themselves, with every value put
 * into it escaped. Customers and admins write names, addresses, part names and carriers; none of it
 * may become markup in a message that goes out in the store's name.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: it reads the same and can close no tag nor attribute (quotes are escaped too). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/** What a template may put between its tags: nothing at all for null, undefined and false. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function toHtml(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * The one way the e-mails write HTML: html`<td>${name}</td>` escapes `name`, unless it is the
 * SafeHtml of another html`` (so templates nest), and joins arrays of either.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + toHtml(values[index - 1] ?? null) + part));
}
