import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMove, checkout, SHIPMENT } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, signUpWithToken, TEST_ORIGIN, verifyByLink } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { payInSandbox } from '../test/requests.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';
import { smtpTransport } from './transport.js';

// The whole way of an order's e-mails, as the store is wired (server/app.ts): queued by the
// changes, worded by the templates, sent over real SMTP from MAIL_FROM, the store's copy to
// STORE_CONTACT_EMAIL, every link on PUBLIC_URL (the tests' own origin).

const ADMIN = 'mail-admin@brakehouse.example';
const ENV = {
  ADMIN_EMAILS: ADMIN,
  STORE_CONTACT_EMAIL: 'owner@brakehouse.example',
  MAIL_FROM: 'Brakehouse Sales <sales@brakehouse.example>',
};

describe("an order's e-mails, from the change to the mail server", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ env: ENV, mailTransport: smtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('when a customer checks out, pays, and the order ships, then they get each e-mail once and the store its copy', async () => {
    const [admin, rider] = await Promise.all([adminWithToken(t.app, ADMIN), signUpWithToken(t.app)]);
    // The customer opened the link of their 'Verify your e-mail' message (server/auth/email-verification.test.ts).
    await verifyByLink(t.app, t.db, rider.email);
    const part = await buildProduct(t.db, { name: 'Sintered Front Brake Pads HH', minimumOrderQuantity: 1 });
    const order = await checkout(t.app, rider.token, [{ productId: part._id, quantity: 2 }]);
    expect(await t.app.outbox.sendDue()).toBe(3);
    const { transactionId } = await payInSandbox(t.app, rider.token, order._id);
    expect((await adminMove(t.app, admin.token, order._id, 'ship', SHIPMENT)).statusCode).toBe(200);
    expect(await t.app.outbox.sendDue()).toBe(2);
    expect(await t.app.outbox.sendDue()).toBe(0);

    const [verify, ...received] = await smtp.waitFor(5);
    expect(verify?.subject).toContain('Verify your e-mail');
    expect(received.map(({ to, subject }) => [to, subject])).toEqual([
      [[rider.email], expect.stringContaining('Order received')],
      [['owner@brakehouse.example'], expect.stringContaining('Order received')],
      [[rider.email], expect.stringContaining('Payment received')],
      [[rider.email], expect.stringContaining('Your order has shipped')],
    ]);
    for (const mail of received) {
      expect(mail.parsed.from?.value).toEqual([{ name: 'Brakehouse Sales', address: 'sales@brakehouse.example' }]);
      expect(mail.text).toContain('Brakehouse');
      expect(mail.html).toContain('Sintered Front Brake Pads HH');
      for (const [, link] of mail.html.matchAll(/href="([^"]+)"/g))
        expect(link?.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
    }
    const [confirmation, , receipt, shipped] = received;
    expect(confirmation?.text).toContain(`${TEST_ORIGIN}/dashboard/payment/${order._id}`);
    expect(receipt?.text).toContain(transactionId);
    expect(shipped?.text).toContain(SHIPMENT.trackingNumber);
  });
});
