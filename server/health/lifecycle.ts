/**
 * Where the process is in its life, as the health check tells load balancers: serving, or draining
 * (it got SIGTERM and still answers requests, but asks to be taken out of rotation before it stops).
 * main.ts sets it; health/routes.ts reads it.
 */
export interface Lifecycle {
  draining: boolean;
}

export const serving = (): Lifecycle => ({ draining: false });
