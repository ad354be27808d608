import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_LIMIT, type Review } from '../../contract/index.js';
import { reviews } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';

const COUNT = MAX_LIST_LIMIT + 5;

describe('GET /api/reviews on more reviews than one answer holds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const rows = Array.from({ length: COUNT }, (_, index) => ({
      name: `Rider ${index + 1}`,
      email: `rider-${index + 1}@example.com`,
      photoUrl: '/images/reviewers/default-user.svg',
      rating: 5,
      feedback: 'Written in bulk.',
    }));
    for (let start = 0; start < COUNT; start += 500) await t.db.insert(reviews).values(rows.slice(start, start + 500));
  });
  afterAll(() => t.close());

  it('when anyone reads them without a limit, then the newest 1000 come, newest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(response.statusCode).toBe(200);
    const answered = response.json<Review[]>();
    expect(answered).toHaveLength(MAX_LIST_LIMIT);
    expect(answered[0]?.name).toBe(`Rider ${COUNT}`);
    expect(answered.at(-1)?.name).toBe(`Rider ${COUNT - MAX_LIST_LIMIT + 1}`);
  });
});
