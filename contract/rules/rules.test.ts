import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canBeOrdered, quantityProblem } from './orderable.js';

const RULES = 'contract/rules';
const modules = readdirSync(RULES).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
/** Each module a file names, statically, with `import()` or by re-export. */
const importsOf = (name: string) =>
  [...readFileSync(path.join(RULES, name), 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    ([, source]) => source,
  );

describe('the rules without zod', () => {
  // Only each other: what they import outside, even one plain module, may sit in the `schemas` chunk
  // with zod (vite.config.ts), and the catalogue's first download would carry it.
  it.each(modules)('when %s is loaded, then it imports only its neighbours in contract/rules', (name) => {
    for (const source of importsOf(name)) expect(source).toMatch(/^\.\/[\w-]+\.js$/);
  });
});

describe('canBeOrdered', () => {
  it('when the minimum order is in stock, then the part can be ordered; one fewer, or none, and it cannot', () => {
    expect(canBeOrdered({ availableQantity: 4, minimumOderQantity: 4 })).toBe(true);
    expect(canBeOrdered({ availableQantity: 3, minimumOderQantity: 4 })).toBe(false);
    expect(canBeOrdered({ availableQantity: 0, minimumOderQantity: 1 })).toBe(false);
  });

  it("when any stock and minimum are tried, then it says whether the quantity rule takes the part's minimum order", () => {
    fc.assert(
      fc.property(fc.nat(1_000), fc.integer({ min: 1, max: 1_000 }), (availableQantity, minimumOderQantity) => {
        const part = { price: 1, availableQantity, minimumOderQantity };
        expect(canBeOrdered(part)).toBe(quantityProblem(part, minimumOderQantity) === undefined);
      }),
    );
  });
});
