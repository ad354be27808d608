import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX, apiPaths, apiRoutes } from '../../contract/index.js';
import { offeredIdentityEndpoints, type OfferedIdentityEndpoint } from '../auth/endpoints.js';
import type { Guards } from '../auth/guards.js';
import { projectRoot } from '../lib/project-root.js';
import { escapeHtml } from '../http/web-app.js';

/** The OpenAPI document, and the reference page that shows it. */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

/** Routes are tagged by the domain their first path segment belongs to. */
const TAGS = [
  {
    name: 'products',
    description: 'The catalogue of parts, and its search',
    segments: ['products', 'catalogue', 'admin/catalogue.csv', 'admin/products', 'admin/search-synonyms'],
  },
  { name: 'vehicles', description: 'Bikes (one model year each) for the bike picker', segments: ['vehicles'] },
  { name: 'garage', description: "The signed-in customer's bikes", segments: ['garage'] },
  { name: 'reviews', description: "Customers' reviews", segments: ['reviews'] },
  { name: 'auth', description: 'Accounts and sessions (better-auth), and access tokens', segments: ['auth'] },
  { name: 'users', description: 'Roles and admins', segments: ['user', 'admin'] },
  { name: 'profile', description: "The signed-in user's profile info", segments: ['userinfo'] },
  {
    name: 'cart',
    description: "The signed-in customer's cart, shipping methods and the checkout",
    segments: ['cart', 'shipping-methods', 'checkout'],
  },
  { name: 'orders', description: 'Orders and their stock', segments: ['myOrder', 'admin/orders'] },
  { name: 'payments', description: 'Paying for an order', segments: ['create-payment-intent', 'sandbox', 'stripe'] },
  { name: 'health', description: 'Whether the store and its database answer', segments: ['health'] },
  { name: 'media', description: 'Uploaded photos, served under /media/', segments: ['media'] },
];
/** By the first two segments when a tag names them (`admin/orders`), else by the first. */
const tagOf = (url: string) => {
  const [, , first = '', second = ''] = url.split('/');
  return (
    TAGS.find((tag) => tag.segments.includes(`${first}/${second}`)) ?? TAGS.find((tag) => tag.segments.includes(first))
  )?.name;
};

/** One line per operation, keyed as Fastify declares the route. */
const SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Whether the store and its database answer',
  'GET /api/products': 'The newest parts (at most 100, 100 unless `limit` says fewer), oldest first',
  'GET /api/admin/products':
    'Manage Products: the catalogue newest first, searched by name, sku or brand, or only the parts below their minimum order, in pages',
  'GET /api/products/:id': 'One part',
  'POST /api/products': 'Add a part',
  'PATCH /api/products/:id':
    "Edit a part: any of its fields, with Add Product's rules; orders keep what they were placed with",
  'DELETE /api/products/:id': 'Delete a part; orders already placed keep its name and price',
  'GET /api/catalogue': 'Search the catalogue: text, facets with counts, a bike, price, stock, sort and pages',
  'GET /api/products/:id/fitment': 'The bikes a part fits, or that it fits every bike',
  'GET /api/admin/catalogue.csv': 'Every part as CSV (text/csv), oldest first, with its OEM numbers, specs and fitment',
  'POST /api/admin/catalogue.csv':
    'Create or update parts by sku from a CSV file (text/csv), all or nothing: every bad line is listed by line and column',
  'GET /api/admin/search-synonyms': 'Search Synonyms: the groups of words catalogue search reads as one',
  'POST /api/admin/search-synonyms':
    'Add a group of words that catalogue search reads as one (`disk`, `disc`, `rotor`); it holds from the next search',
  'DELETE /api/admin/search-synonyms/:id': 'Remove a group of synonyms',
  'GET /api/vehicles/makes': "The bike picker's makes",
  'GET /api/vehicles/models': "A make's models",
  'GET /api/vehicles': "A model's years, newest first",
  'GET /api/vehicles/:id': 'One vehicle (a model year)',
  'GET /api/garage': 'Your garage: your bikes',
  'POST /api/garage': 'Add a bike to your garage (at most 10)',
  'DELETE /api/garage/:id': 'Remove a bike from your garage',
  'GET /api/reviews': "The newest reviews (at most 1000), newest first, the reviewers' e-mails masked",
  'POST /api/reviews': 'Write a review',
  'PUT /api/user/:email': 'An access token for the e-mail of the session cookie sent',
  'GET /api/user/:email': 'Whether this user is a customer',
  'GET /api/admin/:email': 'Whether this user is an admin',
  'GET /api/user': 'The users, oldest first, at most 100 a read (`limit`), `page` for the next ones',
  'GET /api/admin/users': 'Make Admin: the accounts newest first, searched by e-mail or name, in pages',
  'PUT /api/user/admin/:email': 'Make this user an admin',
  'GET /api/userinfo': 'Your profile info',
  'POST /api/userinfo': 'Save your profile info',
  'POST /api/myOrder': 'Place an order of one part (its stock is reserved); Idempotency-Key makes retries safe',
  'GET /api/cart': "Your cart, with the parts' current prices and stock",
  'PUT /api/cart/:productId': "Set a part's quantity in your cart (its minimum and stock apply)",
  'DELETE /api/cart/:productId': 'Take a part out of your cart',
  'GET /api/shipping-methods': 'The shipping methods, their prices and free-shipping thresholds',
  'POST /api/checkout':
    'Turn your cart into one order: every line reserved, all or none; Idempotency-Key makes retries safe',
  'GET /api/myOrder': 'Your orders, newest first',
  'GET /api/myOrder/:id': 'One order, for its owner or an admin',
  'DELETE /api/myOrder/:id': 'Delete an unpaid order (its stock comes back)',
  'PATCH /api/myOrder/:id': 'Mark the order paid, once the payment gateway confirms the payment',
  'POST /api/create-payment-intent': "Start paying for an order, for the order's own total",
  'POST /api/sandbox/confirm': 'Pay with a test card (sandbox gateway only)',
  'POST /api/stripe/webhook': "Stripe's events, signed by Stripe (Stripe only)",
  'POST /api/media':
    'Upload a photo (multipart/form-data, field `file`: JPEG, PNG, WebP or AVIF, at most 8 MB and 40 megapixels); ' +
    'it is re-encoded without its metadata into AVIF and WebP sizes served under /media/',
  'GET /api/admin/orders':
    "Every customer's orders, newest first: by status, searched by e-mail, order id or part, in pages",
  'GET /api/admin/orders/:id': 'One order, as the shop sees it',
  'POST /api/admin/orders/:id/ship': 'Ship a paid order, with its carrier and tracking number',
  'POST /api/admin/orders/:id/deliver': 'Mark a shipped order delivered',
  'POST /api/admin/orders/:id/cancel':
    'Cancel an unpaid order, or refund a paid one that has not shipped through the payment gateway; its stock comes back',
};

const IDENTITY_SUMMARIES: Record<string, string> = {
  '/sign-up/email': 'Create an account with e-mail and password',
  '/sign-in/email': 'Sign in with e-mail and password (sets the session cookie)',
  '/sign-in/social': 'Start signing in with Google',
  '/sign-out': 'End this session',
  '/get-session': 'The session of the cookie sent, or null',
  '/change-password': 'Change the password (every session ends)',
  '/request-password-reset':
    'E-mail a link to reset the password, good once for an hour; the same answer whether the e-mail has an account or not',
  '/reset-password': "Set a new password with the reset link's token (every session ends)",
  '/send-verification-email': "E-mail a new link to verify the signed-in user's own address, good for 24 hours",
  '/verify-email': "Verify an address with its link's token (`?token=`); it does not sign in",
  '/update-user': 'Change your name or photo',
  '/list-sessions': 'Your sessions',
  '/revoke-session': 'End one of your sessions',
  '/revoke-sessions': 'End all your sessions',
  '/revoke-other-sessions': 'End your other sessions',
  '/error': "The identity library's error page",
  '/callback/{provider}': 'Where Google sends the browser back after sign-in',
};
const LIMITS = {
  password: 'Attempts are limited per IP and per account; a success gives its attempt back.',
  address: 'Attempts are limited per IP and per e-mail named; none is given back.',
  ip: 'Attempts are limited per IP.',
  none: '',
};

/** better-auth's endpoints are one wildcard route: the document lists the ones the store offers. */
function identityPaths(endpoints: OfferedIdentityEndpoint[]) {
  const prefix = `${API_PREFIX}${apiPaths.auth}`;
  return Object.fromEntries(
    endpoints.map((endpoint) => {
      const provider = endpoint.path.includes('{provider}')
        ? [{ name: 'provider', in: 'path', required: true, schema: { type: 'string', example: 'google' } }]
        : [];
      const operation = {
        tags: ['auth'],
        summary: IDENTITY_SUMMARIES[endpoint.path.slice(prefix.length)],
        description:
          `better-auth's endpoint; refusals come in the API's error shape with better-auth's \`code\`. ${LIMITS[endpoint.attempts]}`.trim(),
        parameters: provider,
        responses: { 200: { description: "better-auth's answer" }, '4XX': { description: 'Refused' } },
      };
      return [endpoint.path, Object.fromEntries(endpoint.methods.map((method) => [method.toLowerCase(), operation]))];
    }),
  );
}

/** What each guard asks of the caller, by the guard a route runs first. */
function guardDescriptions(guards: Guards) {
  const descriptions = new Map<unknown, string>([
    [guards.requireUser, 'Needs an access token.'],
    [guards.requireAdmin, 'Needs the access token of an admin.'],
    [guards.requireCustomer, 'Needs the access token of a customer (not an admin).'],
  ]);
  return (route: RouteOptions) => {
    const guard = [route.onRequest ?? []].flat().find((hook) => descriptions.has(hook));
    return guard && descriptions.get(guard);
  };
}

/**
 * A route's operation: its zod schemas as JSON Schema (fastify-type-provider-zod), its domain's tag,
 * its summary, and bearerAuth when a guard stands in front of it.
 */
function describeRoute(
  input: Parameters<typeof jsonSchemaTransform>[0],
  guardOf: (route: RouteOptions) => string | undefined,
) {
  const { schema, url } = jsonSchemaTransform(input);
  if (url === `${API_PREFIX}${apiRoutes.auth}`) return { schema: { hide: true }, url }; // listed path by path
  if (!url.startsWith(`${API_PREFIX}/`) || (schema as { hide?: boolean } | undefined)?.hide) return { schema, url };
  const tag = tagOf(url);
  const summary = SUMMARIES[`${[input.route.method].flat()[0]} ${url}`];
  const guard = guardOf(input.route);
  return {
    url,
    schema: {
      ...schema,
      ...(tag && { tags: [tag] }),
      ...(summary && { summary }),
      ...(guard && { description: guard, security: [{ bearerAuth: [] }] }),
    },
  };
}

const packageVersion = () =>
  (JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The OpenAPI 3.1 document of the API, built from the routes' zod schemas, at OPENAPI_PATH, and the
 * Swagger UI reference page at API_DOCS_PATH (its files from node_modules). Register before the
 * routes: @fastify/swagger collects them as they are added (an onRoute hook, nothing per request).
 * Register before compression too: its files have no compressed copies, and compressing 1.5 MB of
 * script on every request (about 130 ms of CPU) would let anyone keep the server busy; they go as
 * they are, and browsers keep them (ETag).
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { storeName, guards }: { storeName: string; guards: Guards },
) {
  const guardOf = guardDescriptions(guards);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${storeName} API`,
        version: packageVersion(),
        description:
          'The JSON API of the store. Errors answer `{ statusCode, error, message, code? }` (and `errors` per field). ' +
          'Sign in through `/api/auth/*` (a session cookie), then ask `PUT /api/user/{email}` for an access token ' +
          'and send it as `Authorization: Bearer <token>`.',
      },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of `PUT /api/user/{email}`; it ends with the session it was issued for.',
          },
        },
      },
    },
    transform: (input) => describeRoute(input, guardOf),
    transformObject(document) {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      return { ...openapiObject, paths: { ...openapiObject.paths, ...identityPaths(offeredIdentityEndpoints()) } };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: escapeHtml(`${storeName} API`) }, // written into the page as it is
    // Swagger's standalone layout draws a logo with an inline <style>, which the store's CSP refuses;
    // the base layout (no top bar) needs nothing the CSP forbids, so the policy stays as it is here.
    uiConfig: { layout: 'BaseLayout' },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}
