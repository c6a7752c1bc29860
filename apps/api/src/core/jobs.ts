import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { JOB_DEFAULTS, type JobDefinition, type JobRunner, type JobRunnerOptions } from './job-runner';
import { createInProcessRunner } from './jobs-in-process';
import { countJobFailure } from './metrics';

export {
  type JobDefinition,
  type JobRunner,
  type JobRunnerOptions,
  nextCronTick,
  type QueueStats,
  retryDelaySeconds,
  type SendOptions,
} from './job-runner';

/**
 * One background job runner for the whole product (mail retries, rent runs, reminders, payment reconciliation,
 * booking-hold expiry). On PostgreSQL it is pg-boss: jobs and cron schedules live in the database, retries back
 * off, a scheduled tick runs once however many processes there are, and a job whose process died is retried
 * elsewhere when it expires. On the embedded database (one process per DATA_DIR) an in-process runner with the
 * same interface keeps its queue in the `jobs` table, so queued work survives a restart too.
 *
 * Handlers must be idempotent (a job can run again after a crash); scheduled-jobs.ts (and registerMailRetries)
 * define them when the app is built, serve.ts starts the runner after listening. The interface is in job-runner.ts,
 * the in-process runner in jobs-in-process.ts; pg-boss is loaded only on PostgreSQL (~80 ms of every PGlite start).
 */
export async function createJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  if (options.database.driver !== 'postgres' || !options.database.url) return createInProcessRunner(options);
  const { default: PgBossClass } = await import('pg-boss');
  return createPgBossRunner(options, options.database.url, PgBossClass);
}

function createPgBossRunner(
  options: JobRunnerOptions,
  connectionString: string,
  PgBossClass: typeof PgBoss,
): JobRunner {
  const definitions = new Map<string, Required<JobDefinition<unknown>>>();
  const schedules: { name: string; cron: string; data: Record<string, unknown> }[] = [];
  const superviseSeconds = options.superviseSeconds ?? 60;
  const boss = new PgBossClass({
    connectionString,
    max: 3,
    application_name: 'rentora-jobs',
    maintenanceIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job runner error'));
  let started = false;
  let stopping = false;
  let starting: Promise<void> | undefined;
  let opened: Promise<void> | undefined;

  /** Connects (and installs pg-boss's schema) once, and creates or updates a queue per defined job. */
  function ready(): Promise<void> {
    opened ??= (async () => {
      await boss.start();
      await withRetries(() => ensureQueues());
    })().catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  }

  /** Connects, adds a worker per defined job and stores the schedules; a stop on the way ends it. */
  async function startWorkers(): Promise<void> {
    await ready();
    for (const [name, definition] of definitions) {
      if (stopping) return;
      await boss.work<unknown>(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          try {
            await definition.handler(job.data);
          } catch (error) {
            countJobFailure(name);
            options.log.warn({ err: error, job: name, jobId: job.id }, 'job attempt failed');
            throw error;
          }
        },
      );
    }
    for (const { name, cron, data } of schedules) {
      if (stopping) return;
      await withRetries(() => boss.schedule(name, cron, data, { tz: 'UTC' }));
    }
    started = true;
  }

  /**
   * Several processes starting together create and update the same queues: PostgreSQL may then report a deadlock
   * or a duplicate between them. Both are transient; the next attempt finds the queue in place.
   */
  async function withRetries(work: () => Promise<void>, attempts = 5): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= attempts || !['40P01', '40001', '23505'].includes(code ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
      }
    }
  }

  async function ensureQueues(): Promise<void> {
    for (const [name, definition] of definitions) {
      const queue = {
        name,
        policy: 'short' as const,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
    }
  }

  return {
    kind: 'pg-boss',
    define(name, definition) {
      definitions.set(name, { ...JOB_DEFAULTS, ...definition } as Required<JobDefinition<unknown>>);
    },
    async send(name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      await ready();
      // Queues use the 'short' policy: one waiting job per key. Jobs without a key of their own get a unique one.
      return boss.send(name, data as object, {
        singletonKey: sendOptions.singletonKey ?? randomUUID(),
        startAfter: sendOptions.startAfterSeconds,
      });
    },
    async schedule(name, cron, data = {}) {
      schedules.push({ name, cron, data });
      if (started) await boss.schedule(name, cron, data, { tz: 'UTC' });
    },
    start() {
      stopping = false;
      starting = startWorkers().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    async stop() {
      stopping = true;
      // A start on its way ends with its current call (its workers would otherwise be added to a stopped pg-boss).
      await starting?.catch(() => undefined);
      if (!opened) return;
      await opened.catch(() => undefined);
      opened = undefined;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async stats() {
      if (!opened) return [];
      return Promise.all(
        [...definitions.keys()].map(async (name) => {
          // getQueueSize counts the states before the given one: created + retry, then + active.
          const queued = (await boss.getQueueSize(name, { before: 'active' })) ?? 0;
          const unfinished = (await boss.getQueueSize(name, { before: 'completed' })) ?? 0;
          return { queue: name, queued, active: unfinished - queued, failed: await countFailed(boss, name) };
        }),
      );
    },
  };
}

async function countFailed(boss: PgBoss, name: string): Promise<number> {
  const rows = await boss
    .getDb()
    .executeSql(`select count(*)::int as failed from pgboss.job where name = $1 and state = 'failed'`, [
      name,
    ]);
  return (rows.rows[0] as { failed: number } | undefined)?.failed ?? 0;
}
