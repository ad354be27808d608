import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * Stripe.js and its card fields (iframes) when the store takes payments through Stripe, as Stripe's
 * security guide lists them; without Stripe nothing outside our origin is allowed.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The store's helmet policy. Scripts and styles only from our origin (Vite emits no inline
 * script); images may be data: URIs because Bootstrap draws its icons that way, and any https:
 * address because a part's picture or a customer's photo may be one, shown as given (an image
 * cannot run script; plain http: stays out).
 */
function helmetOptions(config: Config): HelmetOptions {
  // HSTS and request upgrading only make sense where customers reach the store over https.
  const httpsOnly = config.env === 'production' && config.publicUrl.startsWith('https:');
  const stripe = config.stripe !== undefined;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.script : [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.connect : [])],
        frameSrc: stripe ? STRIPE_SOURCES.frame : ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for this policy, computed once. The policy is the same for every answer
 * (no nonces, no per-route settings), and building it per request (what @fastify/helmet does) cost
 * a third of the catalogue's throughput (decision 0011).
 */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(helmetOptions(config))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(Object.fromEntries(headers));
}

/** Security headers on every answer: API, web app, static files, errors and 404s. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
