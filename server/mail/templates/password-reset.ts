import { pagePaths, RESET_LINK_SECONDS } from '../../../contract/index.js';
import type { MailData, MailStore } from '../messages.js';
import { storeLink, type Email } from './blocks.js';

/** How long the link works, in words: `one hour`, `2 hours`, `30 minutes`. */
function lifetime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes === 60) return 'one hour';
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
}

/** The link to choose a new password with the identity library's token, good once and for a while. */
export const passwordReset = ({ name, token }: MailData['password-reset'], store: MailStore): Email => ({
  subject: `Reset your password at ${store.name}`,
  title: 'Reset your password',
  blocks: [
    { type: 'paragraph', text: name.trim() ? `Hello ${name.trim()},` : 'Hello,' },
    {
      type: 'paragraph',
      text:
        `Someone asked to reset the password of your ${store.name} account. To choose a new one, ` +
        `follow this link. It works once, within ${lifetime(RESET_LINK_SECONDS)}.`,
    },
    {
      type: 'button',
      label: 'Choose a new password',
      href: storeLink(store, `${pagePaths.resetPassword}?token=${encodeURIComponent(token)}`),
    },
    { type: 'paragraph', text: 'If you did not ask, ignore this e-mail: your password stays as it is.' },
  ],
});
