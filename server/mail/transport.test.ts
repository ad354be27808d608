import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { createMailTransport, fileTransport } from './transport.js';

const MESSAGE = {
  from: 'Brakehouse <sales@brakehouse.example>',
  to: 'rider@example.com',
  subject: 'Order received: Sintered Front Brake Pads',
  text: 'Thank you for your order.',
  html: '<p>Thank you for your order.</p>',
  messageId: '<mail-7@shop.example>',
};

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('where e-mails go without a mail server', () => {
  it('when no SMTP_URL is set, then each e-mail is a whole .eml file under DATA_DIR/mail, and a log line says where, the recipient masked', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'brakehouse-mail-'));
    dirs.push(dataDir);
    const log = { info: vi.fn() };
    const transport = createMailTransport(loadConfig({ DATA_DIR: dataDir }).mail, log);
    expect(transport.describe).toBe(path.join(dataDir, 'mail'));
    await transport.send(MESSAGE);
    await transport.send({ ...MESSAGE, messageId: '<mail-8@shop.example>' });

    const files = (await readdir(path.join(dataDir, 'mail'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', files[0] ?? '')));
    expect(parsed).toMatchObject({ subject: MESSAGE.subject, messageId: MESSAGE.messageId, html: MESSAGE.html });
    expect(parsed.text?.trim()).toBe(MESSAGE.text);
    expect(parsed.to).toMatchObject({ value: [{ address: 'rider@example.com' }] });
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ file: expect.stringContaining(path.join(dataDir, 'mail')), to: 'r***@example.com' }),
      'e-mail written to a file (SMTP_URL is not set)',
    );
    // The log masks every address it holds: the recipient's whole address is in the file only.
    expect(JSON.stringify(log.info.mock.calls)).not.toContain(MESSAGE.to);
    transport.close();
  });

  it('when SMTP_URL is set, then the transport names the server without its password', () => {
    const transport = createMailTransport(loadConfig({ SMTP_URL: 'smtp://shop:secret@mail.example:587' }).mail, {
      info: vi.fn(),
    });
    expect(transport.describe).toBe('smtp://mail.example:587');
    transport.close();
  });

  it('when the folder cannot be written, then sending fails (and the outbox tries again later)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'brakehouse-mail-'));
    dirs.push(dataDir);
    const notAFolder = path.join(dataDir, 'a-file');
    await writeFile(notAFolder, 'in the way');
    const transport = fileTransport(path.join(notAFolder, 'mail'), { info: vi.fn() });
    await expect(transport.send(MESSAGE)).rejects.toThrow();
    transport.close();
  });
});
