import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { statementName } from '../core/prepared';
import { type PgliteClient, type PgliteThread, startPglite } from './pglite-thread';
import * as schema from './schema';
import { gatePgliteStatements, gatePoolStatements, type StatementGate } from './statement-gate';

/**
 * Extensions the migrations rely on: pg_trgm for the trigram indexes behind ILIKE searches (names, emails, phones).
 * It is a trusted extension (PostgreSQL 13+), so the database owner may create it; PGlite loads its build of it.
 */
const CREATE_EXTENSIONS = 'create extension if not exists pg_trgm';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DatabaseDriver;
  /** The PostgreSQL connection string (unset on PGlite); the job runner opens its own pool with it. */
  url?: string;
  migrate(): Promise<void>;
  /** Runs `work` while no other server process does the same (migrations and seeding at start-up). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Refreshes the planner's statistics (PGlite never runs autovacuum/analyze by itself). */
  analyze(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (null on PGlite: one in-process connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** Calls `listener` with the duration in seconds of every query (metrics). */
  observeQueries(listener: (seconds: number) => void): void;
  /** Makes every statement wait for the gate `gateOf` gives at the time, if any (db/statement-gate.ts). */
  gateStatements(gateOf: () => StatementGate | undefined): void;
}

type QueryListener = (seconds: number) => void;

/**
 * Wraps a client's promise-returning `query` so every statement reports its duration (and, when `prepareArgs` is
 * given, so that it may adjust a query config first).
 */
function timeQueries(
  target: { query: (...args: never[]) => unknown },
  listeners: QueryListener[],
  prepareArgs?: (config: { name?: string; text?: unknown }) => void,
): void {
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config] = args;
    if (prepareArgs && typeof config === 'object' && config !== null) prepareArgs(config);
    const result = original(...args);
    if (listeners.length > 0 && result instanceof Promise) {
      const started = performance.now();
      const report = () => {
        const seconds = (performance.now() - started) / 1000;
        for (const listener of listeners) listener(seconds);
      };
      result.then(report, report);
    }
    return result;
  };
}

/** Statements sent this many times unnamed get a name from then on (see nameRepeatedStatements). */
const NAME_AFTER_RUNS = 3;
/** At most this many statement texts get a name (a prepared statement costs memory in every connection's backend). */
const MAX_NAMED_STATEMENTS = 1_000;
/** Texts counted before naming; when full, counting starts over (texts built with inline values never repeat). */
const MAX_COUNTED_TEXTS = 5_000;
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * Gives a repeated statement a name, so that PostgreSQL parses it once per connection and keeps its plan (pg sends
 * Bind/Execute without Parse for a name the connection has prepared). Every statement drizzle builds per request
 * (details, lookups, writes) otherwise paid parse and analysis on every run: 0.2–0.3 ms of PostgreSQL CPU each, more
 * than running them. A statement sent with the empty name (`''`) stays unnamed on purpose: a search planned for its
 * words (core/statements.ts). Shared by every connection of the process: a name always means the same text.
 */
export function createStatementNamer(nameOf: (text: string) => string) {
  const runs = new Map<string, number>();
  const named = new Map<string, string>();
  return (config: { name?: string; text?: unknown }): void => {
    if (config.name !== undefined || typeof config.text !== 'string') return;
    const text = config.text;
    const name = named.get(text);
    if (name) {
      config.name = name;
      return;
    }
    if (named.size >= MAX_NAMED_STATEMENTS || !PREPARABLE.test(text)) return;
    const count = (runs.get(text) ?? 0) + 1;
    if (count < NAME_AFTER_RUNS) {
      if (runs.size >= MAX_COUNTED_TEXTS) runs.clear();
      runs.set(text, count);
      return;
    }
    runs.delete(text);
    const fresh = nameOf(text);
    named.set(text, fresh);
    config.name = fresh;
  };
}

/** Thrown when PGlite's queue is too long to take one more statement in time: 503 with Retry-After to the caller. */
export class DatabaseBusyError extends Error {
  /** PostgreSQL's "cannot connect now": the error handler answers 503 to every 57Pxx connection failure. */
  readonly code = '57P03';
  constructor(readonly retryAfterSeconds: number) {
    super('The embedded database is busy');
  }
}

/**
 * PGlite is one connection that runs one statement at a time. Every statement (and every transaction, as one unit)
 * passes through this queue, first come first served, so the wait of each is known: when the work ahead of a new
 * statement would take longer than `maxWaitMs` (its count times the recent mean run time), it is refused at once
 * with DatabaseBusyError instead of waiting for a caller that has long timed out.
 *
 * A transaction runs alone (`run`). Plain statements (`runShared`) may be handed over up to `maxShared` at a time:
 * PGlite's thread runs them one after the other in the order they came (db/pglite-thread.ts), so the next one is
 * already waiting on the thread when one ends, instead of a message's round trip later.
 */
export class StatementQueue {
  private readonly waiters: { exclusive: boolean; start: () => void }[] = [];
  private inFlight = 0;
  private exclusiveRunning = false;
  /** Exponential moving mean of a statement's run time, ms. */
  private meanMs = 1;
  /** When the last unit ended (a unit handed over behind others is timed from then, not from its start). */
  private lastEnded = 0;

  constructor(
    private readonly maxWaitMs: number,
    private readonly maxShared = 1,
  ) {}

  get waiting(): number {
    return this.waiters.length;
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Runs `work` alone: nothing else is handed over until it ends (a transaction, a script). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.enter(work, true);
  }

  /** Runs one plain statement, possibly beside others still on their way (see the class). */
  runShared<T>(work: () => Promise<T>): Promise<T> {
    return this.enter(work, false);
  }

  private canStart(exclusive: boolean): boolean {
    if (exclusive) return this.inFlight === 0;
    return !this.exclusiveRunning && this.inFlight < this.maxShared;
  }

  private async enter<T>(work: () => Promise<T>, exclusive: boolean): Promise<T> {
    if (this.waiters.length > 0 || !this.canStart(exclusive)) {
      const expectedWaitMs = (this.waiters.length + this.inFlight) * this.meanMs;
      if (expectedWaitMs > this.maxWaitMs) throw new DatabaseBusyError(Math.ceil(expectedWaitMs / 1000));
      await new Promise<void>((start) => this.waiters.push({ exclusive, start }));
    } else {
      this.take(exclusive);
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      const ended = performance.now();
      // One long transaction (migrations, the demo seed, a big import) must not make the queue refuse the short
      // statements after it: a sample counts for at most a twentieth of the bound.
      const sample = Math.min(ended - Math.max(started, this.lastEnded), this.maxWaitMs / 20);
      this.meanMs += (sample - this.meanMs) / 20;
      this.lastEnded = ended;
      this.inFlight -= 1;
      if (exclusive) this.exclusiveRunning = false;
      this.handOver();
    }
  }

  private take(exclusive: boolean): void {
    this.inFlight += 1;
    if (exclusive) this.exclusiveRunning = true;
  }

  /**
   * Starts the waiters that may start now. In-process PGlite runs synchronously: handing over in the same microtask
   * chain would keep the event loop from reading sockets until the whole queue drained. setImmediate lets I/O in
   * between statements, so new requests join the queue in arrival order and the loop is never blocked longer than
   * one statement.
   */
  private handOver(): void {
    while (this.waiters.length > 0 && this.canStart(this.waiters[0]!.exclusive)) {
      const next = this.waiters.shift()!;
      this.take(next.exclusive);
      setImmediate(next.start);
    }
  }
}

/**
 * Routes a PGlite client's statements and transactions through `queue` (statements inside a transaction do not): a
 * query may go beside others, a transaction or a script (`exec`) goes alone.
 */
function queueStatements(client: PgliteClient, queue: StatementQueue): void {
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] =
      method === 'query'
        ? (...args: unknown[]) => queue.runShared(() => original(...args))
        : (...args: unknown[]) => queue.run(() => original(...args));
  }
}

/** Plain statements handed over to PGlite's thread at a time (StatementQueue). */
const PGLITE_STATEMENTS_IN_FLIGHT = 4;

/** Any constant: the advisory lock key of the start-up work. */
const STARTUP_LOCK_KEY = 7_241_964;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; undefined keeps the database in memory. */
  dataDir?: string;
  migrationsDir?: string;
  poolSize?: number;
  /**
   * PGlite: shared_buffers in MB (PGlite's own default is 128 MB, all of it resident from the first statement; the
   * demo data fits in a few MB and the kernel's page cache keeps the files). Default 32.
   */
  sharedBuffersMb?: number;
  /** PGlite: the longest a statement may wait in the queue before it is refused (503). */
  maxQueueWaitMs?: number;
  /** PGlite: its thread, when it was started earlier (db/embedded-start.ts: server.ts starts it first). */
  pglite?: PgliteThread;
}

/** PGlite's default queue bound: past it the caller (a browser, a load balancer) is better told to retry. */
export const PGLITE_MAX_QUEUE_WAIT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = options.migrationsDir ?? migrationsFolder;
  if (options.url) {
    // The PostgreSQL driver is loaded only when it is used (a restart on PGlite saves its ~60 ms of imports).
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
    });
    const listeners: QueryListener[] = [];
    const nameStatement = createStatementNamer(statementName);
    pool.on('connect', (client) => {
      timeQueries(client, listeners, nameStatement);
      // A connection the server drops while it is checked out (a restart, a failover) must not crash the process:
      // the query on it fails (503 to the caller) and the pool opens a new connection for the next one.
      client.on('error', () => {});
    });
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      url: options.url,
      migrate: async () => {
        await pool.query(CREATE_EXTENSIONS);
        await migratePg(db, { migrationsFolder: folder });
      },
      async exclusive(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      analyze: async () => {
        await pool.query('analyze');
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      observeQueries: (listener) => {
        listeners.push(listener);
      },
      gateStatements: (gateOf) => gatePoolStatements(pool, gateOf),
    };
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = options.pglite ?? (await startPglite(options).ready());
  const listeners: QueryListener[] = [];
  timeQueries(client, listeners);
  const queue = new StatementQueue(
    options.maxQueueWaitMs ?? PGLITE_MAX_QUEUE_WAIT_MS,
    PGLITE_STATEMENTS_IN_FLIGHT,
  );
  queueStatements(client, queue);
  const db = drizzlePglite(client as unknown as PGlite, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: async () => {
      await client.exec(CREATE_EXTENSIONS);
      await migratePglite(db, { migrationsFolder: folder });
    },
    // One process per DATA_DIR is enforced by db/lock.ts.
    exclusive: (work) => work(),
    analyze: async () => {
      await client.exec('analyze');
    },
    close: () => client.close(),
    poolStats: () => ({ total: 1, idle: queue.busy ? 0 : 1, waiting: queue.waiting }),
    observeQueries: (listener) => {
      listeners.push(listener);
    },
    // Outside the queue: a statement waiting for the gate must not hold the place the gate's check needs.
    gateStatements: (gateOf) => gatePgliteStatements(client, gateOf),
  };
}
