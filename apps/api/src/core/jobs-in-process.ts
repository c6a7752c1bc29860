import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobSchedules, jobs } from '../db/schema';
import {
  JOB_DEFAULTS,
  type JobDefinition,
  type JobRunner,
  type JobRunnerOptions,
  nextCronTick,
  retryDelaySeconds,
  type SendOptions,
} from './job-runner';
import { countJobFailure } from './metrics';

/**
 * The runner of the embedded database (one process per DATA_DIR): its queue and schedules live in the `jobs` and
 * `job_schedules` tables, so queued work survives a restart; a job found active at start was cut off by a crash.
 */
export function createInProcessRunner(options: JobRunnerOptions): JobRunner {
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
      definitions.set(name, { ...JOB_DEFAULTS, ...definition } as Required<JobDefinition<unknown>>);
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
