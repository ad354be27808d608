import { request } from 'node:http';

/**
 * One HTTP request with its path sent exactly as written: fetch and light-my-request parse URLs
 * (and so resolve `/./`, `%2e` and backslashes) before sending, as an attacker's client need not.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        method,
        path,
        headers: {
          origin: baseUrl,
          ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
