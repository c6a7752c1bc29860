import { randomUUID } from 'node:crypto';
import cronParser from 'cron-parser';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { jobSchedules, jobs } from '../db/schema';
import { countJobFailure } from './metrics';

/**
 * One background job runner for the whole product (mail retries, rent runs, reminders, payment reconciliation,
 * booking-hold expiry). On PostgreSQL it is pg-boss: jobs and cron schedules live in the database, retries back
 * off, a scheduled tick runs once however many processes there are, and a job whose process died is retried
 * elsewhere when it expires. On the embedded database (one process per DATA_DIR) an in-process runner with the
 * same interface keeps its queue in the `jobs` table, so queued work survives a restart too.
 *
 * Handlers must be idempotent (a job can run again after a crash); scheduled-jobs.ts (and registerMailRetries)
 * define them when the app is built, server.ts starts the runner after listening.
 */
export interface JobDefinition<T> {
  handler: (data: T) => Promise<void>;
  /** Attempts after the first failure (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (default 10). */
  retryDelaySeconds?: number;
  /** An attempt running longer than this is considered dead and retried (default 900). */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** At most one waiting (queued) job of this name with this key. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface QueueStats {
  queue: string;
  queued: number;
  active: number;
  failed: number;
}

export interface JobRunner {
  readonly kind: 'pg-boss' | 'in-process';
  define<T>(name: string, definition: JobDefinition<T>): void;
  /** Enqueues a job; null when a singleton with the same key is already waiting. */
  send<T>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs the job on a cron schedule (UTC), one run per tick across every process. */
  schedule(name: string, cron: string, data?: Record<string, unknown>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  stats(): Promise<QueueStats[]>;
}

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 900 };

export interface JobRunnerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often idle workers look for work, in seconds (default 2). */
  pollSeconds?: number;
  /** pg-boss: how often expired and failed jobs are looked after, in seconds (default 60). */
  superviseSeconds?: number;
}

/** pg-boss is loaded only on PostgreSQL: the embedded default never needs it (~80 ms of every PGlite start). */
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
      definitions.set(name, { ...DEFAULTS, ...definition } as Required<JobDefinition<unknown>>);
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

/** Seconds until attempt `attempt` + 1 may run: the delay doubled after each failure. */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number {
  return baseSeconds * 2 ** Math.max(0, attempt - 1);
}

export function nextCronTick(cron: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

function createInProcessRunner(options: JobRunnerOptions): JobRunner {
  const db: Db = options.database.db;
  const definitions = new Map<string, Required<JobDefinition<unknown>>>();
  const schedules: { name: string; cron: string; data: Record<string, unknown> }[] = [];
  let started = false;
  let starting: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;

  async function saveSchedule(schedule: { name: string; cron: string; data: Record<string, unknown> }) {
    const { name, cron, data } = schedule;
    const next = nextCronTick(cron, new Date());
    await db
      .insert(jobSchedules)
      .values({ name, cron, data, nextRunAt: next })
      .onConflictDoUpdate({
        target: jobSchedules.name,
        // A changed expression takes effect now; an unchanged one keeps its pending tick.
        set: {
          cron,
          data,
          nextRunAt: sql`case when ${jobSchedules.cron} = ${cron} then ${jobSchedules.nextRunAt} else ${next} end`,
        },
      });
  }

  async function claimNext() {
    const now = new Date();
    const names = [...definitions.keys()];
    if (names.length === 0) return undefined;
    const [next] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAfter, now), inArray(jobs.name, names)))
      .orderBy(asc(jobs.runAfter))
      .limit(1);
    if (!next) return undefined;
    const [claimed] = await db
      .update(jobs)
      .set({ status: 'active', attempts: sql`${jobs.attempts} + 1` })
      .where(and(eq(jobs.id, next.id), eq(jobs.status, 'queued')))
      .returning();
    return claimed;
  }

  async function runOne(): Promise<boolean> {
    const job = await claimNext();
    if (!job) return false;
    const definition = definitions.get(job.name)!;
    try {
      await definition.handler(job.data);
      await db.update(jobs).set({ status: 'completed', lastError: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      countJobFailure(job.name);
      const message = error instanceof Error ? error.message : String(error);
      options.log.warn(
        { err: error, job: job.name, jobId: job.id, attempt: job.attempts },
        'job attempt failed',
      );
      const finalAttempt = job.attempts >= job.maxAttempts;
      await db
        .update(jobs)
        .set({
          status: finalAttempt ? 'failed' : 'queued',
          lastError: message.slice(0, 1000),
          runAfter: new Date(
            Date.now() + retryDelaySeconds(job.attempts, definition.retryDelaySeconds) * 1000,
          ),
        })
        .where(eq(jobs.id, job.id));
    }
    return true;
  }

  async function enqueueDueSchedules(): Promise<void> {
    const now = new Date();
    const names = [...definitions.keys()];
    if (names.length === 0) return;
    // Only this runner's own jobs: a schedule another runner defined is that runner's to run.
    const due = await db
      .select()
      .from(jobSchedules)
      .where(and(lte(jobSchedules.nextRunAt, now), inArray(jobSchedules.name, names)));
    for (const schedule of due) {
      const tick = schedule.nextRunAt.toISOString();
      await db.transaction(async (tx) => {
        // Moving next_run_at forward claims the tick: a second claimant of the same tick updates nothing.
        const claimed = await tx
          .update(jobSchedules)
          .set({ nextRunAt: nextCronTick(schedule.cron, now) })
          .where(and(eq(jobSchedules.name, schedule.name), eq(jobSchedules.nextRunAt, schedule.nextRunAt)))
          .returning({ name: jobSchedules.name });
        if (claimed.length === 0) return;
        await insertJob(tx as unknown as Db, schedule.name, schedule.data, { singletonKey: `cron:${tick}` });
      });
    }
  }

  async function insertJob(target: Db, name: string, data: unknown, sendOptions: SendOptions = {}) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    const [row] = await target
      .insert(jobs)
      .values({
        name,
        data: data ?? {},
        maxAttempts: definition.retryLimit + 1,
        singletonKey: sendOptions.singletonKey ?? null,
        runAfter: new Date(Date.now() + (sendOptions.startAfterSeconds ?? 0) * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    return row?.id ?? null;
  }

  async function tick(): Promise<void> {
    try {
      await enqueueDueSchedules();
      while (!stopping && (await runOne())) {
        // drain what is due
      }
    } catch (error) {
      options.log.error({ err: error }, 'job runner error');
    }
  }

  /**
   * Stores the schedules defined while the app was built (building must not wait for the database: it may still be
   * starting, serve.ts; nor write before the migrations have run), recovers cut-off jobs, then polls. A stop on the
   * way ends it after the statement in flight.
   */
  async function startRunner(): Promise<void> {
    if (!started) {
      for (const schedule of schedules) {
        if (stopping) return;
        await saveSchedule(schedule);
      }
      started = true;
    }
    if (stopping) return;
    // One process per embedded database: an `active` job at start-up was cut off by a crash and runs again, unless
    // a queued twin holds its singleton key (one waiting job per key): that one does the same work.
    await db.transaction(async (tx) => {
      await tx
        .update(jobs)
        .set({ status: 'completed', lastError: 'cut off by a crash; its queued twin runs instead' })
        .where(
          and(
            eq(jobs.status, 'active'),
            sql`${jobs.singletonKey} is not null`,
            sql`exists (select 1 from jobs twin where twin.name = ${jobs.name}
                  and twin.singleton_key = ${jobs.singletonKey} and twin.status = 'queued')`,
          ),
        );
      await tx.update(jobs).set({ status: 'queued' }).where(eq(jobs.status, 'active'));
    });
    loop();
  }

  function loop(): void {
    if (stopping) return;
    running = tick().finally(() => {
      running = undefined;
      if (!stopping) timer = setTimeout(loop, (options.pollSeconds ?? 2) * 1000);
    });
  }

  return {
    kind: 'in-process',
    define(name, definition) {
      definitions.set(name, { ...DEFAULTS, ...definition } as Required<JobDefinition<unknown>>);
    },
    async send(name, data, sendOptions) {
      const jobId = await insertJob(db, name, data, sendOptions);
      // Work that is due now starts now rather than at the next poll.
      if (jobId && timer && !running && !sendOptions?.startAfterSeconds) {
        clearTimeout(timer);
        loop();
      }
      return jobId;
    },
    async schedule(name, cron, data = {}) {
      schedules.push({ name, cron, data });
      if (started) await saveSchedule({ name, cron, data });
    },
    start() {
      stopping = false;
      starting = startRunner().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      // A start on its way ends with its current statement (the database closes after this).
      await starting?.catch(() => undefined);
      await running;
    },
    async stats() {
      const rows = await db
        .select({ name: jobs.name, status: jobs.status, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'active', 'failed']))
        .groupBy(jobs.name, jobs.status);
      return [...definitions.keys()].map((queue) => {
        const of = (status: string) =>
          rows.find((row) => row.name === queue && row.status === status)?.count ?? 0;
        return { queue, queued: of('queued'), active: of('active'), failed: of('failed') };
      });
    },
  };
}
