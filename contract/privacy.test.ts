import { describe, expect, it } from 'vitest';
import { maskEmail } from './privacy.js';

describe('maskEmail', () => {
  it.each([
    ['ted@example.com', 't***@example.com'],
    ['t@example.com', 't***@example.com'],
    ['Ted.Rider@Example.COM', 'T***@Example.COM'],
    ['rider+brakes@shop.example.co.uk', 'r***@shop.example.co.uk'],
    ['"a@b"@example.com', '"***@example.com'],
    ['a@b@c.example', 'a***@c.example'],
    ['@example.com', '***@example.com'],
    ['no-at-sign', '***'],
    ['', '***'],
  ])('when the address is %j, then it shows as %j', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
