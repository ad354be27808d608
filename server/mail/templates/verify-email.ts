import { emailVerificationTexts, pagePaths } from '../../../contract/index.js';
import type { MailData, MailStore } from '../messages.js';
import { storeLink, type Email } from './blocks.js';

/**
 * The link that verifies an address, good for 24 hours. It goes to an address nobody has proved
 * yet, so it says nothing anyone typed: no name, only the store's own words.
 */
export const verifyEmail = ({ token }: MailData['verify-email'], store: MailStore): Email => ({
  subject: `${emailVerificationTexts.emailSubject} at ${store.name}`,
  title: emailVerificationTexts.emailSubject,
  blocks: [
    { type: 'paragraph', text: 'Hello,' },
    {
      type: 'paragraph',
      text:
        `This address was given to open an account at ${store.name}. To confirm that it is yours, ` +
        'follow this link within 24 hours.',
    },
    {
      type: 'button',
      label: 'Verify my e-mail',
      href: storeLink(store, `${pagePaths.verifyEmail}?token=${encodeURIComponent(token)}`),
    },
    {
      type: 'paragraph',
      text: 'If it was not you, ignore this e-mail: the address stays unverified, and the store sends it nothing about orders.',
    },
  ],
});
