import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerFor, type AnswerEncoding, type AnswerSource, type CatalogueCache, type CatalogueKind } from './cache.js';

/** Smaller answers go out as they are (here and through @fastify/compress, app.ts). */
export const COMPRESS_FROM_CHARS = 1024;

/**
 * The catalogue's routes take no part in @fastify/compress (its three hooks per request): sendCached
 * compresses each cached answer once per encoding instead of once per request.
 */
export const CACHED_ROUTE_OPTIONS = { compress: false, decompress: false } as const;

const COMPRESSORS: Record<AnswerEncoding, (json: string) => Buffer> = {
  br: (json) =>
    brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json) => gzipSync(json, { level: 6 }),
};

const ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer in, from the client's Accept-Encoding (by q-value, brotli first among
 * equals), or none; negotiated as @fastify/compress and @fastify/static do. Coding names are
 * case-insensitive.
 */
export function chooseEncoding(header: string | undefined): AnswerEncoding | undefined {
  return header ? (negotiate(header.toLowerCase(), ENCODINGS) ?? undefined) : undefined;
}

/**
 * Answers from the cache when it can; otherwise loads, serializes once (through the route's own
 * response schema, so nothing unexpected is kept) and remembers, unless a write cleared the kind
 * while it loaded (answerFor). `undefined` from `load` is "not found": nothing is sent (false) and
 * nothing cached. Answers large enough go out compressed, in the copy the cache keeps.
 */
export async function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { cache, kind, key, ...source }: AnswerSource<T> & { cache: CatalogueCache; kind: CatalogueKind; key: string },
): Promise<boolean> {
  const answer = await answerFor(cache, kind, key, source);
  if (answer === undefined) return false;
  if (answer.headers) void reply.headers(answer.headers);
  reply.type('application/json; charset=utf-8');
  if (answer.json.length < COMPRESS_FROM_CHARS) {
    await reply.send(answer.json);
    return true;
  }
  reply.header('vary', 'accept-encoding');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) {
    await reply.send(answer.json);
    return true;
  }
  let body = answer.encoded.get(encoding);
  if (body === undefined) {
    body = COMPRESSORS[encoding](answer.json);
    answer.encoded.set(encoding, body);
  }
  // Awaited: an async handler that has sent must not resolve before the reply is out.
  await reply.header('content-encoding', encoding).send(body);
  return true;
}
