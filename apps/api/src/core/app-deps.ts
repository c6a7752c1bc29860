import type { HTTPMethods } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Notifier } from '../modules/notifications/notifications.notifier';
import type { RouteAccess } from './access';
import type { JobRunner } from './jobs';
import type { Mailer } from './mail';
import type { RateLimiter } from './rate-limit';
import type { Realtime } from './realtime';
import type { SharedCache } from './shared-cache';
import type { Storage } from './storage';
import type { TokenService } from './tokens';

/**
 * The infrastructure every service is built from (app.ts makes it once per app; services.ts hands each service
 * the fields it names). A service never receives the whole object, only its own narrow pick of it.
 */
export interface AppDeps {
  /** The zod-parsed environment (config.ts). */
  config: Config;
  /** Drizzle over PGlite or PostgreSQL (db/client.ts). */
  db: Db;
  /** Which engine `db` runs on: 'pglite' or 'pg'. */
  driver: Database['driver'];
  /** Access tokens (JWT) and refresh-token hashing (core/tokens.ts). */
  tokens: TokenService;
  /** Outgoing email: SMTP, or files in DATA_DIR/outbox; failed messages retried by the `mail.retry` job (core/mail.ts). */
  mailer: Mailer;
  /** Fixed-window counters for logins, emails and public forms (core/rate-limit.ts): memory or Redis. */
  limiter: RateLimiter;
  /** socket.io: rooms user:{id}, company:{id}; disconnectUser, refreshMemberships (core/realtime.ts). */
  realtime: Realtime;
  /** In-app notifications: notifyUser, notifyCompany, onNotified (modules/notifications). */
  notifier: Notifier;
  /** Uploaded files (core/storage.ts): local disk under DATA_DIR/uploads, or an S3 bucket (core/storage-s3.ts). */
  storage: Storage;
  /** Background jobs (core/jobs.ts): scheduled-jobs.ts defines the handlers while the app is built; server.ts starts it. */
  jobs: JobRunner;
  /** Extra checks of GET /api/health/ready (server.ts adds Redis), besides the database and the storage. */
  readinessChecks: Record<string, () => Promise<unknown>>;
  /** Cached answers shared by every API process (core/shared-cache.ts): Redis with REDIS_URL, memory otherwise. */
  cache: SharedCache;
}

/** One API route as registered: the route-guard and authorization tests walk this table. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  access: RouteAccess | undefined;
  hasBody: boolean;
}

/** What a service logs through (app.log or any pino-like logger). */
export interface ServiceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    routeTable: RouteEntry[];
    /**
     * Runs `task` (a start-up statement of the app's own: functions, triggers) once the database's start-up work is
     * done (migrations, the seed; serve.ts runs it while the app builds), and makes `ready` wait for it. Building
     * never waits for the database, and nothing is written before the migrations.
     */
    whenDatabaseReady(task: () => Promise<void>): void;
  }
}
