import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_FORMATS, mediaFileName, storePictureUrl } from '../../contract/index.js';
import { mediaFiles } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { createDatabaseMediaStore } from './store.js';
import { createMediaSweep } from './sweep.js';

const ADMIN = 'media-sweep-admin@example.com';
const GRACE_HOURS = 2;

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, MEDIA_UNUSED_GRACE_HOURS: String(GRACE_HOURS) } });
  adminToken = (await adminWithToken(t.app, ADMIN)).token;
});
afterAll(() => t.close());

/** An upload's files (two widths, both formats) as the upload stores them, made `ageHours` ago. */
async function upload(ageHours: number) {
  const uploadId = randomBytes(16).toString('hex');
  const files = [320, 640].flatMap((width) =>
    MEDIA_FORMATS.map((format) => ({
      name: mediaFileName(uploadId, width, format),
      uploadId,
      contentType: `image/${format}`,
      width,
      height: width / 2,
      bytes: randomBytes(100),
    })),
  );
  await createDatabaseMediaStore(t.db).put(files);
  await t.db
    .update(mediaFiles)
    .set({ createdAt: sql`now() - make_interval(secs => ${ageHours * 3600})` })
    .where(eq(mediaFiles.uploadId, uploadId));
  return { uploadId, picture: `/media/${mediaFileName(uploadId, 640, 'webp')}` };
}

const filesOf = async (uploadId: string) =>
  (await t.db.select({ name: mediaFiles.name }).from(mediaFiles).where(eq(mediaFiles.uploadId, uploadId))).length;

describe('removing uploaded photos no part shows', () => {
  it('when an unused upload is older than MEDIA_UNUSED_GRACE_HOURS, then all its files go; a used one and a fresh one stay', async () => {
    const abandoned = await upload(GRACE_HOURS + 1);
    const fresh = await upload(GRACE_HOURS - 1);
    const used = await upload(GRACE_HOURS * 100);
    const usedByAddress = await upload(GRACE_HOURS * 100);
    await buildProduct(t.db, { picture: used.picture });
    // An absolute address of the store's own file names the upload too.
    await buildProduct(t.db, { picture: `https://shop.example${usedByAddress.picture}` });

    const removed = await t.app.mediaSweep.sweep();

    expect(removed.sort()).toEqual(
      [320, 640]
        .flatMap((width) => MEDIA_FORMATS.map((format) => mediaFileName(abandoned.uploadId, width, format)))
        .sort(),
    );
    expect(await filesOf(abandoned.uploadId)).toBe(0);
    expect(await filesOf(fresh.uploadId)).toBe(4);
    expect(await filesOf(used.uploadId)).toBe(4);
    expect(await filesOf(usedByAddress.uploadId)).toBe(4);
    expect((await t.app.inject({ method: 'GET', url: abandoned.picture })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: used.picture })).statusCode).toBe(200);
    // Nothing more to do: a second look (another instance's) removes nothing.
    expect(await t.app.mediaSweep.sweep()).toEqual([]);
  });

  it('when a part is edited to show another picture, then its old photo goes at the next look', async () => {
    const old = await upload(GRACE_HOURS * 10);
    const part = await buildProduct(t.db, { picture: old.picture });
    // Served once: held in this instance's memory, which the removal clears too.
    expect((await t.app.inject({ method: 'GET', url: old.picture })).statusCode).toBe(200);
    await t.app.mediaSweep.sweep();
    expect(await filesOf(old.uploadId)).toBe(4);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${part._id}`,
      headers: bearer(adminToken),
      payload: { picture: storePictureUrl('brake-pads') },
    });
    expect(edited.statusCode).toBe(200);
    await t.app.mediaSweep.sweep();
    expect(await filesOf(old.uploadId)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: old.picture })).statusCode).toBe(404);
  });

  it('when two instances look at once, then each file is removed once and both finish', async () => {
    const abandoned = await Promise.all([upload(GRACE_HOURS + 5), upload(GRACE_HOURS + 6)]);
    const store = createDatabaseMediaStore(t.db);
    const log = t.app.log;
    const [one, other] = await Promise.all(
      [1, 2].map(() => createMediaSweep({ store, graceHours: GRACE_HOURS, log }).sweep()),
    );
    expect([...(one ?? []), ...(other ?? [])]).toHaveLength(8);
    for (const { uploadId } of abandoned) expect(await filesOf(uploadId)).toBe(0);
  });

  it('when started, then it looks by itself, and stops looking once stopped', async () => {
    const abandoned = await upload(GRACE_HOURS + 1);
    const sweep = createMediaSweep({
      store: createDatabaseMediaStore(t.db),
      graceHours: GRACE_HOURS,
      log: t.app.log,
      everyMs: 50,
    });
    sweep.start();
    await expect.poll(() => filesOf(abandoned.uploadId), { timeout: 5000 }).toBe(0);
    await sweep.stop();
    const later = await upload(GRACE_HOURS + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await filesOf(later.uploadId)).toBe(4);
  });
});
