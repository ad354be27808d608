// The yardstick for the API reads: a bare node:http server that answers the store's exact answers
// (status, headers and body, captured once from the store) from memory. Run by api-reads.ts as
// a child process of its own, so that it gets a core to itself as the store does.
//
// The parent sends { host, port, routes: [{ path, status, headers, body (base64) }] } and gets
// { listening: true } back; this process ends when the parent disconnects (or dies).
import http from 'node:http';

export interface BareRoute {
  path: string;
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

export interface BareServerSetup {
  host: string;
  port: number;
  routes: BareRoute[];
}

process.once('message', (message) => {
  const { host, port, routes } = message as BareServerSetup;
  const answers = new Map(
    routes.map((route) => [
      route.path,
      {
        status: route.status,
        body: Buffer.from(route.body, 'base64'),
        headers: route.headers,
      },
    ]),
  );
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404, { 'content-length': 0 });
      response.end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  server.listen(port, host, () => process.send?.({ listening: true }));
});

process.once('disconnect', () => process.exit(0));
