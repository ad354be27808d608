import type { MailStore, QueuedMail, RenderedMail } from './messages.js';
import type { Email } from './templates/blocks.js';
import { subjectLine } from './templates/format.js';
import { renderHtml } from './templates/layout.js';
import {
  orderCancelled,
  orderReceived,
  orderReceivedStore,
  orderShipped,
  paymentReceived,
} from './templates/order-mails.js';
import { passwordReset } from './templates/password-reset.js';
import { renderText } from './templates/text.js';
import { verifyEmail } from './templates/verify-email.js';

/** What each kind of e-mail says (templates/), from what was queued with it. */
function emailOf(mail: QueuedMail, store: MailStore): Email {
  switch (mail.kind) {
    case 'order-received':
      return orderReceived(mail.data.order, store);
    case 'order-received-store':
      return orderReceivedStore(mail.data.order, store);
    case 'payment-received':
      return paymentReceived(mail.data.order, store);
    case 'order-shipped':
      return orderShipped(mail.data.order, store);
    case 'order-cancelled':
      return orderCancelled(mail.data.order, store);
    case 'password-reset':
      return passwordReset(mail.data, store);
    case 'verify-email':
      return verifyEmail(mail.data, store);
  }
}

/**
 * A queued e-mail as it goes out: its subject on one line, and a plain-text and an HTML part drawn
 * from the same blocks, so that both say the same.
 */
export function renderMail(mail: QueuedMail, store: MailStore): RenderedMail {
  const email = emailOf(mail, store);
  const subject = subjectLine(email.subject);
  return {
    subject,
    text: renderText({ ...email, subject }, store),
    html: renderHtml({ ...email, subject }, store),
  };
}
