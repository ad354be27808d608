import { describe, expect, it } from 'vitest';
import { maskEmail } from './privacy.js';

describe('maskEmail', () => {
  it.each([
    ['tom@example.com', 't***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['Tom.Rider+brakes@Shop.Example', 'T***@Shop.Example'],
    ['"odd@local"@example.com', '"***@example.com'],
    ['😀rider@example.com', '😀***@example.com'],
  ])('when %s is masked, then only its first character and its domain show: %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each(['', 'no-at-sign', '@example.com'])('when %j has no local part, then nothing of it shows', (text) => {
    expect(maskEmail(text)).toBe('***');
  });
});
