import path from 'node:path';
import { createClient } from 'redis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type CounterStore, createRedisCounterStore } from './core/rate-limit';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { ensurePlans, ensureSuperAdmin, seedDemoData } from './db/seed';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
  const seeded = await database.exclusive(async () => {
    await database.migrate();
    await ensurePlans(database.db);
    const didSeed = config.seedDemo ? await seedDemoData(database.db) : false;
    if (config.superAdmin) await ensureSuperAdmin(database.db, config.superAdmin);
    return didSeed;
  });
  if (database.driver === 'pglite') await database.analyze();

  // With REDIS_URL the rate-limit counters are shared by every API process (socket.io connects its own clients).
  const redis = config.redisUrl ? createClient({ url: config.redisUrl }) : undefined;
  let counterStore: CounterStore | undefined;
  if (redis) {
    redis.on('error', (error: unknown) => console.error('redis (rate limits):', error));
    await redis.connect();
    counterStore = createRedisCounterStore(redis);
  }

  const app = await buildApp({ config, database, counterStore });
  app.addHook('onClose', async () => {
    await redis?.close();
    await database.close();
    unlock();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.driver, seeded, startupMs: Math.round(performance.now() - startedAt) },
    `Rentora is listening on ${config.appUrl}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
