import type { FastifyReply } from 'fastify';
import type { CatalogueCache, CatalogueKind } from './cache.js';

/**
 * Answers from the cache when it can; otherwise loads, serializes once (through the route's own
 * response schema, so nothing unexpected is kept) and remembers. `undefined` from `load` is "not
 * found": nothing is sent (false) and nothing cached.
 */
export async function sendCached<T>(
  reply: FastifyReply,
  {
    cache,
    kind,
    key,
    load,
    serialize,
  }: {
    cache: CatalogueCache;
    kind: CatalogueKind;
    key: string;
    load: () => Promise<T | undefined>;
    serialize: (value: T) => string;
  },
): Promise<boolean> {
  let json = cache.get(kind, key);
  if (json === undefined) {
    const value = await load();
    if (value === undefined) return false;
    json = serialize(value);
    cache.set(kind, key, json);
  }
  // Awaited: an async handler that has sent must not resolve before the reply is out, or a
  // compressed (streamed) answer can go out empty.
  await reply.type('application/json; charset=utf-8').send(json);
  return true;
}
