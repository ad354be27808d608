import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueResponseSchema } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer } from '../test/auth.js';
import { storeMigratedUpTo } from '../test/migrations.js';

/**
 * A part number that a part's name or description mentions (`Replaces 45105-JGO-263`) counts as one
 * of its numbers for search (migration 0020, docs/decisions/0040-search-synonyms-and-numbers-in-text.md).
 */
const ADMIN = 'numbers-admin@example.com';

describe.each([
  ['the database', 'off'],
  ['the index', 'on'],
])('part numbers in the text, searched by %s', (_, searchIndex) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let listing: string;
  let mentioning: string;
  let mentioningInName: string;

  const addPart = async (fields: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: {
        price: 30,
        availableQantity: 10,
        minimumOderQantity: 1,
        picture: '/images/products/sample-part.svg',
        category: 'brake-pads',
        ...fields,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ _id: string }>()._id;
  };
  const found = async (q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/catalogue?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
    return catalogueResponseSchema.parse(response.json()).items.map((item) => item._id);
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, SEARCH_INDEX: searchIndex } });
    admin = bearer((await adminWithToken(t.app, ADMIN)).token);
    listing = await addPart({ name: 'Organic Front Pads', oemNumbers: ['45105-JGO-263'] });
    mentioning = await addPart({
      name: 'Sintered Front Pads',
      description: 'Replaces 45105-JGO-263. Fits 2017-2020 bikes with 4-piston calipers, 12.5mm pads.',
    });
    mentioningInName = await addPart({ name: 'Pad Pin for 43082-0116', category: 'hardware' });
    await addPart({ name: 'Ceramic Rear Pads', description: 'For 2017-2020 bikes.' });
  });
  afterAll(() => t.close());

  it('when a number is searched as typed, then the parts that mention it are found beside the one that lists it', async () => {
    const ids = await found('45105-JGO-263');
    expect(new Set(ids)).toEqual(new Set([listing, mentioning]));
    expect(await found('45105 jgo 263')).toEqual(ids);
    expect(await found('43082-0116')).toEqual([mentioningInName]);
  });

  it('when the start of a mentioned number is typed without its dashes, then its parts are found, as for a listed one', async () => {
    expect(new Set(await found('45105jgo2'))).toEqual(new Set([listing, mentioning]));
  });

  it('when a year range, a size or a count is searched, then it is not read as a part number', async () => {
    const { rows } = (await t.db.execute(
      sql`select part_numbers from products where id = ${mentioning}`,
    )) as unknown as { rows: { part_numbers: string[] }[] };
    expect(rows[0]?.part_numbers).toContain('45105JGO263');
    expect(rows[0]?.part_numbers).not.toContain('20172020');
    expect(rows[0]?.part_numbers).not.toContain('4PISTON');
    expect(rows[0]?.part_numbers).not.toContain('125MM');
  });

  it('when the description stops mentioning it, then the next search no longer finds the part by it', async () => {
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${mentioning}`,
      headers: admin,
      payload: { description: 'Sintered pads for the road.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('45105-JGO-263')).toEqual([listing]);
  });
});

describe('which tokens of a text are part numbers (part_numbers_in_text)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const numbersIn = async (text: string) => {
    const { rows } = (await t.db.execute(
      sql`select array(select part_numbers_in_text(${text}) order by 1) as numbers`,
    )) as unknown as { rows: { numbers: string[] }[] };
    return rows[0]?.numbers;
  };

  it.each([
    ['Replaces 45105-JGO-263.', ['45105JGO263']],
    ['(43082-0116), 59100-29830', ['430820116', '5910029830']],
    ['Yamaha 5VY-W0045-00-00 and 2C0-25806-00', ['2C02580600', '5VYW00450000']],
    ['Brembo 09.C309.11', ['09C30911']],
    ['45105-JGO-263/45105-MEL-013', ['45105JGO263', '45105MEL013']],
  ])('when the text is %j, then the numbers are %j', async (text, numbers) => {
    expect(await numbersIn(text)).toEqual(numbers);
  });

  it.each([
    'Fits 2017-2020 bikes',
    'four 4-piston calipers, a 2-piece carrier',
    '12.5mm thick, 320.5mm across',
    'ZX-10R, GSX-R1000, YZF-R6, MT-09, GSX-S1000GT',
    'Front/rear, semi-sintered, 6061-T6 aluminium, M4.32',
    'FA244HH CBR600RR',
    'Übergröße-12345-99',
  ])('when the text is %j, then it holds no part number', async (text) => {
    expect(await numbersIn(text)).toEqual([]);
  });
});

describe('migration 0020 on a catalogue that mentions numbers', () => {
  it('gives the parts already there the numbers their text mentions', async () => {
    const { client, migrateTheRest, close } = await storeMigratedUpTo('0019_catalogue_changes');
    try {
      await client.exec(`
        insert into products (name, picture, price_cents, available_quantity, minimum_order_quantity, description, sku)
          values ('Old Pads', '/a.svg', 2000, 5, 1, 'Replaces 45105-JGO-263', 'BH-OLD1');`);
      await migrateTheRest();
      const { rows } = await client.query<{ part_numbers: string[]; numbers_in_vector: boolean }>(
        `select part_numbers, search_vector @@ '45105jgo263:A'::tsquery as numbers_in_vector from products`,
      );
      expect(rows[0]?.part_numbers.sort()).toEqual(['45105JGO263', 'BHOLD1']);
      expect(rows[0]?.numbers_in_vector).toBe(true);
    } finally {
      await close();
    }
  });
});
