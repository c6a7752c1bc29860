// A worker process for the job-runner kill test (core/jobs.test.ts): it takes jobs of the queue named by argv[2],
// marks them started and then hangs, until the test SIGKILLs it in the middle of the job.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createJobRunner } from '../src/core/jobs';
import { openDatabase } from '../src/db/client';

const name = process.argv[2];
if (!name || !process.env.TEST_DATABASE_URL)
  throw new Error('usage: job-worker.ts <queue> (TEST_DATABASE_URL set)');
const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 2 });
const jobs = await createJobRunner({ database, log: silent, pollSeconds: 0.5, superviseSeconds: 1 });
jobs.define<{ id: string }>(name, {
  expireInSeconds: 2,
  retryDelaySeconds: 1,
  handler: async (data) => {
    await database.db.execute(
      sql`insert into job_test_marks (job, mark) values (${name}, ${`started:${data.id}`})`,
    );
    await new Promise(() => {}); // never finishes: the test kills this process here
  },
});
await jobs.start();
console.log('ready');
