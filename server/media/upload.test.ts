import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_MEDIA_BYTES,
  apiErrors,
  mediaSources,
  type ApiErrorName,
  type MediaUpload,
  type Product,
} from '../../contract/index.js';
import { mediaFiles } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import { postAs } from '../test/requests.js';
import { createDatabaseMediaStore } from './store.js';
import { paddedJpeg, pngBomb, testPhoto, uploadForm } from './test-files.js';

const ADMIN = 'media-admin@example.com';

let t: TestApp;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  adminToken = (await adminWithToken(t.app, ADMIN)).token;
  customerToken = (await signUpWithToken(t.app)).token;
});
afterAll(() => t.close());

const rowCount = async () => (await t.db.select({ n: count() }).from(mediaFiles))[0]?.n ?? 0;

async function upload(bytes: Buffer, form: Parameters<typeof uploadForm>[1] = {}, token = adminToken) {
  const { payload, headers } = await uploadForm(bytes, form);
  return t.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, ...bearer(token) }, payload });
}

/** The files of an upload, each as the server answers it: status, type and what the bytes are. */
async function servedFiles(url: string) {
  const sources = mediaSources(url);
  if (!sources) throw new Error(`${url} is not an upload's address`);
  const files = [...sources.avif.split(', '), ...sources.webp.split(', ')].map((entry) => entry.split(' ')[0] ?? '');
  return Promise.all(
    files.map(async (file) => {
      const response = await t.app.inject({ method: 'GET', url: file });
      const read = response.statusCode === 200 ? await sharp(response.rawPayload).metadata() : undefined;
      return `${file.replace(/^.*-/, '')} ${response.statusCode} ${response.headers['content-type']} ${read?.width}x${read?.height}`;
    }),
  );
}

describe('when an admin uploads a photo', () => {
  it('when it is a JPEG, then 201 answers its largest WebP and its size, and every size is served in both formats', async () => {
    const response = await upload(await testPhoto('jpeg'));
    expect(response.statusCode).toBe(201);
    const answer = response.json<MediaUpload>();
    expect(answer).toEqual({
      url: expect.stringMatching(/^\/media\/[a-f0-9]{32}-1280\.webp$/),
      width: 1280,
      height: 960,
    });
    expect(await servedFiles(answer.url)).toEqual([
      '320.avif 200 image/avif 320x240',
      '640.avif 200 image/avif 640x480',
      '960.avif 200 image/avif 960x720',
      '1280.avif 200 image/avif 1280x960',
      '320.webp 200 image/webp 320x240',
      '640.webp 200 image/webp 640x480',
      '960.webp 200 image/webp 960x720',
      '1280.webp 200 image/webp 1280x960',
    ]);
  });

  it.each([
    ['png', 'photo.png', 'image/png'],
    ['webp', 'photo.webp', 'image/webp'],
    ['avif', 'photo.avif', 'image/avif'],
  ] as const)('when it is a %s, then it is stored in its sizes too', async (format, fileName, type) => {
    const response = await upload(await testPhoto(format, { width: 700, height: 400 }), { fileName, type });
    expect(response.statusCode).toBe(201);
    const answer = response.json<MediaUpload>();
    expect(answer).toMatchObject({ width: 700, height: 400 });
    expect(await servedFiles(answer.url)).toEqual([
      '320.avif 200 image/avif 320x183',
      '640.avif 200 image/avif 640x366',
      '700.avif 200 image/avif 700x400',
      '320.webp 200 image/webp 320x183',
      '640.webp 200 image/webp 640x366',
      '700.webp 200 image/webp 700x400',
    ]);
  });

  it('when it was taken turned, then its answer gives its upright size and the files keep no EXIF', async () => {
    const response = await upload(await testPhoto('jpeg', { orientation: 6 }));
    const answer = response.json<MediaUpload>();
    expect(answer).toMatchObject({ width: 1200, height: 1600 });
    const file = await t.app.inject({ method: 'GET', url: answer.url });
    const read = await sharp(file.rawPayload).metadata();
    expect({ width: read.width, height: read.height, exif: read.exif, orientation: read.orientation }).toEqual({
      width: 1200,
      height: 1600,
      exif: undefined,
      orientation: undefined,
    });
    expect(file.rawPayload.includes('Brakehouse Test Camera')).toBe(false);
  });

  it('when the file is exactly 8 MB, then it is taken (the form is read as a stream, past the 64 KB JSON limit)', async () => {
    const heavy = paddedJpeg(await testPhoto('jpeg', { width: 640, height: 480 }), MAX_MEDIA_BYTES);
    expect(heavy.length).toBe(MAX_MEDIA_BYTES);
    const response = await upload(heavy);
    expect(response.statusCode).toBe(201);
    expect(response.json<MediaUpload>()).toMatchObject({ width: 640, height: 480 });
  });

  it("when the answer's address is a part's picture, then Add Product takes it and the part shows it", async () => {
    const { url } = (await upload(await testPhoto('jpeg', { width: 900, height: 600 }))).json<MediaUpload>();
    const added = await postAs(t.app, adminToken, '/api/products', {
      name: 'Uploaded-photo caliper',
      price: 120,
      minimumOderQantity: 1,
      availableQantity: 4,
      picture: url,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<Product>().picture).toBe(url);
  });
});

describe('when an upload is refused, then it answers its refusal and leaves nothing behind', () => {
  let rowsBefore: number;
  beforeEach(async () => {
    rowsBefore = await rowCount();
  });

  const expectRefused = async (response: Awaited<ReturnType<typeof upload>>, refusal: ApiErrorName) => {
    expect(response.statusCode).toBe(apiErrors[refusal].status);
    expect(response.json()).toMatchObject({ code: apiErrors[refusal].code, message: apiErrors[refusal].message });
    expect(await rowCount()).toBe(rowsBefore);
  };

  it('when nobody is signed in, then 401; when a customer sends it, then 403', async () => {
    const photo = await testPhoto('jpeg', { width: 64, height: 48 });
    const { payload, headers } = await uploadForm(photo);
    await expectRefused(await t.app.inject({ method: 'POST', url: '/api/media', headers, payload }), 'signInRequired');
    await expectRefused(await upload(photo, {}, customerToken), 'adminOnly');
  });

  it.each([
    ['a text file named photo.jpg', async () => Buffer.from('Not a photo, only words.\n'), 'mediaUnsupported'],
    ['a GIF', () => testPhoto('gif', { width: 64, height: 48 }), 'mediaUnsupported'],
    [
      'an SVG',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48"/></svg>',
        ),
      'mediaUnsupported',
    ],
    ['a truncated JPEG', async () => (await testPhoto('jpeg')).subarray(0, 7000), 'mediaUnsupported'],
    ['a decompression bomb (a 40 KB PNG of 20000 x 20000)', async () => pngBomb(20_000, 20_000), 'mediaTooManyPixels'],
    [
      'a 60-megapixel JPEG',
      () =>
        sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#1f4e9c' } })
          .jpeg()
          .toBuffer(),
      'mediaTooManyPixels',
    ],
    [
      'a 9 MB JPEG',
      async () => paddedJpeg(await testPhoto('jpeg', { width: 64, height: 48 }), 9 * 1024 * 1024),
      'mediaTooLarge',
    ],
    [
      'a file one byte over 8 MB',
      async () => paddedJpeg(await testPhoto('jpeg'), MAX_MEDIA_BYTES + 1),
      'mediaTooLarge',
    ],
  ] as const)('when it is %s', async (_what, make, refusal) => {
    await expectRefused(await upload(await make()), refusal);
  });

  it('when a 1080 x 16384 PNG comes (17.7 megapixels, taller than any file the store makes can be), then 400 in under a second', async () => {
    const tall = await testPhoto('png', { width: 1080, height: 16_384 });
    const started = performance.now();
    const response = await upload(tall, { fileName: 'tall.png', type: 'image/png' });
    const took = performance.now() - started;
    await expectRefused(response, 'mediaTooTall');
    expect(took).toBeLessThan(1000);
  });

  it('when a 9 MB photo comes over a real connection, in chunks, then 413 too', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    const heavy = paddedJpeg(await testPhoto('jpeg', { width: 64, height: 48 }), 9 * 1024 * 1024);
    form.append('file', new Blob([new Uint8Array(heavy)], { type: 'image/jpeg' }), 'heavy.jpg');
    const response = await fetch(`${address}/api/media`, { method: 'POST', headers: bearer(adminToken), body: form });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: apiErrors.mediaTooLarge.code });
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('when the photo comes in another field than `file`, then 400 asks for that field', async () => {
    await expectRefused(
      await upload(await testPhoto('jpeg', { width: 64, height: 48 }), { field: 'photo' }),
      'mediaMissing',
    );
  });

  it('when the body is JSON, the bare photo, or nothing, then 400 asks for the form', async () => {
    const photo = await testPhoto('jpeg', { width: 64, height: 48 });
    const post = (headers: Record<string, string>, payload?: string | Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, ...bearer(adminToken) }, payload });
    await expectRefused(await post({ 'content-type': 'application/json' }, '{"file":"photo.jpg"}'), 'mediaMissing');
    await expectRefused(await post({ 'content-type': 'image/jpeg' }, photo), 'mediaMissing');
    await expectRefused(await post({}), 'mediaMissing');
  });

  it('when a form is cut short, then 400, not a server error', async () => {
    const { payload, headers } = await uploadForm(await testPhoto('jpeg', { width: 64, height: 48 }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...headers, ...bearer(adminToken) },
      payload: payload.subarray(0, payload.length - 60),
    });
    await expectRefused(response, 'mediaMissing');
  });
});

describe('the media store', () => {
  it('when one file of an upload cannot be written, then none of them is', async () => {
    const store = createDatabaseMediaStore(t.db);
    const file = (name: string) => ({
      name,
      uploadId: 'e'.repeat(32),
      contentType: 'image/webp',
      width: 1,
      height: 1,
      bytes: Buffer.from('x'),
    });
    const rowsBefore = await rowCount();
    // The same name twice: the second breaks the table's key.
    const clash = `${'e'.repeat(32)}-1.webp`;
    await expect(store.put([file(`${'e'.repeat(32)}-1.avif`), file(clash), file(clash)])).rejects.toThrow();
    expect(await rowCount()).toBe(rowsBefore);
    expect(await store.get(`${'e'.repeat(32)}-1.avif`)).toBeUndefined();
  });
});
