import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail, validationMessages as m, type Review } from '../../contract/index.js';
import { reviews } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, signUpWithToken } from '../test/auth.js';
import { postAs } from '../test/requests.js';

const ADMIN = 'review-admin@example.com';
type Account = Awaited<ReturnType<typeof signUpWithToken>>;

describe('POST /api/reviews', () => {
  let t: TestApp;
  let customer: Account;
  let admin: Account;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_EMAILS: ADMIN } });
    [customer, admin] = await Promise.all([
      signUpWithToken(t.app, { name: 'Aiko Rider' }),
      adminWithToken(t.app, ADMIN),
    ]);
  });
  afterAll(() => t.close());

  const review = (token: string, body: object) => postAs(t.app, token, '/api/reviews', body);
  const newest = async () => (await t.app.inject({ method: 'GET', url: '/api/reviews?limit=1' })).json<Review[]>()[0];
  const count = async () => (await t.db.select().from(reviews)).length;

  it("when a customer reviews, then name, e-mail (masked) and photo are the account's whatever the body says, and it comes first", async () => {
    const response = await review(customer.token, {
      fidback: 'Pads bite hard from cold.',
      ratting: 5,
      name: 'The CEO',
      email: 'ceo@elsewhere.example',
      photoUrl: 'https://tracker.example/x.png',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<Review>();
    expect(saved).toMatchObject({
      name: 'Aiko Rider',
      email: maskEmail(customer.email),
      photoUrl: '/images/reviewers/default-user.svg',
      ratting: 5,
      fidback: 'Pads bite hard from cold.',
    });
    expect(await newest()).toEqual(saved);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, saved._id));
    expect(row).toMatchObject({ userId: expect.any(String), email: customer.email });
  });

  it('when the feedback carries HTML, then it is stored as the text it is (rendering escapes it)', async () => {
    const fidback = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const response = await review(customer.token, { fidback, ratting: 3 });
    expect(response.json<Review>().fidback).toBe(fidback);
  });

  it('when a customer reviews again, then the new testimonial replaces theirs and comes first', async () => {
    const rider = await signUpWithToken(t.app, { name: 'Once Only' });
    await review(rider.token, { fidback: 'First thoughts', ratting: 2 });
    const second = (await review(rider.token, { fidback: 'Second thoughts', ratting: 5 })).json<Review>();
    expect(second).toMatchObject({ fidback: 'Second thoughts', ratting: 5 });
    expect(await newest()).toEqual(second);
    const theirs = await t.db.select().from(reviews).where(eq(reviews.email, rider.email));
    expect(theirs.map((row) => row.feedback)).toEqual(['Second thoughts']);
  });

  it("when customers post many testimonials, some at once, then the home's six show each customer once", async () => {
    const riders = await Promise.all([1, 2, 3].map((n) => signUpWithToken(t.app, { name: `Keen Rider ${n}` })));
    for (const round of [1, 2, 3, 4]) {
      const answers = await Promise.all(
        riders.flatMap((rider) =>
          [1, 2].map((n) => review(rider.token, { fidback: `Round ${round}.${n}`, ratting: 4 })),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    }
    const home = (await t.app.inject({ method: 'GET', url: '/api/reviews?limit=6' })).json<Review[]>();
    expect(home).toHaveLength(6);
    expect(new Set(home.map((each) => each.name)).size).toBe(6);
    expect(
      home
        .slice(0, 3)
        .map((each) => each.name)
        .sort(),
    ).toEqual(['Keen Rider 1', 'Keen Rider 2', 'Keen Rider 3']);
    expect(home.slice(0, 3).every((each) => each.fidback.startsWith('Round 4.'))).toBe(true);
  });

  it.each([
    [{ ratting: 4 }, m.feedbackRequired],
    [{ fidback: '   ', ratting: 4 }, m.feedbackRequired],
    [{ fidback: 'x'.repeat(1001), ratting: 4 }, 'Feedback can be at most 1000 characters'],
    [{ fidback: 'ok' }, m.ratingRequired],
    [{ fidback: 'ok', ratting: 0 }, m.ratingTooLow],
    [{ fidback: 'ok', ratting: 6 }, m.ratingTooHigh],
    [{ fidback: 'ok', ratting: 4.5 }, 'Rating must be a whole number of stars'],
    [{ fidback: 'ok', ratting: '5' }, m.ratingRequired],
  ])('when %o, then 400 "%s" and nothing is stored', async (body, message) => {
    const before = await count();
    const response = await review(customer.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('when an admin or nobody posts a review, then 403 / 401 and nothing is stored', async () => {
    const before = await count();
    expect((await review(admin.token, { fidback: 'Great shop', ratting: 5 })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { fidback: 'x', ratting: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
