import { request as httpRequest, STATUS_CODES } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, errorResponseSchema } from '../../contract/index.js';
import { createTestApp, testConfig, type TestApp } from '../test/app.js';
import { TEST_ORIGIN } from '../test/auth.js';
import { securityHeaders } from './security.js';

/** Written into every URL, header and body below: no answer may repeat it. */
const ECHO = 'echo-me';
const PRODUCTION = { NODE_ENV: 'production' };

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The API's one error shape, the reason phrase of its status, and nothing of the request. */
function expectApiError(answer: Answer, statusCode: number, message?: string) {
  expect(answer.statusCode).toBe(statusCode);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = errorResponseSchema.strict().parse(JSON.parse(answer.body));
  expect(body).toMatchObject({ statusCode, error: STATUS_CODES[statusCode] });
  if (message) expect(body.message).toBe(message);
  expect(answer.body).not.toContain(ECHO);
}

/** Outside the API: the status's name in plain text, nothing of the request. */
function expectPlainError(answer: Answer, statusCode: number) {
  expect(answer.statusCode).toBe(statusCode);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  expect(answer.body).toBe(STATUS_CODES[statusCode]);
}

/** URLs the router refuses before any route runs, as a client sends them (not normalised). */
const REFUSED_API_URLS = [
  ['a lone %', `/api/products/${ECHO}%`, 400, apiMessages.malformedUrl],
  ['%zz', `/api/products/%zz${ECHO}`, 400, apiMessages.malformedUrl],
  ['a malformed e-mail parameter', `/api/user/${ECHO}%zz%40example.com`, 400, apiMessages.malformedUrl],
  ['an id over maxParamLength', `/api/products/${ECHO}${'a'.repeat(200)}`, 414, apiMessages.urlPartTooLong],
  [
    'an e-mail over maxParamLength',
    `/api/admin/${ECHO}${'a'.repeat(200)}%40x.example`,
    414,
    apiMessages.urlPartTooLong,
  ],
] as const;
const REFUSED_PAGE_URLS = [`/dashboard/%zz${ECHO}`, `/${ECHO}%`, `/products/${ECHO}%`] as const;

describe('refusals of Fastify and its router, through inject', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION });
  });
  afterAll(() => t.close());

  it.each(REFUSED_API_URLS)(
    'when an API URL has %s, then the one error shape with its own reason phrase, without the URL',
    async (_case, url, statusCode, message) => {
      const response = await t.app.inject({ method: 'GET', url });
      expectApiError(response, statusCode, message);
    },
  );

  it.each(REFUSED_PAGE_URLS)('when the page URL %s is malformed, then a plain 400 without the URL', async (url) => {
    expectPlainError(await t.app.inject({ method: 'GET', url }), 400);
  });

  it('when the router refuses a URL, then the answer still carries every security header', async () => {
    const expected = securityHeaders(testConfig(PRODUCTION));
    for (const url of [REFUSED_API_URLS[0][1], REFUSED_API_URLS[3][1], REFUSED_PAGE_URLS[0]]) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(headers[name], `${url}: ${name}`).toBe(value);
    }
  });

  const json = { 'content-type': 'application/json' };
  /** A route whose body Fastify parses, and better-auth's, whose body is kept as text. */
  const bodyRoutes = [
    { method: 'PUT', url: `/api/user/${ECHO}%40example.com`, headers: {} },
    { method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN } },
  ] as const;
  it.each([
    ['a content type no parser takes', { 'content-type': `${ECHO}/json` }, '{}', 415],
    ['an unreadable content type', { 'content-type': `;;;${ECHO}` }, '{}', 415],
    ['an XML body', { 'content-type': 'text/xml' }, `<${ECHO}/>`, 415],
    ['a body over the limit', json, JSON.stringify({ eamil: ECHO.repeat(20_000) }), 413],
    ['a body shorter than its Content-Length', { ...json, 'content-length': '99' }, `{"a":"${ECHO}"}`, 400],
    ['an unknown Content-Encoding', { ...json, 'content-encoding': ECHO }, '{}', 415],
    ['gzip that is not gzip', { ...json, 'content-encoding': 'gzip' }, ECHO, 400],
    ['gzip over the limit once inflated', { ...json, 'content-encoding': 'gzip' }, gzipSync(' '.repeat(200_000)), 413],
  ] as const)(
    'when a request has %s, then the one error shape, without what was sent',
    async (...[, headers, payload, statusCode]) => {
      for (const route of bodyRoutes) {
        const response = await t.app.inject({ ...route, headers: { ...route.headers, ...headers }, payload });
        expectApiError(response, statusCode);
      }
    },
  );

  it.each([
    ['an empty JSON body', ''],
    ['malformed JSON', `{"${ECHO}`],
    ['a __proto__ key', `{"__proto__":{"${ECHO}":1}}`],
  ])('when a request has %s, then 400 in the one error shape, without what was sent', async (_case, payload) => {
    const response = await t.app.inject({ ...bodyRoutes[0], headers: json, payload });
    expectApiError(response, 400);
  });

  it('when an unknown Content-Encoding is sent, then the message names none of it', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/rider%40example.com',
      headers: { 'content-type': 'application/json', 'content-encoding': ECHO },
      payload: '{}',
    });
    expectApiError(response, 415, apiMessages.unsupportedContentEncoding);
  });

  it('when a page path is posted malformed JSON, then a plain 400, not the API JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dashboard',
      headers: { 'content-type': 'application/json' },
      payload: `{"${ECHO}`,
    });
    expectPlainError(response, 400);
  });
});

describe('refusals of Fastify, Node and the router, over a real socket', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** A GET with the path exactly as given: node:http sends it as it is (fetch would normalise it). */
  const get = (path: string) =>
    new Promise<Answer>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on('error', reject);
      request.end();
    });

  /** Bytes no HTTP client would send (a NUL, a request line over Node's limit): written to a socket. */
  const raw = (text: string) =>
    new Promise<Answer>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = received.split('\r\n\r\n', 2);
        const [statusLine = '', ...headerLines] = head.split('\r\n');
        const headers = Object.fromEntries(
          headerLines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        );
        resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body });
      });
    });

  it.each(REFUSED_API_URLS)(
    'when an API URL with %s is sent raw, then the one error shape, without the URL',
    async (_case, url, statusCode, message) => {
      expectApiError(await get(url), statusCode, message);
    },
  );

  it.each(REFUSED_PAGE_URLS)('when the malformed page URL %s is sent raw, then a plain 400', async (url) => {
    expectPlainError(await get(url), 400);
  });

  it.each([
    ['a NUL byte in the URL', `GET /api/products/${ECHO}\u0000 HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    [
      'a URL over the header limit',
      `GET /api/products?q=${ECHO}${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
    ],
    ['no HTTP at all', `${ECHO}\r\n\r\n`, 400],
  ] as const)('when a request has %s, then Node refuses it in the one error shape', async (...[, text, statusCode]) => {
    expectApiError(await raw(text), statusCode);
  });
});
