import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { askedBefore } from './asked-before.js';

describe('a key asked before', () => {
  it('when keys are asked, then each is new the first time and asked before the second, within what it remembers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 200 }),
        (keys) => {
          const asked = askedBefore(256);
          expect(keys.filter((key) => asked(key))).toEqual([]);
          expect(keys.every((key) => asked(key))).toBe(true);
        },
      ),
    );
  });

  it('when more keys than it remembers were asked, then it starts again', () => {
    const asked = askedBefore(100);
    expect(asked('first')).toBe(false);
    expect(asked('first')).toBe(true);
    for (let key = 0; key < 100; key += 1) asked(`key ${key}`);
    expect(asked('first')).toBe(false);
  });
});
