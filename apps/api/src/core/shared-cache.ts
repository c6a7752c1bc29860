/**
 * A string cache every API process shares: Redis when `REDIS_URL` is set (server.ts), this process's memory
 * otherwise. Entries expire after their TTL; callers that need exactness put a version into the value (see
 * modules/public-listing/public-listing.cache.ts) rather than relying on deletes reaching every process.
 */
export interface SharedCache {
  /** The value of `key`, or undefined when it is missing or expired. */
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** At most `maxEntries` values, the least recently used dropped first. */
export function createMemorySharedCache(maxEntries = 5_000): SharedCache {
  const entries = new Map<string, { value: string; until: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.until <= Date.now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    async set(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value, until: Date.now() + ttlSeconds * 1000 });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}

/** The two commands of a node-redis client the cache uses. */
export interface RedisStringCommands {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options: { EX: number }): Promise<unknown>;
}

/** Keys live under `prefix` (`rentora:cache:` in production; tests use one of their own per run). */
export function createRedisSharedCache(client: RedisStringCommands, prefix = 'rentora:cache:'): SharedCache {
  return {
    async get(key) {
      return (await client.get(prefix + key)) ?? undefined;
    },
    async set(key, value, ttlSeconds) {
      await client.set(prefix + key, value, { EX: ttlSeconds });
    },
  };
}
