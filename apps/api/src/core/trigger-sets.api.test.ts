import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/app';
import type { Db } from '../db/client';
import { installTriggerSet, type TriggerSet } from './trigger-sets';

let db: Db;
// Names of this run only: the PostgreSQL test database is shared by every file and kept between runs.
const suffix = Math.random().toString(36).slice(2, 8);
const table = `trigger_set_probe_${suffix}`;
const log = `trigger_set_log_${suffix}`;
const fn = `trigger_set_touch_${suffix}`;

function probeSet(body = `insert into ${log} values (1)`): TriggerSet {
  return {
    lockName: `rentora.trigger_set_probe_${suffix}`,
    functions: [
      `create or replace function ${fn}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`,
    ],
    triggers: [{ name: `${table}_touch`, table, events: 'insert', run: `${fn}()` }],
    markedFunction: `${fn}()`,
  };
}

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const logged = async () =>
  (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${log}`)))[0]!.n;
const source = async () =>
  (await rows<{ src: string }>(sql.raw(`select prosrc as src from pg_proc where proname = '${fn}'`)))[0]!.src;

beforeAll(async () => {
  ({ db } = (await getTestApp()).database);
  await db.execute(sql.raw(`create table ${table} (id int)`));
  await db.execute(sql.raw(`create table ${log} (n int)`));
});

describe('installTriggerSet (start-up functions and triggers, once per set of definitions)', () => {
  it('installs the functions and the deferred triggers, which then run at commit', async () => {
    await installTriggerSet(db, probeSet());
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} values (1)`));
      // Deferred: nothing is logged before the commit.
      const inside = (await tx.execute(sql.raw(`select count(*)::int as n from ${log}`))) as unknown as {
        rows: { n: number }[];
      };
      expect(inside.rows[0]!.n).toBe(0);
    });
    expect(await logged()).toBe(1);
  });

  it('does nothing when the same set is installed already', async () => {
    // Changed by hand: an installation that ran would put the set's own body back.
    await db.execute(
      sql.raw(
        `create or replace function ${fn}() returns trigger language plpgsql as $$ begin return null; end $$`,
      ),
    );
    await installTriggerSet(db, probeSet());
    expect(await source()).toContain('return null');
    expect(await source()).not.toContain('insert into');
  });

  it('installs again when a trigger is missing or the definitions changed', async () => {
    await db.execute(sql.raw(`drop trigger ${table}_touch on ${table}`));
    await installTriggerSet(db, probeSet());
    expect(await source()).toContain(`insert into ${log}`);
    await db.execute(sql.raw(`insert into ${table} values (2)`));
    expect(await logged()).toBe(2);

    await installTriggerSet(db, probeSet(`insert into ${log} values (1), (1)`));
    await db.execute(sql.raw(`insert into ${table} values (3)`));
    expect(await logged()).toBe(4);
  });
});
