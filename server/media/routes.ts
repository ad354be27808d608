import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_MEDIA_BYTES,
  MEDIA_FILE_NAME_PATTERN,
  MEDIA_FORM_FIELD,
  MEDIA_PREFIX,
  apiPaths,
  errorResponseSchema,
  mediaContentType,
  mediaFileName,
  mediaUploadResponseSchema,
} from '../../contract/index.js';
import type { Guards } from '../auth/guards.js';
import { plainError } from '../http/error-handler.js';
import { AppError } from '../http/errors.js';
import { encodePhoto } from './images.js';
import type { MediaStore } from './store.js';

/** A file's name is new for every upload and its bytes never change: browsers and CDNs keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Outside the API: not in its OpenAPI document, and under a rate limit of its own (mediaFileRoutes). */
const OUTSIDE_THE_API = { schema: { hide: true } } as const;

/**
 * The photo's bytes from the form's `file` field, at most MAX_MEDIA_BYTES of them. The form is read
 * as it arrives and stops at the limit, so a large body never sits in memory whole.
 */
async function readPhotoField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('mediaMissing');
  try {
    const part = await request.file();
    // Read before the name is checked, so that the form is consumed whichever field came.
    const bytes = await part?.toBuffer();
    // Cut at the limit: what arrived is not the whole photo.
    if (part?.file.truncated) throw new AppError('mediaTooLarge');
    if (part?.fieldname !== MEDIA_FORM_FIELD || !bytes) throw new AppError('mediaMissing');
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A form the parser could not read (cut short, too many fields): it did not carry a photo.
    throw new AppError('mediaMissing');
  }
}

/** `POST /api/media` (admin): the photo re-encoded, every size and format stored, its address answered. */
export const mediaUploadRoutes: FastifyPluginAsyncZod<{ store: MediaStore; guards: Guards }> = async (
  app,
  { store, guards },
) => {
  // Forms are read here only: every other route of the API still refuses them.
  await app.register(multipart, {
    limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 20 },
    // The plugin's own error for a file over the limit came only when the limit fell inside a chunk:
    // over a real connection a 9 MB file slipped through, cut short. The stream's flag is read instead.
    throwFileSizeLimit: false,
  });
  // A body of any other type reaches the handler unread, which answers what a photo needs (not 415).
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.post(
    apiPaths.media,
    {
      onRequest: guards.requireAdmin,
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          201: mediaUploadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const photo = await encodePhoto(await readPhotoField(request));
      const uploadId = randomBytes(16).toString('hex');
      await store.put(
        photo.images.map(({ format, width, height, bytes }) => ({
          name: mediaFileName(uploadId, width, format),
          uploadId,
          contentType: mediaContentType(format),
          width,
          height,
          bytes,
        })),
      );
      return reply.code(201).send({
        url: `${MEDIA_PREFIX}${mediaFileName(uploadId, photo.width, 'webp')}`,
        width: photo.width,
        height: photo.height,
      });
    },
  );
};

/** True when the client's `If-None-Match` names this ETag (or any, `*`). */
const alreadyHas = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });

/**
 * `GET /media/:name` (and HEAD): an uploaded photo's file, from the store every instance shares
 * (through its cache of hot files, cache.ts), as immutable. Its name never names other bytes, so it
 * is its ETag too. Each client may ask for `perMinute` files a minute (0: no limit): far more than
 * pages ask for (a page of 40 cards takes 80 at two sizes), far fewer than a loop of cache misses.
 */
export const mediaFileRoutes: FastifyPluginAsync<{
  store: MediaStore;
  perMinute: number;
  /** Counts shared by every instance (REDIS_URL), as the API's limit has them. */
  redis?: RateLimitPluginOptions['redis'];
}> = async (app, { store, perMinute, redis }) => {
  if (perMinute > 0) {
    await app.register(rateLimit, {
      max: perMinute,
      timeWindow: '1 minute',
      ...(redis && { redis, nameSpace: 'brakehouse:media:', skipOnError: true }),
    });
  }
  app.get<{ Params: { name: string } }>(`${MEDIA_PREFIX}:name`, OUTSIDE_THE_API, async (request, reply) => {
    const { name } = request.params;
    const file = MEDIA_FILE_NAME_PATTERN.test(name) ? await store.get(name) : undefined;
    if (!file) return plainError(reply, 404);
    const etag = `"${name}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (alreadyHas(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });
};
