import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileName, mediaSources, type MediaFormat, type MediaUpload } from '../../contract/index.js';
import { mediaFiles } from '../db/schema.js';
import { securityHeaders } from '../http/security.js';
import { createTestApp, testConfig, type TestApp } from '../test/app.js';
import { adminWithToken, bearer } from '../test/auth.js';
import { createDatabaseMediaStore } from './store.js';
import { testPhoto, uploadForm } from './test-files.js';

const ENV = { ADMIN_EMAILS: 'media-files-admin@example.com' };

let t: TestApp;
let upload: MediaUpload;
let avif: string;

beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  const { token } = await adminWithToken(t.app, ENV.ADMIN_EMAILS);
  const { payload, headers } = await uploadForm(await testPhoto('jpeg', { width: 800, height: 600 }));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  upload = response.json<MediaUpload>();
  avif = mediaSources(upload.url)?.avif.split(' ')[0] ?? '';
});
afterAll(() => t.close());

describe('GET /media/:name', () => {
  it('when a file of an upload is asked for, then it comes with its type, as immutable, with an ETag and the store headers', async () => {
    for (const [url, type] of [
      [upload.url, 'image/webp'],
      [avif, 'image/avif'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.etag).toMatch(/^"[^"]+"$/);
      // Photos are compressed already: they go as they are.
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      for (const [name, value] of Object.entries(securityHeaders(testConfig(ENV)))) {
        expect(response.headers[name], name).toBe(value);
      }
    }
  });

  it('when the browser has it already (If-None-Match), then 304 without the bytes', async () => {
    const first = await t.app.inject({ method: 'GET', url: upload.url });
    const again = await t.app.inject({
      method: 'GET',
      url: upload.url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await t.app.inject({
      method: 'GET',
      url: upload.url,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('when HEAD asks, then the same headers come without the bytes', async () => {
    const get = await t.app.inject({ method: 'GET', url: upload.url });
    const head = await t.app.inject({ method: 'HEAD', url: upload.url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it.each([
    ['a name no upload has', () => `/media/${'0'.repeat(32)}-1280.webp`],
    ['a width the upload does not have', () => upload.url.replace('-800.webp', '-1280.webp')],
    ['a format the store does not make', () => upload.url.replace('.webp', '.jpg')],
    ['a name of another shape', () => '/media/..%2F..%2Fpackage.json'],
    ['the folder itself', () => '/media/'],
  ])('when %s is asked for, then 404 in plain text', async (_what, url) => {
    const response = await t.app.inject({ method: 'GET', url: url() });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBeUndefined();
  });
});

/** Files stored as an upload stores them (the bytes need not be a photo to be served). */
async function storeFiles(count: number, bytes = 1000) {
  const names = Array.from({ length: count }, (_, index) => {
    const format: MediaFormat = index % 2 === 0 ? 'avif' : 'webp';
    return mediaFileName(randomBytes(16).toString('hex'), 320, format);
  });
  await createDatabaseMediaStore(t.db).put(
    names.map((name) => ({
      name,
      uploadId: name.slice(0, 32),
      contentType: `image/${name.endsWith('avif') ? 'avif' : 'webp'}`,
      width: 320,
      height: 240,
      bytes: randomBytes(bytes),
    })),
  );
  return names.map((name) => `/media/${name}`);
}

describe('GET /media/:name, hot files and busy clients', () => {
  it('when a photo was served once, then it comes from memory: served again after its row is gone', async () => {
    const [url = ''] = await storeFiles(1);
    const first = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url })));
    expect(first.map(({ statusCode }) => statusCode)).toEqual(Array(10).fill(200));
    await t.db.delete(mediaFiles).where(eq(mediaFiles.name, url.replace('/media/', '')));
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('when one client asks for more files a minute than MEDIA_RATE_LIMIT_PER_MINUTE, then 429 in plain text, and a page of 40 cards at two sizes never is', async () => {
    const limit = testConfig(ENV).mediaRateLimitPerMinute;
    const page = await storeFiles(80);
    const get = (url: string, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'GET', url, remoteAddress });
    const pageAnswers = await Promise.all(page.map((url) => get(url)));
    expect(pageAnswers.map(({ statusCode }) => statusCode)).toEqual(Array(80).fill(200));
    for (let asked = page.length; asked < limit; asked += 1) {
      expect((await get(page[asked % page.length] ?? '')).statusCode).toBe(200);
    }
    const refused = await get(page[0] ?? '');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get(page[0] ?? '', '203.0.113.8')).statusCode, 'another client').toBe(200);
  });
});
