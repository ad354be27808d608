import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { expect } from '../fixtures';
import { E2E_RESULTS_DIR } from './constants';

/**
 * Where the e2e store writes its e-mails: it runs without SMTP_URL, so its outbox worker writes each
 * as an .eml file under DATA_DIR/mail (DATA_DIR as playwright.config.ts's storeEnv sets it).
 */
const MAIL_DIR = path.resolve(E2E_RESULTS_DIR, 'e2e-data', 'mail');

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((address) => address.value.map((one) => one.address?.toLowerCase()));

async function mailsTo(recipient: string): Promise<ParsedMail[]> {
  const files = (await readdir(MAIL_DIR).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  const raws = await Promise.all(files.map((file) => readFile(path.join(MAIL_DIR, file), 'utf8')));
  // Every order of the run writes e-mails too: only those that name the address are parsed.
  const named = raws.filter((raw) => raw.toLowerCase().includes(recipient.toLowerCase()));
  const mails = await Promise.all(named.map((raw) => simpleParser(raw)));
  return mails.filter((mail) => addressesOf(mail.to).includes(recipient.toLowerCase()));
}

/**
 * The newest e-mail to `recipient` whose subject has `subject`, once the store has written it (its
 * worker looks for queued e-mails every second). File names start with the time they were written.
 */
export async function newestMailTo(recipient: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(recipient)).filter((mail) => mail.subject?.includes(subject)).at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${recipient} about "${subject}"`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable: the poll passed without an e-mail');
  return found;
}

/** The first link of the e-mail's text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = (mail.text ?? '').match(new RegExp(`${escaped}[^\\s<>"]*`))?.[0];
  if (!link) throw new Error(`no link starting ${prefix} in: ${mail.text ?? '(no text part)'}`);
  return link;
}
