import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (HEAD routes for GET included), as `onRoute` saw them. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Keeps the list of routes as they are registered: the access-control test checks that each one has
 * a row in its table, so a new route cannot slip in unreviewed. Call before any route is added.
 */
export function recordRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}
