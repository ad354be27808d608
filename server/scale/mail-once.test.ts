import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { adminQuery } from '../test/database.js';
import { buildProduct } from '../test/factories.js';
import {
  buildServer,
  killServerProcesses,
  placeOrder,
  registerCustomer,
  sleep,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';
import { requireServiceUrl } from './services.js';

const databaseServer = requireServiceUrl('TEST_DATABASE_URL', 'a PostgreSQL server');
const STORE = 'owner@brakehouse.example';
const CUSTOMERS = 12;

/**
 * Two instances on one database, each with its outbox worker, and one mail server: every order's
 * two e-mails (the customer's and the store's copy) arrive once each, whichever instance took the
 * order and whichever worker claimed the message.
 */
describe('e-mails from two instances', () => {
  const name = `brakehouse_mail_${randomBytes(5).toString('hex')}`;
  let smtp: TestSmtpServer;
  let instances: ServerProcess[];
  let productId: string;
  let databaseUrl: string;

  beforeAll(async () => {
    buildServer();
    smtp = await startTestSmtpServer();
    await adminQuery(`create database ${name}`, databaseServer);
    const url = new URL(databaseServer);
    url.pathname = `/${name}`;
    const env = { SMTP_URL: smtp.url, STORE_CONTACT_EMAIL: STORE };
    const first = await startServerProcess(url.toString(), undefined, env);
    instances = [first, await startServerProcess(url.toString(), undefined, { ...env, PUBLIC_URL: first.baseUrl })];
    databaseUrl = url.toString();
    const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 1 });
    productId = (await buildProduct(database.db, { availableQuantity: 1000, minimumOrderQuantity: 1 }))._id;
    await database.close();
  });
  afterAll(async () => {
    killServerProcesses();
    await smtp.close();
    await adminQuery(`drop database if exists ${name} with (force)`, databaseServer);
  });

  it('when customers order through both instances at once, then each e-mail is sent exactly once', async () => {
    // Accounts are made where the browser's origin is the public one (the first instance's address).
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, () => registerCustomer(instances[0]?.baseUrl ?? '')),
    );
    // Each has opened the link of their 'Verify your e-mail' (decision 0035): no order e-mail is held.
    const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: 1 });
    await database.db.update(users).set({ emailVerified: true });
    await database.close();
    const answers = await Promise.all(
      customers.map((customer, index) => placeOrder(instances[index % 2]?.baseUrl ?? '', customer.token, productId, 1)),
    );
    expect(answers.map(({ status }) => status)).toEqual(Array(CUSTOMERS).fill(200));

    // Each customer's 'Verify your e-mail', and each order's two e-mails.
    const received = await smtp.waitFor(3 * CUSTOMERS, 30_000);
    await sleep(3_000); // both workers have looked again by now: nothing more may come
    expect(received).toHaveLength(3 * CUSTOMERS);
    expect(new Set(received.map(({ messageId }) => messageId)).size).toBe(3 * CUSTOMERS);
    const verify = received.filter(({ subject }) => subject.includes('Verify your e-mail'));
    expect(verify.flatMap(({ to: recipients }) => recipients).sort()).toEqual(
      customers.map(({ email }) => email).sort(),
    );
    const to = received.filter((mail) => !verify.includes(mail)).flatMap(({ to: recipients }) => recipients);
    expect(to.filter((address) => address === STORE)).toHaveLength(CUSTOMERS);
    expect(to.filter((address) => address !== STORE).sort()).toEqual(customers.map(({ email }) => email).sort());
  });
});
