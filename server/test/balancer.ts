import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPaths, API_PREFIX } from '../../contract/index.js';

/**
 * A small load balancer for the scale tests, behaving as common ones do: round robin over the
 * instances its health check last found healthy (GET /api/health answering 200, checked every
 * `checkEveryMs`), keep-alive connections to them, 502 when the chosen instance fails to answer.
 * Each answer names the instance that gave it (`x-upstream`).
 */
export interface Balancer {
  url: string;
  /** The instances' base URLs the last health check found healthy. */
  healthy(): string[];
  close(): Promise<void>;
}

export async function startBalancer(upstreams: string[], { checkEveryMs = 100 } = {}): Promise<Balancer> {
  const healthy = new Set(upstreams);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;

  const check = async (upstream: string) => {
    try {
      const answer = await fetch(`${upstream}${API_PREFIX}${apiPaths.health}`, {
        signal: AbortSignal.timeout(Math.max(checkEveryMs * 5, 500)),
      });
      await answer.arrayBuffer();
      if (answer.ok) healthy.add(upstream);
      else healthy.delete(upstream);
    } catch {
      healthy.delete(upstream);
    }
  };
  let checking = true;
  const checks = (async () => {
    while (checking) {
      await Promise.all(upstreams.map(check));
      await new Promise((resolve) => setTimeout(resolve, checkEveryMs));
    }
  })();

  const server = http.createServer((request, response) => {
    const live = upstreams.filter((upstream) => healthy.has(upstream));
    const upstream = live[next++ % Math.max(live.length, 1)];
    const failed = (why: string) => {
      if (response.headersSent) return response.destroy();
      response.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': upstream ?? 'none' }).end(why);
    };
    if (!upstream) return failed('no healthy instance');
    const proxied = http.request(
      `${upstream}${request.url ?? '/'}`,
      { method: request.method, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream });
        answer.pipe(response);
      },
    );
    proxied.on('error', (error) => failed(`${upstream}: ${error.message}`));
    request.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    healthy: () => upstreams.filter((upstream) => healthy.has(upstream)),
    async close() {
      checking = false;
      await checks;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
