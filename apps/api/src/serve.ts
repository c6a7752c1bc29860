import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { buildApp } from './app';
import type { Config } from './config';
import { serveClusterMetrics } from './core/metrics';
import { type CounterStore, createRedisCounterStore } from './core/rate-limit';
import { createRedisSharedCache } from './core/shared-cache';
import { type Database, openDatabase } from './db/client';
import { type EmbeddedStart, startEmbedded } from './db/embedded-start';
import { ensurePlans, ensureSuperAdmin, seedDemoData } from './db/seed';
import { BOOKINGS_MAINTENANCE_JOB } from './scheduled-jobs';

/** Migrations, plans, the super admin and the demo data: once, before any process serves requests. */
async function prepareDatabase(database: Database, config: Config): Promise<boolean> {
  return database.exclusive(async () => {
    await database.migrate();
    await ensurePlans(database.db);
    const didSeed = config.seedDemo ? await seedDemoData(database.db) : false;
    if (config.superAdmin) await ensureSuperAdmin(database.db, config.superAdmin);
    return didSeed;
  });
}

/** The number of API processes `WORKERS` asks for; more than one needs PostgreSQL and Redis. */
export function workerCount(config: Config): number {
  const count = config.workers === 'auto' ? availableParallelism() : config.workers;
  if (count > 1 && (!config.databaseUrl || !config.redisUrl)) {
    throw new Error(
      `WORKERS=${config.workers} needs DATABASE_URL and REDIS_URL: the embedded database (PGlite) serves one process, ` +
        'and sessions, rate limits and realtime events are shared between processes through Redis.',
    );
  }
  return count;
}

/**
 * WORKERS > 1: this primary process prepares the database once, then runs that many full API servers on the
 * one port (node:cluster shares the listening socket). A worker that dies is replaced; SIGTERM drains them all.
 */
async function runPrimary(config: Config, count: number): Promise<void> {
  const database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
  await prepareDatabase(database, config);
  await database.close();
  serveClusterMetrics();

  let stopping = false;
  const fork = () => cluster.fork({ RENTORA_WORKER: '1' });
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`API worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive to start the next one.
    setTimeout(fork, 1000);
  });
  console.log(`Rentora primary ${process.pid}: ${count} API workers on port ${config.port}`);

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    for (const worker of workers) worker?.process.kill(signal);
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * Runs the API with `config` (server.ts loaded it). `embedded` is the embedded database server.ts started before
 * this module loaded (unset on PostgreSQL).
 */
export async function main(config: Config, embedded?: EmbeddedStart): Promise<void> {
  const count = workerCount(config);
  if (count > 1 && cluster.isPrimary) return runPrimary(config, count);
  return runServer(config, { prepare: !cluster.isWorker, embedded });
}

async function runServer(
  config: Config,
  options: { prepare: boolean; embedded?: EmbeddedStart },
): Promise<void> {
  const startedAt = performance.now();
  const phases: Record<string, number> = {};
  let phaseStart = startedAt;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  const embedded = options.embedded ?? (config.databaseUrl ? undefined : await startEmbedded(config));
  const database = await openDatabase({
    url: config.databaseUrl,
    pglite: embedded?.thread,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  const unlock = embedded?.unlock ?? (() => {});
  phase('open');
  // The database's start-up work (on PGlite also PostgreSQL's boot on its thread) goes on while the routes are built;
  // the server waits for it before it listens. PGlite never analyzes by itself. Its statistics live in the data dir,
  // so a restart serves with the last ones and refreshes them in the background; a database the demo seed just
  // filled is analyzed before serving, on PostgreSQL too (autovacuum leaves tables of under 50 rows unanalyzed, and
  // plans made without statistics are the planner's guesses).
  const prepared = (async () => {
    const seeded = options.prepare ? await prepareDatabase(database, config) : false;
    if (seeded) await database.analyze();
    return seeded;
  })();
  // Awaited below, once the app is built; a failure meanwhile must not count as unhandled.
  prepared.catch(() => {});

  // With REDIS_URL the rate-limit counters and the cached answers are shared by every API process (socket.io
  // connects its own clients).
  const redis = config.redisUrl ? (await import('redis')).createClient({ url: config.redisUrl }) : undefined;
  let counterStore: CounterStore | undefined;
  if (redis) {
    redis.on('error', (error: unknown) => console.error('redis (rate limits):', error));
    await redis.connect();
    counterStore = createRedisCounterStore(redis);
  }

  const app = await buildApp({
    config,
    database,
    counterStore,
    cache: redis ? createRedisSharedCache(redis) : undefined,
    readinessChecks: redis ? { redis: () => redis.ping() } : {},
    databaseReady: prepared,
  });
  phase('build');
  const seeded = await prepared;
  const refreshStatistics = database.driver === 'pglite' && !seeded;
  phase('prepare');
  app.addHook('onClose', async () => {
    // Fastify may run this hook before the app's own: the jobs stop first, so none writes to a closed database.
    await app.deps.jobs.stop();
    await redis?.close();
    await database.close();
    unlock();
  });
  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  // Background jobs must never keep the API from serving: a failed start is logged and tried again.
  const startJobs = (): void => {
    app.deps.jobs.start().catch((error: unknown) => {
      app.log.error({ err: error }, 'job runner did not start; retrying in 5 s');
      setTimeout(startJobs, 5000).unref();
    });
  };
  startJobs();
  if (refreshStatistics) {
    setTimeout(() => {
      database
        .analyze()
        .catch((error: unknown) => app.log.warn({ err: error }, 'analyze after start failed'));
    }, 2000).unref();
  }
  // Money the gateway took while no process was running is looked for at once, not at the next scheduled tick.
  app.deps.jobs.send(BOOKINGS_MAINTENANCE_JOB, {}).catch((error: unknown) => {
    app.log.error({ err: error }, 'start-up reconciliation not queued');
  });
  app.log.info(
    {
      database: database.driver,
      seeded,
      worker: cluster.isWorker ? cluster.worker?.id : undefined,
      startupMs: Math.round(performance.now() - startedAt),
      startupPhasesMs: phases,
      importMs: Math.round(startedAt),
    },
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
