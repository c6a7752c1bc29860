import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** Functions and the deferred constraint triggers that run them, installed together at start-up. */
export interface TriggerSet {
  /** Names the advisory lock that serialises the installation across API processes. */
  lockName: string;
  /** `create or replace function …` statements. */
  functions: string[];
  triggers: { name: string; table: string; events: string; run: string }[];
  /** The function whose comment keeps the mark of the installed set, e.g. `company_versions_touch_users()`. */
  markedFunction: string;
}

/** A fingerprint of the set's definitions: a start that finds it installed has nothing to do. */
function markOf(set: TriggerSet): string {
  const digest = createHash('sha1')
    .update(JSON.stringify({ functions: set.functions, triggers: set.triggers }))
    .digest('hex');
  return `rentora:${digest}`;
}

/**
 * Installs (or updates) the set's functions and its missing triggers, once per set of definitions: a start that finds
 * the set's mark and every trigger in place skips the transaction (its `create or replace function`s cost ~0.1–0.2 s
 * of every start on PGlite, and the server listens only after them). The mark is the comment of `markedFunction`, so
 * it stays with the functions in the same database; a migration that re-creates a table drops its triggers, and then
 * the set is installed again.
 */
export async function installTriggerSet(db: DbOrTx, set: TriggerSet): Promise<void> {
  const mark = markOf(set);
  const names = `{${set.triggers.map((trigger) => trigger.name).join(',')}}`;
  const installed = await db.execute(
    sql`select obj_description(to_regprocedure(${set.markedFunction}), 'pg_proc') as mark,
          (select count(*)::int from pg_trigger where tgname = any(${names}::text[]) and not tgisinternal) as triggers`,
  );
  const [row] = (installed as unknown as { rows: { mark: string | null; triggers: number }[] }).rows;
  if (row?.mark === mark && Number(row.triggers) === set.triggers.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${set.lockName}))`);
    for (const statement of set.functions) await tx.execute(sql.raw(statement));
    const existing = await tx.execute(
      sql`select tgname from pg_trigger where tgname = any(${names}::text[]) and not tgisinternal`,
    );
    const present = new Set(
      (existing as unknown as { rows: { tgname: string }[] }).rows.map((found) => found.tgname),
    );
    for (const trigger of set.triggers) {
      if (present.has(trigger.name)) continue;
      await tx.execute(
        sql.raw(`create constraint trigger ${trigger.name} after ${trigger.events} on ${trigger.table}
          deferrable initially deferred for each row execute function ${trigger.run}`),
      );
    }
    await tx.execute(sql.raw(`comment on function ${set.markedFunction} is '${mark}'`));
  });
}
