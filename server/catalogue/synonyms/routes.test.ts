import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  apiPaths,
  catalogueResponseSchema,
  MAX_SYNONYM_GROUPS,
  synonymGroupsSchema,
  synonymMessages,
  type SynonymGroup,
} from '../../../contract/index.js';
import { searchSynonymGroups } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../../test/auth.js';

const ADMIN = 'synonyms-admin@example.com';
const SYNONYMS_URL = `${API_PREFIX}${apiPaths.searchSynonyms}`;

/** A part added as Add Product adds it: the write every search (the index's too) hears of. */
async function addPart(t: TestApp, admin: Record<string, string>, name: string, fields: object = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      name,
      price: 40,
      availableQantity: 10,
      minimumOderQantity: 1,
      picture: '/images/products/sample-part.svg',
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ _id: string }>()._id;
}

describe.each([
  ['the database', 'off'],
  ['the index', 'on'],
])('search with synonyms, answered by %s', (_, searchIndex) => {
  let t: TestApp;
  let admin: Record<string, string>;

  const found = async (q: string, sort = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/catalogue?q=${encodeURIComponent(q)}${sort}` });
    expect(response.statusCode, response.body).toBe(200);
    return catalogueResponseSchema.parse(response.json()).items;
  };
  const names = async (q: string) => (await found(q)).map((item) => item.name).sort();

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, SEARCH_INDEX: searchIndex } });
    admin = bearer((await adminWithToken(t.app, ADMIN)).token);
    await addPart(t, admin, 'Wave Brake Disc', { category: 'brake-discs', description: 'A floating disc.' });
    await addPart(t, admin, 'Steel Braided Brake Line', { category: 'brake-lines' });
    await addPart(t, admin, 'Radial Caliper', { category: 'calipers' });
    await addPart(t, admin, 'Sintered Front Pads', { category: 'brake-pads' });
  });
  afterAll(() => t.close());

  it('when a rider searches disk, rotors, hose or calliper, then the parts that say disc, line or caliper are found', async () => {
    expect(await names('disk')).toEqual(['Wave Brake Disc']);
    expect(await names('brake rotors')).toEqual(['Wave Brake Disc']);
    expect(await names('front rotors')).toEqual([]);
    expect(await names('braided hose')).toEqual(['Steel Braided Brake Line']);
    expect(await names('calliper')).toEqual(['Radial Caliper']);
  });

  it('when a synonym is found, then it scores as the word would where it is found (the name first)', async () => {
    const inName = await addPart(t, admin, 'Rotor Bolt Kit Alpha', { category: 'hardware' });
    const inText = await addPart(t, admin, 'Bolt Kit Beta', { category: 'hardware', description: 'Holds a disc.' });
    const ids = (await found('disk bolt', '&sort=relevance')).map((item) => item._id);
    // Alpha is older: only its better place (the name, 8, against the description, 1) puts it first.
    expect(ids).toEqual([inName, inText]);
  });

  it('when an admin adds a group, then the next search reads its words as one, and removing it undoes that', async () => {
    expect(await names('anchor')).toEqual([]);
    const added = await t.app.inject({
      method: 'POST',
      url: SYNONYMS_URL,
      headers: admin,
      payload: { words: ['Anchor', 'Sintered'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const group = added.json<SynonymGroup>();
    expect(group.words).toEqual(['anchor', 'sintered']);
    expect(await names('anchor')).toEqual(['Sintered Front Pads']);

    const removed = await t.app.inject({ method: 'DELETE', url: `${SYNONYMS_URL}/${group._id}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await names('anchor')).toEqual([]);
  });
});

describe('the search synonyms list', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;

  const groups = async () => {
    const response = await t.app.inject({ method: 'GET', url: SYNONYMS_URL, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return synonymGroupsSchema.parse(response.json()).items;
  };
  const add = (words: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url: SYNONYMS_URL, headers, payload: { words } });
  const stored = () => t.db.select().from(searchSynonymGroups).orderBy(searchSynonymGroups.id);

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    admin = bearer((await adminWithToken(t.app, ADMIN)).token);
    customer = bearer((await signUpWithToken(t.app)).token);
  });
  afterAll(() => t.close());

  it('when it is read, then it holds the brake-part defaults, each group in the order of its words', async () => {
    const words = (await groups()).map((group) => group.words);
    expect(words).toContainEqual(['disc', 'disk', 'rotor']);
    expect(words).toContainEqual(['hose', 'line']);
    expect(words).toContainEqual(['caliper', 'calliper']);
    expect(words).toEqual([...words].sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1)));
  });

  it('when an admin adds a group, then it is listed with its words lowercased and sorted', async () => {
    const added = await add(['Shoe', 'drum']);
    expect(added.statusCode, added.body).toBe(201);
    const group = added.json<SynonymGroup>();
    expect(group.words).toEqual(['drum', 'shoe']);
    expect(await groups()).toContainEqual(group);
  });

  it.each([
    ['one word', ['disc'], synonymMessages.tooFew],
    ['not a list', 'disc, rotor', synonymMessages.notAList],
    ['two words in one', ['brake line', 'hose'], synonymMessages.notOneWord],
    ['punctuation', ['disc', 'rotor!'], synonymMessages.notOneWord],
    ['a word twice', ['Disc', 'disc'], synonymMessages.twice],
    ['too many', Array.from({ length: 11 }, (_, at) => `word${at}`), synonymMessages.tooMany],
    ['a word too long', ['disc', 'r'.repeat(41)], synonymMessages.tooLong],
    ['a stop word', ['the', 'disc'], '"the" is too common a word: search leaves it out'],
    ['one word twice by stemming', ['pad', 'pads'], 'These words are found as one already (search reads them alike)'],
  ])('when the group is %s, then it answers 400 on words and keeps nothing', async (_, words, message) => {
    const before = await stored();
    const response = await add(words);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([{ field: 'body.words', message }]),
    });
    expect(await stored()).toEqual(before);
  });

  it('when the same words are a group already, in any order or case, then it answers 409 and keeps one', async () => {
    const response = await add(['Rotor', 'disk', 'DISC']);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SYNONYM_GROUP_LISTED',
      errors: [{ field: 'body.words', message: 'These words are already a group' }],
    });
    expect((await groups()).filter((group) => group.words.join() === 'disc,disk,rotor')).toHaveLength(1);
  });

  it('when the shop keeps the most groups it may, then another answers 409 and nothing is added', async () => {
    const held = (await groups()).length;
    await t.db
      .insert(searchSynonymGroups)
      .values(Array.from({ length: MAX_SYNONYM_GROUPS - held }, (_, at) => ({ words: [`fill${at}`, 'filler'] })));
    const response = await add(['brand', 'make']);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SYNONYM_GROUPS_FULL' });
    expect(await groups()).toHaveLength(MAX_SYNONYM_GROUPS);
  });

  it('when a group that is not there is removed, then it answers 404; a bad id 400', async () => {
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `${SYNONYMS_URL}/00000000-0000-4000-8000-000000000000`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'SYNONYM_GROUP_NOT_FOUND' });
    const bad = await t.app.inject({ method: 'DELETE', url: `${SYNONYMS_URL}/disc`, headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('when a customer or a visitor calls it, then it answers 403 or 401 and changes nothing', async () => {
    const before = await stored();
    expect((await t.app.inject({ method: 'GET', url: SYNONYMS_URL, headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: SYNONYMS_URL })).statusCode).toBe(401);
    expect((await add(['anchor', 'disc'], customer)).statusCode).toBe(403);
    expect((await add(['anchor', 'disc'], {})).statusCode).toBe(401);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${SYNONYMS_URL}/${before[0]?.id}`,
      headers: customer,
    });
    expect(removed.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
