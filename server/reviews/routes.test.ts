import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSchema, type Review } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUpWithToken } from '../test/auth.js';
import { postAs } from '../test/requests.js';

const SPEC_FIELDS = ['_id', 'email', 'fidback', 'name', 'photoUrl', 'ratting'];

describe('GET /api/reviews', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('when reviews are seeded, then it answers them with the spec field names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(response.statusCode).toBe(200);
    const reviews = response.json<Review[]>();
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    for (const review of reviews) {
      expect(Object.keys(review).sort()).toEqual(SPEC_FIELDS);
      expect(reviewSchema.parse(review)).toEqual(review);
    }
  });

  it('when a review is added, then it comes first at once, and limit=6 gives the 6 newest', async () => {
    await t.app.inject({ method: 'GET', url: '/api/reviews?limit=6' }); // read (and cached) before
    const rider = await signUpWithToken(t.app, { name: 'Newest rider' });
    const added = (
      await postAs(t.app, rider.token, '/api/reviews', { fidback: 'Smooth lever', ratting: 3 })
    ).json<Review>();
    const all = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json<Review[]>();
    const six = (await t.app.inject({ method: 'GET', url: '/api/reviews?limit=6' })).json<Review[]>();
    expect(all[0]).toEqual(added);
    expect(six).toEqual(all.slice(0, 6));
  });

  it('when limit is not a whole number, then 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reviews?limit=many' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('querystring.limit');
  });
});
