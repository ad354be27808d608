import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildProduct } from '../test/factories.js';

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
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    for (let part = 0; part < 40; part += 1) await buildProduct(t.db, { description: 'x'.repeat(300) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('when a browser fetches the whole list (first from the database, then from the cache), then it arrives whole', async () => {
    for (let fetch = 0; fetch < 2; fetch += 1) {
      const { encoding, body } = await getGzip(port, '/api/products');
      expect(encoding).toBe('gzip');
      expect(JSON.parse(gunzipSync(body).toString()) as Product[]).toHaveLength(54);
    }
  });
});
