import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createCatalogueCache } from './cache.js';
import { askedBefore } from './asked-before.js';
import { sendCached } from './cached-json.js';

describe('answers kept only when asked again', () => {
  it('when an answer made from memory is asked once, then it is not kept; asked again, it is kept and served from the cache', async () => {
    const cache = createCatalogueCache();
    const app = Fastify();
    const askedAgain = askedBefore();
    let loads = 0;
    app.get<{ Params: { key: string } }>('/answer/:key', async (request, reply) => {
      const { key } = request.params;
      await sendCached(request, reply, {
        cache,
        kind: 'products',
        key,
        load: async () => ({ key, load: (loads += 1) }),
        serialize: (value) => JSON.stringify(value),
        keep: () => askedAgain(key),
      });
    });
    const ask = async (key: string) => (await app.inject({ url: `/answer/${key}` })).json<{ load: number }>().load;

    expect(await ask('a')).toBe(1);
    expect(cache.heldChars('products')).toBe(0);
    expect(await ask('a')).toBe(2);
    expect(cache.heldChars('products')).toBeGreaterThan(0);
    expect(await ask('a')).toBe(2);
    expect(loads).toBe(2);
    await app.close();
  });
});
