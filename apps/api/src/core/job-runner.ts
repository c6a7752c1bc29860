import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** The job runner's interface and what both runners share (core/jobs.ts picks the runner). */
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

export const JOB_DEFAULTS = { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 900 };

export interface JobRunnerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often idle workers look for work, in seconds (default 2). */
  pollSeconds?: number;
  /** pg-boss: how often expired and failed jobs are looked after, in seconds (default 60). */
  superviseSeconds?: number;
}

/** Seconds until attempt `attempt` + 1 may run: the delay doubled after each failure. */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number {
  return baseSeconds * 2 ** Math.max(0, attempt - 1);
}

export function nextCronTick(cron: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}
