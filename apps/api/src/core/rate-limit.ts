import type { RedisClientType } from 'redis';
import { AppError } from './errors';

/** A fixed-window counter store: in memory for one process, Redis when several processes serve. */
export interface CounterStore {
  /** Adds one to `key` and returns the count within its window. */
  increment(key: string, windowSeconds: number): Promise<number>;
  /** The count of `key` within its window, without adding to it (0 when none). */
  current(key: string): Promise<number>;
}

export function createMemoryCounterStore(): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  return {
    async increment(key, windowSeconds) {
      const now = Date.now();
      if (counters.size > 50_000) {
        for (const [k, v] of counters) if (v.resetAt <= now) counters.delete(k);
      }
      const entry = counters.get(key);
      if (!entry || entry.resetAt <= now) {
        counters.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
    async current(key) {
      const entry = counters.get(key);
      return entry && entry.resetAt > Date.now() ? entry.count : 0;
    },
  };
}

export function createRedisCounterStore(client: RedisClientType): CounterStore {
  return {
    async increment(key, windowSeconds) {
      const redisKey = `ratelimit:${key}`;
      const count = await client.incr(redisKey);
      if (count === 1) await client.expire(redisKey, windowSeconds);
      return count;
    },
    async current(key) {
      return Number((await client.get(`ratelimit:${key}`)) ?? 0);
    },
  };
}

export interface RateLimiter {
  /** Throws 429 RATE_LIMITED once `key` has been hit more than `max` times in the window. */
  hit(key: string, max: number): Promise<void>;
  /** Throws 429 RATE_LIMITED when `key` has already been hit `max` times in the window; counts nothing. */
  check(key: string, max: number): Promise<void>;
}

const tooMany = () => new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.');

export function createRateLimiter(store: CounterStore, windowSeconds: number): RateLimiter {
  return {
    async hit(key, max) {
      const count = await store.increment(key, windowSeconds);
      if (count > max) throw tooMany();
    },
    async check(key, max) {
      if ((await store.current(key)) >= max) throw tooMany();
    },
  };
}
