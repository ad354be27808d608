import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { readTsvector } from './load.js';

describe("reading a tsvector's text", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    `setweight(to_tsvector('english', 'Sintered front pads'), 'A') || to_tsvector('english', 'pads for wet and dry')`,
    `setweight(to_tsvector('simple', 'fa244hh mcb703'), 'B') || setweight(to_tsvector('simple', 'fa244hh'), 'C')`,
    `'it''s a \\\\ back slash'::tsvector`,
    `strip(to_tsvector('english', 'no positions kept'))`,
    `'a:1A,2,3C b:4'::tsvector`,
    `''::tsvector`,
  ])('when PostgreSQL writes %s, then each lexeme and its weights read as unnest gives them', async (vector) => {
    const { rows } = (await t.db.execute(
      sql.raw(`select v::text as text,
        coalesce((select json_agg(json_build_array(lexeme, array_to_string(coalesce(weights, '{}'), ''))) from unnest(v)), '[]') as lexemes
        from (select ${vector} as v) as vector`),
    )) as unknown as { rows: Array<{ text: string; lexemes: Array<[string, string]> }> };
    const [row] = rows;
    if (!row) throw new Error('no row');
    expect(readTsvector(row.text)).toEqual(row.lexemes);
  });
});
