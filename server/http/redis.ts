import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The Redis connection behind shared rate limits (REDIS_URL). Commands fail fast rather than queue
 * while it is away (the limits then stay open and say so in the log); it reconnects by itself.
 */
export async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis: rate limits are not shared right now'));
  try {
    await redis.connect();
  } catch (error) {
    app.log.error({ err: error }, 'redis: cannot connect at start; rate limits stay open until it answers');
  }
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}
