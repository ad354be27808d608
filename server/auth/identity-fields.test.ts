import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUp, TEST_ORIGIN } from '../test/auth.js';
import { checkIdentityFields } from './identity-fields.js';

const HOSTILE_PHOTOS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'http://tracker.example/pixel.png',
  'https://user:pass@photos.example/me.jpg',
  '//photos.example/me.jpg',
  '/api/user',
  'not a url',
  `https://photos.example/${'a'.repeat(2100)}.jpg`,
];

describe('name, e-mail and photo, on every path that writes them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN } });
  });
  afterAll(() => t.close());

  const signUpWith = (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: {
        email: `fields-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'fine-password',
        name: 'Ok',
        ...fields,
      },
    });
  const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a 60,000-character name', { name: 'n'.repeat(60_000) }, 'INVALID_NAME'],
    ['a blank name', { name: '   ' }, 'INVALID_NAME'],
    ['a 5,000-character e-mail', { email: `${'e'.repeat(5000)}@example.com` }, 'INVALID_EMAIL'],
    ...HOSTILE_PHOTOS.map((image): [string, Record<string, unknown>, string] => [
      `the photo ${image.slice(0, 40)}`,
      { image },
      'INVALID_PHOTO_URL',
    ]),
  ];
  it.each(refusals)('when sign-up carries %s, then 400 with its code and no account', async (_what, fields, code) => {
    const before = await userCount();
    const response = await signUpWith(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
    // Named on its field, so the Register form shows it there.
    const field = { INVALID_NAME: 'body.name', INVALID_EMAIL: 'body.email', INVALID_PHOTO_URL: 'body.image' }[code];
    expect(response.json().errors).toEqual([{ field, message: response.json().message }]);
    expect(await userCount()).toBe(before);
  });

  it.each(['https://photos.example/riders/ana.jpg', '/images/reviewers/aiko.svg'])(
    'when sign-up carries the photo %s, then it is kept',
    async (image) => {
      const response = await signUpWith({ image });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.image).toBe(image);
    },
  );

  it('when update-user carries a bad name or photo, then 400 and the user is unchanged; good ones are saved', async () => {
    const account = await signUp(t.app, { name: 'Ana Ruiz' });
    const update = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { origin: TEST_ORIGIN, cookie: account.cookie },
        payload,
      });
    const stored = async () => (await t.db.select().from(users).where(eq(users.email, account.email)))[0];

    for (const payload of [{ name: 'x'.repeat(81) }, ...HOSTILE_PHOTOS.map((image) => ({ image }))]) {
      const response = await update(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect(await stored()).toMatchObject({ name: 'Ana Ruiz', image: '/images/reviewers/default-user.svg' });

    expect((await update({ name: '  Ana R.  ', image: 'https://photos.example/ana.png' })).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ name: 'Ana R.', image: 'https://photos.example/ana.png' });
  });

  it('when a user removes their photo, then it is cleared', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
      payload: { image: null },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.image).toBeNull();
  });
});

describe('checkIdentityFields', () => {
  it('when Google sends a long name and an unusable picture, then the name is shortened and the picture dropped', () => {
    const checked = checkIdentityFields(
      { email: 'Gina@Example.com', name: `  ${'G'.repeat(200)}  `, image: 'http://lh3.example/photo.jpg' },
      '/callback/:id',
    );
    expect(checked).toEqual({ email: 'gina@example.com', name: 'G'.repeat(80), image: null });
  });

  it('when Google sends a name with line breaks or bidi overrides, then they become spaces', () => {
    const checked = checkIdentityFields(
      { email: 'gina@example.com', name: 'Gina\r\nUnlock: evil\u202Etxt.exe' },
      '/callback/:id',
    );
    expect(checked.name).toBe('Gina  Unlock: evil txt.exe');
  });

  it('when Google sends no name, then the address before the @ stands in', () => {
    expect(checkIdentityFields({ email: 'gina@example.com', name: ' ' }, '/callback/:id').name).toBe('gina');
  });

  it('when a person types the same, then it is refused', () => {
    expect(() => checkIdentityFields({ name: 'G'.repeat(200) }, '/sign-up/email')).toThrow(/at most 80/);
    expect(() => checkIdentityFields({ image: 'http://lh3.example/photo.jpg' }, '/update-user')).toThrow(/https/);
  });
});
