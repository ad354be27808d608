import type { MailStore } from '../messages.js';
import { blocksOf, storeLink, type Block, type Email } from './blocks.js';

/** Labels and values in a column: `Carrier:         DHL`. */
function factLines(facts: readonly { label: string; value: string }[]): string[] {
  const width = Math.max(...facts.map(({ label }) => label.length)) + 1;
  return facts.map(({ label, value }) => `${`${label}:`.padEnd(width)} ${value}`);
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return factLines(block.facts).join('\n');
    case 'lines':
      return [
        ...block.lines.map((line) => `- ${line.name}\n  ${line.quantity} x ${line.unitPrice} = ${line.total}`),
        '',
        ...factLines(block.totals),
      ].join('\n');
    case 'address':
      return [`${block.title}:`, ...block.lines.map((line) => `  ${line}`)].join('\n');
    case 'button':
    case 'link':
      return `${block.label}:\n${block.href}`;
  }
}

/** The plain-text part: the store's name, the title, the blocks, then how to reach the store. */
export function renderText(email: Email, store: MailStore): string {
  const header = `${store.name}\n${'='.repeat(store.name.length)}`;
  const footer = `-- \n${store.name}: ${storeLink(store, '/')}\nQuestions? Write to ${store.contactEmail}`;
  return [header, email.title, ...blocksOf(email).map(blockText), footer].join('\n\n') + '\n';
}
