import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/app';
import { withCustomPlans } from './client';

async function planMode(run: (query: ReturnType<typeof sql>) => Promise<unknown>): Promise<string> {
  const result = (await run(sql`select current_setting('plan_cache_mode') as mode`)) as
    | { rows: { mode: string }[] }
    | { mode: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0]!.mode;
}

describe('statement planning', () => {
  it('plans prepared statements once on PostgreSQL and for their values under withCustomPlans', async () => {
    const { database } = await getTestApp();
    const { db } = database;
    const outside = await planMode((query) => db.execute(query));
    const inside = await withCustomPlans(db, (handle) => planMode((query) => handle.execute(query)));
    const after = await planMode((query) => db.execute(query));
    if (database.driver === 'postgres') {
      expect(outside).toBe('force_generic_plan');
      expect(inside).toBe('force_custom_plan');
      // `set local` ends with its transaction: the pooled connection goes back planning generically.
      expect(after).toBe('force_generic_plan');
    } else {
      // PGlite runs every statement unnamed, planned for its values: nothing to change there.
      expect([outside, inside, after]).toEqual(['auto', 'auto', 'auto']);
    }
  });
});
