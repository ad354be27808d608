import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { projectRoot } from '../lib/project-root.js';
import { createUserRepository } from './repository.js';

const run = promisify(execFile);
const root = projectRoot();

/** Runs the command as `npm run make-admin -- <email>` does, on a PGlite DATA_DIR. */
const makeAdmin = (dataDir: string, ...args: string[]) =>
  run(path.join(root, 'node_modules/.bin/tsx'), ['server/users/make-admin.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

const roleOf = async (dataDir: string, email: string) => {
  const database = await openDatabase({ dataDir });
  try {
    return (await createUserRepository(database.db).findByEmail(email))?.role;
  } finally {
    await database.close();
  }
};

describe('npm run make-admin', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'brakehouse-admin-'));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.db.insert(users).values({ id: 'u1', name: 'Ops', email: 'ops@shop.example' });
    await database.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when the user exists, then they become an admin, and a second run says so', async () => {
    const first = await makeAdmin(dataDir, 'Ops@Shop.example');
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain('Ops@Shop.example is now an admin.');
    expect(await roleOf(dataDir, 'ops@shop.example')).toBe('admin');
    expect((await makeAdmin(dataDir, 'ops@shop.example')).output).toContain('was already an admin');
  });

  it('when no such user exists or no e-mail is given, then it says so and fails', async () => {
    const missing = await makeAdmin(dataDir, 'ghost@shop.example');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('No user with the e-mail ghost@shop.example');
    const usage = await makeAdmin(dataDir);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run make-admin -- <email>');
  });

  it('when the store is running on the same DATA_DIR, then it refuses instead of corrupting it', async () => {
    const running = await openDatabase({ dataDir });
    try {
      const refused = await makeAdmin(dataDir, 'ops@shop.example');
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`is in use by process ${process.pid}`);
    } finally {
      await running.close();
    }
  });
});
