import { describe, expect, it } from 'vitest';
import { storeMigratedUpTo } from '../test/migrations.js';

/**
 * Migrations 0014 and 0015 (one testimonial per customer) on a store where customers posted several:
 * each keeps their newest, the sample reviews (nobody's) all stay, and a second one is refused after.
 */
describe('migrations 0014-0015 on a store with many testimonials per customer', () => {
  it("keeps each customer's newest testimonial and every sample one", async () => {
    const { client, migrateTheRest, close } = await storeMigratedUpTo('0013_messages');
    try {
      await client.exec(`
        insert into users (id, name, email, email_verified, created_at, updated_at)
          values ('u1', 'Keen', 'keen@example.com', true, now(), now()),
                 ('u2', 'Once', 'once@example.com', true, now(), now());
        insert into reviews (name, email, photo_url, rating, feedback, user_id) values
          ('Sample A', 'a@example.com', '/a.svg', 5, 'sample 1', null),
          ('Keen', 'keen@example.com', '/k.svg', 1, 'keen first', 'u1'),
          ('Once', 'once@example.com', '/o.svg', 4, 'once only', 'u2'),
          ('Keen', 'keen@example.com', '/k.svg', 2, 'keen second', 'u1'),
          ('Sample B', 'b@example.com', '/b.svg', 5, 'sample 2', null),
          ('Keen', 'keen@example.com', '/k.svg', 3, 'keen newest', 'u1');`);

      await migrateTheRest();

      const { rows } = await client.query<{ feedback: string }>('select feedback from reviews order by seq');
      expect(rows.map((row) => row.feedback)).toEqual(['sample 1', 'once only', 'sample 2', 'keen newest']);
      await expect(
        client.query(`insert into reviews (name, email, photo_url, rating, feedback, user_id)
                      values ('Keen', 'keen@example.com', '/k.svg', 5, 'again', 'u1')`),
      ).rejects.toThrow(/reviews_user_id_key/);
    } finally {
      await close();
    }
  });
});
