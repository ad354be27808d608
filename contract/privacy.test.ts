import { describe, expect, it } from 'vitest';
import { maskEmail } from './privacy.js';

describe('maskEmail', () => {
  it.each([
    ['ted@example.com', 't***@example.com'],
    ['t@example.com', 't***@example.com'],
    ['Ted.Rider@Example.COM', 'T***@Example.COM'],
    ['rider+brakes@shop.example.co.uk', 'r***@shop.example.co.uk'],
    ['"odd@local"@example.com', '"***@example.com'],
    ['a@b@c.example', 'a***@c.example'],
    ['😀rider@example.com', '😀***@example.com'],
  ])('when %s is masked, then only its first character and its domain show: %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each(['', 'no-at-sign', '@example.com'])('when %j has no local part, then nothing of it shows', (text) => {
    expect(maskEmail(text)).toBe('***');
  });
});
