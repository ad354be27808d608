import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
 * Security headers for every answer. Scripts and styles only from our origin (Vite emits no inline
 * script); images may be data: URIs because Bootstrap draws its icons that way.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  // HSTS and request upgrading only make sense where customers reach the store over https.
  const httpsOnly = config.env === 'production' && config.publicUrl.startsWith('https:');
  const stripe = config.stripe !== undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.script : [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
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
  });
}
