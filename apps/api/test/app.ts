import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { ensurePlans } from '../src/db/seed';

export { buildApp };

/**
 * One migrated database and one app per test worker: PGlite in memory by default,
 * the PostgreSQL server of TEST_DATABASE_URL when set. Tests isolate by making their own companies and users.
 */
let shared: Promise<{ app: FastifyInstance; database: Database; config: Config }> | undefined;

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-test-'));
  const base = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', NODE_ENV: 'test' },
    { jwtSecret: 'test-secret-test-secret-test-secret-0123456789' },
  );
  return {
    ...base,
    rateLimits: { loginPerIp: 100_000, loginPerAccount: 1_000, emailPerAccount: 1_000, windowSeconds: 900 },
    ...overrides,
  };
}

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  // No 503 for a long PGlite queue here: the suites fire bursts (50 concurrent creates) on a shared, busy machine and
  // check their outcome; the bound itself is tested in db/client.test.ts.
  const database = await openDatabase({ url, poolSize: 4, maxQueueWaitMs: Number.POSITIVE_INFINITY });
  if (!url) await database.migrate();
  await ensurePlans(database.db);
  return database;
}

export function getTestApp(): Promise<{ app: FastifyInstance; database: Database; config: Config }> {
  shared ??= (async () => {
    const database = await openTestDatabase();
    const config = testConfig();
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return { app, database, config };
  })();
  return shared;
}

/** An app of its own on the worker's database, for tests that need other settings (e.g. rate limits). */
export async function buildTestAppWith(overrides: Partial<Config>): Promise<FastifyInstance> {
  const { database } = await getTestApp();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  await app.ready();
  return app;
}

export interface CallOptions {
  token?: string;
  companyId?: string;
  body?: unknown;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
}

export type ApiResponse = LightMyRequestResponse & { body: string; json<T = Record<string, unknown>>(): T };

/** Calls the real app through Fastify's inject: routing, hooks, validation and serialisation all run. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.companyId) headers['x-company-id'] = options.companyId;
  return app.inject({
    method,
    url,
    headers,
    query: options.query,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  }) as Promise<ApiResponse>;
}
