import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUsersResponse, User } from '../../contract/index.js';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';

const ADMIN = 'users-list-admin@brakehouse.example';

describe('GET /api/user and Make Admin (GET /api/admin/users) with more accounts than one answer', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminWithToken>>;
  /** Every account oldest first: the admin, then `Rider 1` (rider-1@bulk.example) ... `Rider 150`. */
  let emails: string[];
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    admin = await adminWithToken(t.app, ADMIN);
    // 150 accounts in one statement, a second apart, so that oldest first is their number.
    const start = Date.now() + 1000;
    const riders = Array.from({ length: 150 }, (_, index) => ({
      id: `bulk-${index + 1}`,
      name: `Rider ${index + 1}`,
      email: `rider-${index + 1}@bulk.example`,
      createdAt: new Date(start + index * 1000),
    }));
    await t.db.insert(users).values(riders);
    emails = [admin.email, ...riders.map((rider) => rider.email)];
  });
  afterAll(() => t.close());

  const get = (url: string, token: string | undefined = admin.token) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const listed = async (query = '') => {
    const response = await get(`/api/user${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<User[]>().map((user) => user.email);
  };
  const found = async (query = '') => {
    const response = await get(`/api/admin/users${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<AdminUsersResponse>();
  };
  const newestFirst = () => [...emails].reverse();

  it('when GET /api/user is read without a query (151 accounts), then the oldest 100 come, oldest first', async () => {
    expect(await listed()).toEqual(emails.slice(0, 100));
  });

  it('when GET /api/user asks page 2 or limit 3, then the next accounts or that many come', async () => {
    expect(await listed('?page=2')).toEqual(emails.slice(100));
    expect(await listed('?limit=3&page=2')).toEqual(emails.slice(3, 6));
    expect(await listed('?page=3')).toEqual([]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'page=0', 'page=1.5'])(
    'when GET /api/user?%s, then 400 names the field',
    async (query) => {
      const response = await get(`/api/user?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        errors: [{ field: `querystring.${query.split('=')[0]}` }],
      });
    },
  );

  it('when Make Admin reads without a query, then the newest 20 come with the count of every account', async () => {
    const page = await found();
    expect(page.items.map((user) => user.email)).toEqual(newestFirst().slice(0, 20));
    expect(page).toMatchObject({ total: 151, page: 1, pageSize: 20 });
  });

  it('when page 4 of 50 is asked, then the oldest account comes alone; past the last page, none', async () => {
    const fourth = await found('?page=4&pageSize=50');
    expect(fourth.items.map((user) => user.email)).toEqual([admin.email]);
    expect(fourth).toMatchObject({ total: 151, page: 4, pageSize: 50 });
    expect((await found('?page=5&pageSize=50')).items).toEqual([]);
  });

  it('when words are searched, then they match any part of the e-mail or name, in any case; % and _ are themselves', async () => {
    expect((await found('?q=%20RIDER-15@%20')).items.map((user) => user.email)).toEqual(['rider-15@bulk.example']);
    // "Rider 14" is in Rider 14 and 140 to 149.
    const byName = await found(`?q=${encodeURIComponent('rider 14')}`);
    expect(byName.total).toBe(11);
    expect(byName.items[0]?.name).toBe('Rider 149');
    expect((await found('?q=bulk.EXAMPLE')).total).toBe(150);
    expect((await found(`?q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await found('?q=rider_1')).total).toBe(0);
  });

  it.each(['page=0', 'page=two', 'pageSize=101', 'pageSize=0', `q=${'x'.repeat(201)}`])(
    'when Make Admin asks ?%s, then 400 names the field',
    async (query) => {
      const response = await get(`/api/admin/users?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        errors: [{ field: `querystring.${query.split('=')[0]}` }],
      });
    },
  );

  it('when a visitor or a customer asks either list, then 401 and 403 and no accounts', async () => {
    const customer = await signUpWithToken(t.app);
    for (const url of ['/api/user', '/api/admin/users']) {
      const anonymous = await get(url, '');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('bulk.example');
      const refused = await get(url, customer.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('bulk.example');
    }
  });
});
