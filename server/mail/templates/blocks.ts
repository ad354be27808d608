import type { MailStore } from '../messages.js';

/**
 * An e-mail as a list of blocks, each drawn once as plain text (text.ts) and once as HTML
 * (layout.ts): so the two parts always say the same. Every string here is plain text, as the
 * customer or the store wrote it; only the HTML drawing escapes it.
 */

/** A label and its value: `Tracking number: JD0146...`, or a row of the totals. */
export interface Fact {
  label: string;
  value: string;
  /** Stands out (the total). */
  strong?: boolean;
}

/** One line of an order, its money already in the store's currency. */
export interface LineRow {
  name: string;
  quantity: number;
  unitPrice: string;
  total: string;
}

export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'facts'; facts: readonly Fact[] }
  | { type: 'lines'; lines: readonly LineRow[]; totals: readonly Fact[] }
  /** An address or any few lines kept as they are, under a title. */
  | { type: 'address'; title: string; lines: readonly string[] }
  /** The one thing to do (pay, choose a password): a button in HTML. */
  | { type: 'button'; label: string; href: string }
  | { type: 'link'; label: string; href: string };

export interface Email {
  subject: string;
  /** The first words of the message, under the store's name. */
  title: string;
  blocks: readonly (Block | false | undefined)[];
}

/** The blocks to draw: a template leaves one out with `condition && block`. */
export const blocksOf = (email: Email): Block[] =>
  email.blocks.filter((block): block is Block => block !== false && block !== undefined);

/**
 * A page of the store as an absolute link: PUBLIC_URL and the path. Every link in an e-mail is made
 * here, so none leads anywhere but the store.
 */
export const storeLink = (store: MailStore, path: string): string =>
  `${store.publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
