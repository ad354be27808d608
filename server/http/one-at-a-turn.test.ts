import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneAtATurn } from './one-at-a-turn.js';

/** Keeps the CPU busy for `ms`, as a search from memory does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the work itself
  }
}

/** Connections kept open, as a load generator's or browsers' are: the requests on them are read at once. */
const agent = new Agent({ keepAlive: true, maxSockets: 40 });

const get = (port: number, path: string) =>
  new Promise<void>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve());
    })
      .on('error', reject)
      .end();
  });

describe('work taken one piece per turn of the event loop', () => {
  const app = Fastify();
  let port: number;
  const finished: string[] = [];
  let turns = true;
  const turn = oneAtATurn();
  beforeAll(async () => {
    app.get('/search', async () => {
      if (turns) await turn();
      busy(3);
      finished.push('search');
      return { ok: true };
    });
    app.get('/part', async () => {
      finished.push('part');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    agent.destroy();
    await app.close();
  });

  /** 30 searches at once, then a part's page once they are all waiting: where the page came in the order. */
  async function partPageAfterSearches(): Promise<number> {
    // The connections first.
    await Promise.all(Array.from({ length: 31 }, () => get(port, '/part')));
    finished.length = 0;
    const searches = Array.from({ length: 30 }, () => get(port, '/search'));
    while (finished.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const part = get(port, '/part');
    await Promise.all([...searches, part]);
    return finished.indexOf('part');
  }

  it('when searches are queued, then a part page that comes after them is answered before most of them', async () => {
    turns = true;
    expect(await partPageAfterSearches()).toBeLessThan(10);
    // Without turns the page waits for the searches that came before it.
    turns = false;
    expect(await partPageAfterSearches()).toBeGreaterThan(20);
  });

  it('when several wait, then they are answered in the order they came', async () => {
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (n) => {
        await turn();
        order.push(n);
      }),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});
