import type { ApiErrorName } from '../../contract/index.js';
import { AppError } from './errors.js';

/**
 * At most `running` pieces of work at once per client (its IP), the next `waiting` queued for at
 * most `waitMs`, any more refused at once with `refusal`. For work that holds the database a while
 * (an uncached search): a request rate limit counts requests, not how many run together, so a few
 * concurrent ones from one client could still fill PGlite's one connection.
 */
export interface PerClientConcurrency {
  run<T>(client: string, work: () => Promise<T>): Promise<T>;
  /** Clients with work running or waiting (tests): none are kept once idle. */
  clients(): number;
}

interface Client {
  running: number;
  queue: { start: () => void; timer: NodeJS.Timeout }[];
}

export function createPerClientConcurrency({
  running: maxRunning,
  waiting: maxWaiting,
  waitMs,
  refusal,
}: {
  running: number;
  waiting: number;
  waitMs: number;
  refusal: ApiErrorName;
}): PerClientConcurrency {
  const clients = new Map<string, Client>();

  /** A slot is handed to the next in line, or given back (and the client forgotten once idle). */
  const release = (key: string, client: Client) => {
    const next = client.queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
      return;
    }
    client.running -= 1;
    if (client.running === 0) clients.delete(key);
  };

  /** Resolves once this client has a slot; refuses when its queue is full or the wait ran out. */
  const slot = (key: string): Promise<Client> => {
    let client = clients.get(key);
    if (!client) {
      client = { running: 0, queue: [] };
      clients.set(key, client);
    }
    if (client.running < maxRunning) {
      client.running += 1;
      return Promise.resolve(client);
    }
    if (client.queue.length >= maxWaiting) return Promise.reject(new AppError(refusal));
    const waiter = client;
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => resolve(waiter),
        timer: setTimeout(() => {
          waiter.queue.splice(waiter.queue.indexOf(entry), 1);
          reject(new AppError(refusal));
        }, waitMs),
      };
      waiter.queue.push(entry);
    });
  };

  return {
    async run(key, work) {
      const client = await slot(key);
      try {
        return await work();
      } finally {
        release(key, client);
      }
    },
    clients: () => clients.size,
  };
}
