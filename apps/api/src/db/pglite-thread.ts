import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { copyPgliteTemplate } from './pglite-template';

/**
 * PGlite on a worker thread. In the process's main thread PGlite's WebAssembly PostgreSQL would run every statement
 * synchronously on the event loop, and its start (compiling 9 MB of WebAssembly, booting PostgreSQL: ~0.35 s) would
 * come after the server's modules had loaded, one after the other. On its own thread it boots while the server
 * loads and builds its routes (server.ts starts it first), and its statements run beside the event loop, on the
 * machine's other core, while requests are parsed and answers written.
 *
 * The thread runs db/pglite-worker.mjs; this end offers the part of PGlite's interface drizzle and db/client.ts use
 * (`query`, `exec`, `transaction`, `close`). Statements cross as messages in order; a transaction is BEGIN … COMMIT
 * sent by this end (db/client.ts's queue lets nothing else in meanwhile), with PGlite's own rules: a transaction that
 * failed is rolled back, and a COMMIT that PostgreSQL turned into a ROLLBACK fails. The `parsers` of a query run here
 * (functions cannot cross threads): the thread returns those columns as PostgreSQL's text.
 */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;

interface WorkerAnswer {
  id: number;
  result?: unknown;
  error?: { message: string; fields: Record<string, unknown> };
}

type Message =
  | { kind: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[] }
  | { kind: 'exec'; sql: string }
  | { kind: 'ready' | 'close' };

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * The thread's young generation (V8's default is sized for an application's main thread): what it allocates is each
 * statement's rows, short-lived and sent on at once; a smaller nursery keeps ~15 MB less resident at rest.
 */
const WORKER_YOUNG_GENERATION_MB = 4;

/** A compiled WebAssembly module (this project's TypeScript libraries do not declare the WebAssembly global). */
type WasmModule = object;
const { WebAssembly } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

let compiledWasm: Promise<WasmModule> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process (V8 compiles it on background threads) and shared by every
 * thread opened after: a module crosses to a worker without being compiled again.
 */
function pgliteWasm(): Promise<WasmModule> {
  if (!compiledWasm) {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    compiledWasm = readFile(path.join(path.dirname(entry), 'pglite.wasm')).then((bytes) =>
      WebAssembly.compile(bytes),
    );
  }
  return compiledWasm;
}

function rebuildError(error: NonNullable<WorkerAnswer['error']>): Error {
  return Object.assign(new Error(error.message), error.fields);
}

export class PgliteThread implements PgliteClient {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => this.settle(answer));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) =>
      this.fail(new Error(`The embedded database thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the thread; PGlite opens `dataDir` (in memory when undefined) with PostgreSQL's `startParams` added. The
   * client is usable at once: statements sent before PostgreSQL is up wait on the thread, in order.
   */
  static open(options: { dataDir?: string; startParams: string[] }): PgliteThread {
    const thread = new PgliteThread(
      new Worker(WORKER_URL, {
        workerData: { dataDir: options.dataDir, startParams: options.startParams },
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      }),
    );
    // The compiled module follows as the first message (it is compiled here, beside the thread's own start).
    pgliteWasm().then(
      (wasmModule) => thread.worker.postMessage({ kind: 'init', wasmModule }),
      (error: unknown) => thread.fail(error instanceof Error ? error : new Error(String(error))),
    );
    return thread;
  }

  /** Resolves once PostgreSQL is up on the thread (rejects with the reason it could not start). */
  async ready(): Promise<this> {
    await this.send({ kind: 'ready' });
    return this;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(sql, options);
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.runExec('BEGIN');
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.runQuery<R>(sql, params, options);
      },
      exec: async (sql: string, options?: QueryOptions) => {
        open();
        return this.runExec(sql, options);
      },
      rollback: async () => {
        open();
        await this.runExec('ROLLBACK');
        closed = true;
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await work(tx);
      if (!closed) {
        closed = true;
        const [commit] = await this.runExec('COMMIT');
        if ((commit as Results & { command?: string }).command === 'ROLLBACK') {
          throw Object.assign(new Error('Transaction was rolled back instead of committed'), {
            code: '25P02',
          });
        }
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.runExec('ROLLBACK');
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ kind: 'close' });
    this.failure = new Error('The embedded database is closed');
    await this.worker.terminate();
  }

  // The public methods may be wrapped by db/client.ts (its queue, the access gate); a transaction's own statements
  // use these, which are not.
  private async runQuery<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
      throw new Error('PgliteThread.query takes only rowMode and parsers');
    }
    const parsers = options?.parsers ?? {};
    const textTypes = Object.keys(parsers).map(Number);
    const results = (await this.send({
      kind: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      textTypes,
    })) as Results<T>;
    if (textTypes.length > 0) applyParsers(results, parsers, options?.rowMode ?? 'object');
    return results;
  }

  private async runExec(sql: string, options?: QueryOptions): Promise<Results[]> {
    if (options) throw new Error('PgliteThread.exec takes no options');
    return (await this.send({ kind: 'exec', sql })) as Results[];
  }

  private send(message: Message): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    // The thread keeps the process alive only while a statement is on its way: an idle database never does.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle(answer: WorkerAnswer): void {
    const waiter = this.pending.get(answer.id);
    if (!waiter) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    if (answer.error) waiter.reject(rebuildError(answer.error));
    else waiter.resolve(answer.result);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(this.failure);
    this.pending.clear();
  }
}

/** Runs a query's parsers on the columns the thread sent as text (each non-null value, as PGlite would). */
function applyParsers(
  results: Results<unknown>,
  parsers: NonNullable<QueryOptions['parsers']>,
  rowMode: 'array' | 'object',
): void {
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? index : field.name;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string);
    }
  });
}

/**
 * Starts the embedded database's thread (usable at once, see PgliteThread.open). A first start copies the migrated template made by
 * the build instead of running initdb (db/pglite-template.ts).
 */
export function startPglite(options: { dataDir?: string; sharedBuffersMb?: number }): PgliteThread {
  if (options.dataDir) copyPgliteTemplate(options.dataDir);
  return PgliteThread.open({
    dataDir: options.dataDir,
    startParams: ['-c', `shared_buffers=${options.sharedBuffersMb ?? 32}MB`],
  });
}
