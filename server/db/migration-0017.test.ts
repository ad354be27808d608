import { describe, expect, it } from 'vitest';
import { storeMigratedUpTo } from '../test/migrations.js';

/**
 * Migration 0017 on a store whose accounts were made before addresses were verified: each counts as
 * verified (docs/decisions/0035-verified-addresses.md), so that its e-mails keep going out.
 */
describe('migration 0017 on accounts made before verified addresses', () => {
  it('when the store is upgraded, then every account made before counts as verified', async () => {
    const { client, migrateTheRest, close } = await storeMigratedUpTo('0016_mail_held_for_verification');
    try {
      await client.exec(`
        insert into users (id, name, email, email_verified, created_at, updated_at)
          values ('u1', 'Never asked', 'never@example.com', false, now(), now()),
                 ('u2', 'Google', 'google@example.com', true, now(), now());`);

      await migrateTheRest();

      const { rows } = await client.query<{ id: string; email_verified: boolean }>(
        'select id, email_verified from users order by id',
      );
      expect(rows).toEqual([
        { id: 'u1', email_verified: true },
        { id: 'u2', email_verified: true },
      ]);
    } finally {
      await close();
    }
  });
});
