import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

const SHOP = 'https://shop.example';
const EVIL = 'https://evil.example';

/** The directives of a CSP header, by name. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );

describe('headers and cookies in production behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: SHOP } });
  });
  afterAll(() => t.close());

  it('when any answer is sent, then the CSP allows no inline or eval script, no plugins, no framing', async () => {
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/products' });
    const csp = directives(String(headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(String(headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('when any answer is sent, then images may come from our origin, data: and https addresses, nothing else', async () => {
    for (const url of ['/api/products', '/api/docs', '/dashboard/addproduct']) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      const csp = directives(String(headers['content-security-policy']));
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'https:']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
    }
  });

  it('when any answer is sent, then HSTS, nosniff, the referrer policy and DENY framing come with it', async () => {
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('when someone signs up, then the session cookie is HttpOnly, Secure and SameSite=Lax', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: SHOP },
      payload: { email: 'secure-cookie@example.com', password: 'brake-pads-42', name: 'S' },
    });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) =>
      /^__Secure-brakehouse\.session_token=|^brakehouse\.session_token=/.test(cookie),
    );
    expect(session, cookies.join('\n')).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
  });

  it('when another origin reads the API, then no CORS header lets its page see the answer', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/products', headers: { origin: EVIL } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('when another origin asks to send a write (preflight), then nothing allows it', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/myOrder',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('when another origin posts to an auth endpoint with a cookie, then better-auth refuses it (CSRF)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: EVIL, cookie: '__Secure-brakehouse.session_token=x' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });
});
