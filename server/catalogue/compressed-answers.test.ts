import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/index.js';
import { seedProducts } from '../db/sample-catalogue.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { postAs } from '../test/requests.js';
import { chooseEncoding } from './cached-json.js';

/** A GET over a real socket, as a browser sends it (gzip accepted): the headers and raw bytes. */
function getGzip(port: number, path: string) {
  return new Promise<{ encoding: unknown; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('catalogue answers large enough to be compressed as a stream', () => {
  const ADDED = 40;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    for (let part = 0; part < ADDED; part += 1) await buildProduct(t.db, { description: 'x'.repeat(300) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('when a browser fetches the list (first from the database, then from the cache), then it arrives whole', async () => {
    for (let fetch = 0; fetch < 2; fetch += 1) {
      const { encoding, body } = await getGzip(port, '/api/products');
      expect(encoding).toBe('gzip');
      // The newest 100 parts at most (decisions: GET /api/products is bounded).
      expect(JSON.parse(gunzipSync(body).toString()) as Product[]).toHaveLength(
        Math.min(100, seedProducts.length + ADDED),
      );
    }
  });
});

describe('compressed copies of cached answers', () => {
  const ADMIN = 'compressed-admin@example.com';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_EMAILS: ADMIN } });
    for (let part = 0; part < 10; part += 1) await buildProduct(t.db, { description: 'y'.repeat(300) });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('when a browser accepts brotli, then the list comes as brotli, the same bytes each time, and decodes to the JSON', async () => {
    const plain = await get('/api/products?limit=6');
    const first = await get('/api/products?limit=6', 'gzip, deflate, br');
    const again = await get('/api/products?limit=6', 'gzip, deflate, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.rawPayload.equals(again.rawPayload)).toBe(true);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(first.rawPayload.length).toBeLessThan(plain.body.length / 2);
  });

  it('when a part is added after a compressed list went out, then the next compressed list has it (last: oldest first)', async () => {
    const brotliList = async () =>
      JSON.parse(brotliDecompressSync((await get('/api/products?limit=6', 'br')).rawPayload).toString()) as Product[];
    const before = await brotliList();
    const { token } = await adminWithToken(t.app, ADMIN);
    const added = await postAs(t.app, token, '/api/products', {
      name: 'Compressed caliper',
      price: 99,
      minimumOderQantity: 1,
      availableQantity: 5,
      picture: before[0]?.picture,
      description: 'z'.repeat(200),
    });
    expect(added.statusCode).toBe(200);
    const after = await brotliList();
    expect(after.at(-1)?.name).toBe('Compressed caliper');
    expect(after.slice(0, 5)).toEqual(before.slice(1));
  });

  it('when a client accepts gzip only, or refuses brotli with q=0, then gzip', async () => {
    for (const header of ['gzip', 'br;q=0, gzip;q=0.5']) {
      const response = await get('/api/reviews?limit=6', header);
      expect(response.headers['content-encoding'], header).toBe('gzip');
      expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toHaveLength(6);
    }
  });

  it('when a client asks for no encoding, then plain JSON; an answer under 1 KB is never compressed', async () => {
    const plain = await get('/api/products?limit=6', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(6);
    const small = await get('/api/products?limit=1', 'br');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveLength(1);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['BR;q=1.0', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ] as const)('Accept-Encoding %j gives %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
