import type { Pool, PoolClient, QueryResult } from 'pg';
import type { PgliteClient } from './pglite-thread';

/**
 * What a request's statements wait for: the caller's access, loaded and checked by a statement of its own
 * (core/deferred-access.ts). On PostgreSQL that statement travels in the same round trip as the request's first
 * statement (pipelined on one connection), and the first statement's rows reach the caller only once the check has
 * passed; when it fails they are dropped and the caller gets the check's error. Every later statement and every
 * transaction waits for the check. The check runs once, outside the request (`gateOf` gives it no gate), so its own
 * statements never wait for it.
 */
export class StatementGate {
  private outcome: Promise<void> | null = null;

  constructor(private readonly check: () => Promise<void>) {}

  get started(): boolean {
    return this.outcome !== null;
  }

  /** Runs the check (once); every caller gets its outcome. */
  open(): Promise<void> {
    this.outcome ??= handled(this.check());
    return this.outcome;
  }

  /**
   * Runs the check with its first statement handed to `take` instead of sent, when the check sends it at once (in
   * the same synchronous run: drizzle does); otherwise it is sent as usual.
   */
  openHandingOver(take: (statement: HandedOver) => void): Promise<void> {
    if (this.outcome) return this.outcome;
    handOverNext = take;
    try {
      this.outcome = handled(this.check());
    } finally {
      handOverNext = undefined;
    }
    return this.outcome;
  }
}

/** A refused check is answered by whoever awaits it (a statement, the onSend hook), never an unhandled rejection. */
function handled(outcome: Promise<void>): Promise<void> {
  outcome.catch(() => {});
  return outcome;
}

/** A statement of the check that was not sent: its query and the way to give it its result. */
interface HandedOver {
  args: QueryArgs;
  settle(result: PromiseSettledResult<QueryResult>): void;
}

type QueryArgs = [config: unknown, values?: unknown];
type GateOf = () => StatementGate | undefined;

/** Set only while a check starts (synchronously): the next statement sent is the check's, and goes to it. */
let handOverNext: ((statement: HandedOver) => void) | undefined;

function handedOver(args: QueryArgs): Promise<QueryResult> | undefined {
  const take = handOverNext;
  if (!take) return undefined;
  handOverNext = undefined;
  return new Promise((resolve, reject) =>
    take({
      args,
      settle: (result) => (result.status === 'fulfilled' ? resolve(result.value) : reject(result.reason)),
    }),
  );
}

let ridden = 0;

/** How many checks have travelled with a statement in this process (the tests read it). */
export const pipelinedChecks = (): number => ridden;

const gated = new WeakSet<object>();

/** A database shared by several apps (tests) is gated once: every app's requests live in the same request context. */
function alreadyGated(target: object): boolean {
  if (gated.has(target)) return true;
  gated.add(target);
  return false;
}

const PLAIN_SELECT = /^\s*select\b/i;
const LOCKS = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bpg_advisory/i;

/**
 * Only a plain read may run before the check has passed (its rows are dropped if it fails): a statement that writes
 * (INSERT, UPDATE, DELETE, a WITH that may hold one) or takes a lock waits for the check.
 */
function isPlainRead([config]: QueryArgs): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && PLAIN_SELECT.test(text) && !LOCKS.test(text);
}

interface PipelineClient {
  pipeline: boolean;
  connection: { stream: { cork(): void; uncork(): void } };
  query(config: unknown, values?: unknown): Promise<QueryResult>;
}

/**
 * Sends both statements in one write on one connection (pg's pipeline mode, switched on while this client is idle and
 * off again before it goes back to the pool): PostgreSQL reads them together and runs them one after the other, each
 * in its own implicit transaction.
 */
async function sendTogether(
  client: PoolClient,
  first: QueryArgs,
  second: QueryArgs,
): Promise<[PromiseSettledResult<QueryResult>, PromiseSettledResult<QueryResult>]> {
  const pipelined = client as unknown as PipelineClient;
  pipelined.pipeline = true;
  const stream = pipelined.connection.stream;
  stream.cork();
  let sent: Promise<QueryResult>[];
  try {
    sent = [pipelined.query(...first), pipelined.query(...second)];
  } finally {
    stream.uncork();
  }
  const results = await Promise.allSettled(sent);
  pipelined.pipeline = false;
  return results as [PromiseSettledResult<QueryResult>, PromiseSettledResult<QueryResult>];
}

/**
 * Makes the pool's statements (`pool.query`) and transactions (`pool.connect()` without a callback) wait for the
 * current request's gate; the first statement of a request whose gate has not started rides with the check.
 */
export function gatePoolStatements(pool: Pool, gateOf: GateOf): void {
  if (alreadyGated(pool)) return;
  const query = pool.query.bind(pool) as (...args: QueryArgs) => Promise<QueryResult>;
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;

  async function rideWithCheck(gate: StatementGate, args: QueryArgs): Promise<QueryResult> {
    const check: { statement?: HandedOver } = {};
    const outcome = gate.openHandingOver((statement) => {
      check.statement = statement;
    });
    const checkStatement = check.statement;
    if (!checkStatement) {
      await outcome;
      return query(...args);
    }
    let results: Awaited<ReturnType<typeof sendTogether>> | undefined;
    let client: PoolClient | undefined;
    let failure: Error | undefined;
    try {
      client = await connect();
      results = await sendTogether(client, checkStatement.args, args);
      failure = results.find((result) => result.status === 'rejected')?.reason as Error | undefined;
    } catch (error) {
      failure = error as Error;
      checkStatement.settle({ status: 'rejected', reason: error });
      throw error;
    } finally {
      // As pg-pool does after a failed query: the connection is closed rather than reused.
      client?.release(failure);
    }
    ridden += 1;
    checkStatement.settle(results[0]);
    await outcome;
    if (results[1].status === 'rejected') throw results[1].reason;
    return results[1].value;
  }

  (pool as { query: unknown }).query = (...args: QueryArgs) => {
    const handed = handedOver(args);
    if (handed) return handed;
    const gate = gateOf();
    if (!gate) return query(...args);
    if (gate.started || !isPlainRead(args)) return gate.open().then(() => query(...args));
    return rideWithCheck(gate, args);
  };
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    if (args.length > 0) return (connect as (...a: unknown[]) => unknown)(...args);
    const gate = gateOf();
    return gate ? gate.open().then(connect) : connect();
  };
}

/** PGlite runs one statement at a time: its statements simply wait for the check (run first). */
export function gatePgliteStatements(client: PgliteClient, gateOf: GateOf): void {
  if (alreadyGated(client)) return;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const gate = gateOf();
      return gate ? gate.open().then(() => original(...args)) : original(...args);
    };
  }
}
