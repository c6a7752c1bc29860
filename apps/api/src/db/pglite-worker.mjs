// @ts-check
// The embedded database on a thread of its own (db/pglite-thread.ts holds the other end and the reasons). Plain
// JavaScript: the build copies it beside the bundle and tests start it from src/, with no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @param {string} value */
const keepText = (value) => value;

/** @param {unknown} error */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  // A DatabaseError's own fields (code, detail, constraint, table, …) are what the API's error handler reads; PGlite
  // also attaches the query's options (functions), which cannot cross threads.
  /** @type {Record<string, string | number | boolean | null>} */
  const fields = { name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, fields };
}

const { dataDir, startParams } = workerData;
/** @type {(wasmModule: unknown) => void} */
let init = () => {};
// The other end compiles PGlite's WebAssembly once per process and sends it as the first message.
/** @type {Promise<PGlite>} */
const opened = new Promise((resolve) => {
  init = resolve;
}).then((wasmModule) =>
  PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...startParams],
    pgliteWasmModule: /** @type {any} */ (wasmModule),
  }),
);

/**
 * @typedef {{ id: number, kind: 'query', sql: string, params?: unknown[], rowMode?: 'array' | 'object',
 *   textTypes?: number[] }} QueryMessage
 * @typedef {{ id: number, kind: 'exec', sql: string }} ExecMessage
 * @typedef {{ id: number, kind: 'ready' | 'close' }} ControlMessage
 * @typedef {{ kind: 'init', wasmModule: unknown }} InitMessage
 */

/** @param {PGlite} db @param {QueryMessage | ExecMessage | ControlMessage} message */
async function run(db, message) {
  switch (message.kind) {
    case 'ready':
      return null;
    case 'exec':
      return db.exec(message.sql);
    case 'close':
      return db.close();
    case 'query': {
      /** @type {Record<number, (value: string) => string>} */
      const parsers = {};
      for (const type of message.textTypes ?? []) parsers[type] = keepText;
      return db.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
    }
  }
}

// A failed start is answered to every message (the reason reaches the server's start-up); it must not end the thread.
opened.catch(() => {});
const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');
// PGlite runs one statement at a time: messages are taken in arrival order and each waits for the one before.
let previous = Promise.resolve();
port.on('message', (/** @type {QueryMessage | ExecMessage | ControlMessage | InitMessage} */ message) => {
  if (message.kind === 'init') return init(message.wasmModule);
  previous = previous.then(async () => {
    try {
      const result = await run(await opened, message);
      port.postMessage({ id: message.id, result });
    } catch (error) {
      port.postMessage({ id: message.id, error: describeError(error) });
    }
    if (message.kind === 'close') port.close();
  });
});
