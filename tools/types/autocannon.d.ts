// autocannon 9 ships no types: the part of its API the bench and the soak use, from its README.
declare module 'autocannon' {
  type Context = Record<string, unknown>;

  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface Request extends RawRequest {
    /** May change the request; a falsy answer starts the connection's list of requests over. */
    setupRequest?: (request: RawRequest, context: Context) => RawRequest | undefined | false | '';
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: Request[];
  }

  interface Histogram {
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }

  export interface Result {
    /** Seconds. */
    duration: number;
    requests: { total: number };
    latency: Histogram;
    statusCodeStats: Record<string, { count: number }>;
    non2xx: number;
    /** Socket errors, timeouts included. */
    errors: number;
    timeouts: number;
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void;
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
    on(event: 'reqError', listener: (error: NodeJS.ErrnoException) => void): this;
  }

  export default function autocannon(options: Options): Instance;
}
