import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { getTestApp } from '../../test/app';
import type { Database } from '../db/client';
import { notificationLogs } from '../db/schema';
import { registerNotificationLogging } from '../modules/notification-logs/notification-logs.service';
import { createNotifier } from '../modules/notifications/notifications.notifier';
import { createJobRunner, type JobRunner, nextCronTick, retryDelaySeconds } from './jobs';
import { createMailer, registerMailRetries } from './mail';

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const unique = (label: string) =>
  `test.${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let database: Database;
const runners: JobRunner[] = [];

async function runner(): Promise<JobRunner> {
  const created = await createJobRunner({ database, log: silent, pollSeconds: 0.5, superviseSeconds: 1 });
  runners.push(created);
  return created;
}

beforeAll(async () => {
  database = (await getTestApp()).database;
  await database.db.execute(
    sql`create table if not exists job_test_marks (job text not null, mark text not null)`,
  );
});

afterAll(async () => {
  for (const created of runners) await created.stop();
});

/** Rows of a raw statement on either driver (both answer `{ rows }`). */
async function rowsOf<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const marks = async (job: string) =>
  (await rowsOf<{ mark: string }>(sql`select mark from job_test_marks where job = ${job} order by mark`)).map(
    (row) => row.mark,
  );
const mark = (job: string, value: string) =>
  database.db.execute(sql`insert into job_test_marks (job, mark) values (${job}, ${value})`);

/** A new process after a crash: a runner that marks the ids of `name`'s jobs, started, and the first marks it made. */
async function restartAfterCrash(name: string): Promise<{ next: JobRunner; firstMarks: string[] }> {
  const next = await runner();
  next.define<{ id: string }>(name, { handler: (data) => mark(name, data.id).then(() => undefined) });
  await next.start();
  const firstMarks = await until(
    () => marks(name),
    (rows) => rows.length > 0,
  );
  return { next, firstMarks };
}

describe('job runner', () => {
  it('uses pg-boss on PostgreSQL and the in-process runner on the embedded database', async () => {
    expect((await runner()).kind).toBe(database.driver === 'postgres' ? 'pg-boss' : 'in-process');
  });

  it('runs queued jobs, retries a failing one with backoff until it succeeds, and counts them', async () => {
    const jobs = await runner();
    const name = unique('flaky');
    let calls = 0;
    jobs.define<{ id: string }>(name, {
      retryLimit: 3,
      retryDelaySeconds: 1,
      handler: async (data) => {
        calls += 1;
        if (calls < 3) throw new Error(`attempt ${calls} fails`);
        await mark(name, data.id);
      },
    });
    await jobs.start();
    expect(await jobs.send(name, { id: 'a' })).toBeTruthy();
    expect(
      await until(
        () => marks(name),
        (rows) => rows.length > 0,
      ),
    ).toEqual(['a']);
    expect(calls).toBe(3);
    const [stats] = await until(
      () => jobs.stats(),
      ([row]) => row?.queued === 0 && row?.active === 0,
    );
    expect(stats).toMatchObject({ queue: name, queued: 0, active: 0, failed: 0 });
  });

  it('keeps one unfinished job per singleton key', async () => {
    const jobs = await runner();
    const name = unique('singleton');
    jobs.define(name, { handler: async () => {} });
    await jobs.start();
    const first = await jobs.send(name, {}, { singletonKey: 'rent-2026-11', startAfterSeconds: 3600 });
    const second = await jobs.send(name, {}, { singletonKey: 'rent-2026-11', startAfterSeconds: 3600 });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });

  it('ends a start that a stop overtakes, without an error (a shutdown right after the server listens)', async () => {
    const jobs = await runner();
    // As many jobs as the app defines: the start goes on adding workers and schedules after the stop began.
    for (let i = 0; i < 12; i++) {
      const name = unique(`overtaken${i}`);
      jobs.define(name, { handler: async () => {} });
      await jobs.schedule(name, '*/5 * * * *');
    }
    const starting = jobs.start();
    await jobs.stop();
    await expect(starting).resolves.toBeUndefined();
  });

  it('backs off exponentially and computes cron ticks in UTC', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelaySeconds(attempt, 10))).toEqual([10, 20, 40, 80]);
    expect(nextCronTick('0 6 * * *', new Date('2026-11-23T07:00:00Z')).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL === undefined)('in-process runner (embedded database)', () => {
  it('runs a cron tick once even when two runners race for it', async () => {
    const name = unique('cron');
    const [a, b] = [await runner(), await runner()];
    for (const jobs of [a, b]) {
      jobs.define(name, { handler: () => mark(name, 'tick').then(() => undefined) });
      await jobs.schedule(name, '* * * * * *'); // every second
    }
    await Promise.all([a.start(), b.start()]);
    await until(
      () => marks(name),
      (rows) => rows.length >= 2,
      10_000,
    );
    await Promise.all([a.stop(), b.stop()]);
    const [ticks] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from jobs where name = ${name}`,
    );
    // One job per claimed tick, and every job ran exactly once.
    expect((await marks(name)).length).toBe(ticks!.n);
  });

  it('stores its schedules at start, not when they are defined, and a stop during the start ends it', async () => {
    const name = unique('schedule');
    const jobs = await runner();
    jobs.define(name, { handler: () => mark(name, 'tick').then(() => undefined) });
    await jobs.schedule(name, '* * * * * *');
    const stored = () => rowsOf<{ name: string }>(sql`select name from job_schedules where name = ${name}`);
    // Defined while the app builds: nothing is written before the migrations have run (serve.ts).
    expect(await stored()).toEqual([]);
    const starting = jobs.start();
    await jobs.stop();
    await starting;
    // Stopped during its start: it never polls, so the every-second schedule never runs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await marks(name)).toEqual([]);
    // Started for good: the schedule is stored and ticks.
    await jobs.start();
    expect(await stored()).toEqual([{ name }]);
    await until(
      () => marks(name),
      (rows) => rows.length >= 1,
      10_000,
    );
    await jobs.stop();
  });

  it('runs a job again after the process that held it died (found active at start-up)', async () => {
    const name = unique('orphan');
    const dead = await runner();
    dead.define(name, { handler: async () => {} });
    await dead.send(name, { id: 'x' });
    // What a SIGKILL leaves behind: the row claimed, never finished.
    await database.db.execute(sql`update jobs set status = 'active', attempts = 1 where name = ${name}`);
    const { firstMarks } = await restartAfterCrash(name);
    expect(firstMarks).toEqual(['x']);
  });
  it('starts after a crash that left a singleton job active beside its queued twin (the twin runs, once)', async () => {
    const name = unique('twin');
    const dead = await runner();
    dead.define(name, { handler: async () => {} });
    await dead.send(name, { id: 'cut' }, { singletonKey: 'one' });
    // The process took the job, a request queued its twin (one waiting job per key), then SIGKILL.
    await database.db.execute(sql`update jobs set status = 'active', attempts = 1 where name = ${name}`);
    await dead.send(name, { id: 'twin' }, { singletonKey: 'one' });
    const { next, firstMarks } = await restartAfterCrash(name);
    expect(firstMarks).toEqual(['twin']);
    const [left] = await next.stats().then((rows) => rows.filter((row) => row.queue === name));
    expect(left).toMatchObject({ queued: 0, active: 0, failed: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL !== undefined)('pg-boss runner (PostgreSQL)', () => {
  it('finishes, once, elsewhere a job whose worker process was killed in the middle of it', async () => {
    const name = unique('killed');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/job-worker.ts'),
        name,
      ],
      { env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    await until(
      async () => output,
      (text) => text.includes('ready'),
      20_000,
    );
    const jobs = await runner();
    jobs.define<{ id: string }>(name, {
      expireInSeconds: 2,
      retryDelaySeconds: 1,
      handler: (data) => mark(name, `done:${data.id}`).then(() => undefined),
    });
    // The child defines the same queue with a 2 s expiry and starts before we send.
    await jobs.send(name, { id: 'j1' });
    expect(
      await until(
        () => marks(name),
        (rows) => rows.includes('started:j1'),
        20_000,
      ),
    ).toContain('started:j1');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await jobs.start();
    const finished = await until(
      () => marks(name),
      (rows) => rows.some((row) => row.startsWith('done')),
      30_000,
    );
    expect(finished).toEqual(['done:j1', 'started:j1']);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await marks(name)).toEqual(['done:j1', 'started:j1']);
  }, 90_000);
});

describe('mail through the job runner', () => {
  let smtp: SMTPServer | undefined;
  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('keeps a message a failing SMTP server refused, retries it, and logs both attempts', async () => {
    const { app } = await getTestApp();
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Rentora <no-reply@rentora.local>',
      outboxDir: '/nonexistent',
      log: silent,
    });
    const jobs = await runner();
    registerMailRetries(mailer, jobs, { retryLimit: 10, retryDelaySeconds: 1 });
    // Its own notifier: the shared test app's must not get a second notification-log listener.
    const notifier = createNotifier({ db: database.db, realtime: app.deps.realtime, log: silent });
    registerNotificationLogging({ db: database.db, mailer, notifier });
    const to = `${unique('mail').replace(/\./g, '-')}@example.test`;

    const first = await mailer.send({
      to,
      subject: 'Your rent is due',
      text: 'Pay by Friday',
      template: 'test',
    });
    expect(first).toMatchObject({ delivered: false, retrying: true });

    const received: string[] = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        stream.on('end', () => {
          received.push(`${session.envelope.rcptTo.map((r) => r.address).join(',')}\n${text}`);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
    await jobs.start();

    // On PostgreSQL the mail.retry queue is the database's: other tests' failed mail may arrive here too.
    const delivered = await until(
      async () => received.find((mail) => mail.includes(to)),
      (mail) => mail !== undefined,
    );
    expect(delivered).toContain('Your rent is due');
    const logged = await until(
      () =>
        database.db
          .select({ status: notificationLogs.status, error: notificationLogs.error })
          .from(notificationLogs)
          .where(eq(notificationLogs.recipientEmail, to)),
      (rows) => rows.length >= 2,
    );
    expect(logged.map((row) => row.status).sort()).toEqual(['failed', 'sent']);
    expect(logged.find((row) => row.status === 'failed')?.error).toContain('(queued for retry)');
  }, 60_000);
});
