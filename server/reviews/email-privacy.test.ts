import { eq } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail, type Review } from '../../contract/index.js';
import { reviews } from '../db/schema.js';
import { seedReviews } from '../db/seed-data.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUpWithToken } from '../test/auth.js';
import { buildReview } from '../test/factories.js';
import { postAs } from '../test/requests.js';

const MASKED = /^[^@]?\*\*\*@[^@]+$/;
const LISTS = ['/api/reviews', '/api/reviews?limit=6'];

/** The raw text of an answer holds none of the whole addresses, and every e-mail in it is masked. */
function expectOnlyMasked(body: string, addresses: string[]) {
  for (const address of addresses) expect(body).not.toContain(address);
  const parsed = JSON.parse(body) as Review | Review[];
  for (const review of Array.isArray(parsed) ? parsed : [parsed]) expect(review.email).toMatch(MASKED);
}

describe("the reviewer's e-mail in public answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const seeded = seedReviews.map((review) => review.email);
  const storedEmails = async () => (await t.db.select({ email: reviews.email }).from(reviews)).map((row) => row.email);

  it('when the seeded reviews are listed, then the body shows each address masked only; the rows keep it whole', async () => {
    const { body } = await get('/api/reviews');
    expectOnlyMasked(body, seeded);
    for (const address of seeded) expect(body).toContain(`"email":"${maskEmail(address)}"`);
    expect(await storedEmails()).toEqual(expect.arrayContaining(seeded));
  });

  it('when a customer posts a review, then its answer and both lists show their address masked; the row keeps it whole', async () => {
    const customer = await signUpWithToken(t.app);
    const posted = await postAs(t.app, customer.token, '/api/reviews', { fidback: 'Quiet pads.', ratting: 4 });
    expect(posted.statusCode).toBe(200);
    expectOnlyMasked(posted.body, [customer.email]);
    const review = posted.json<Review>();
    expect(review.email).toBe(maskEmail(customer.email));

    for (const url of LISTS) {
      const { body } = await get(url);
      expectOnlyMasked(body, [customer.email, ...seeded]);
      expect((JSON.parse(body) as Review[])[0]).toEqual(review);
    }
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review._id));
    expect(row?.email).toBe(customer.email);
  });

  it('when the list is read again, from the cache, then it is still masked, plain and compressed', async () => {
    const first = await get('/api/reviews');
    const unseen = await buildReview(t.db); // no cache invalidation: only a fresh read shows it
    const again = await get('/api/reviews');
    const gzipped = await get('/api/reviews', { 'accept-encoding': 'gzip' });

    expect(again.body).toBe(first.body);
    expect(again.body).not.toContain(unseen._id);
    expectOnlyMasked(again.body, await storedEmails());
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(again.body);
  });
});
