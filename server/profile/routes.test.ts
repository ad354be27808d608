import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages as m } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { postAs } from '../test/requests.js';

type Account = Awaited<ReturnType<typeof signUpWithToken>>;

const info = {
  education: 'BSc Mechanical Engineering',
  location: 'Austin, TX',
  phoneNumber: '+1 555 0142',
  linkedIn: 'https://www.linkedin.com/in/aiko-rider',
};

describe('My Profile info: GET and POST /api/userinfo', () => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = await Promise.all([signUpWithToken(t.app), signUpWithToken(t.app)]);
  });
  afterAll(() => t.close());

  const read = (token: string) => t.app.inject({ method: 'GET', url: '/api/userinfo', headers: bearer(token) });
  const save = (token: string, body: object) => postAs(t.app, token, '/api/userinfo', body);

  it('when nothing was saved yet, then it answers null', async () => {
    const response = await read(alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('when a user saves, then it is theirs alone and reads back; a second save replaces it', async () => {
    expect((await save(alice.token, info)).json()).toEqual(info);
    expect((await read(alice.token)).json()).toEqual(info);
    expect((await read(bob.token)).json()).toBeNull();
    const moved = { ...info, location: '  Lyon  ' };
    await save(alice.token, moved);
    expect((await read(alice.token)).json()).toEqual({ ...info, location: 'Lyon' });
  });

  it("when the body names another user (email, userId), then it is ignored: the token's user is saved", async () => {
    await save(bob.token, { ...info, education: 'Bob school', email: alice.email, userId: 'x', _id: 'y' });
    expect((await read(bob.token)).json()).toEqual({ ...info, education: 'Bob school' });
    expect((await read(alice.token)).json<typeof info>().education).not.toBe('Bob school');
  });

  it.each([
    ['education', m.educationRequired],
    ['location', m.locationRequired],
    ['phoneNumber', m.phoneNumberRequired],
    ['linkedIn', m.linkedInRequired],
  ])('when %s is missing or blank, then 400 "%s" and the saved info is unchanged', async (field, message) => {
    const before = (await read(alice.token)).json();
    for (const value of [undefined, '', '   ']) {
      const response = await save(alice.token, { ...info, education: 'changed', [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await read(alice.token)).json()).toEqual(before);
  });

  it('when a field is too long, then 400 with the limit', async () => {
    const response = await save(alice.token, { ...info, education: 'x'.repeat(201) });
    expect(response.json().message).toBe('Education can be at most 200 characters');
  });

  it('when nobody is signed in, then 401 for both', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/userinfo' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/userinfo', payload: info })).statusCode).toBe(401);
  });
});
