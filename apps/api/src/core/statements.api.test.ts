import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getTestApp } from '../../test/app';
import { createCompany } from '../../test/factories';
import type { DbOrTx } from '../db/client';
import { companies, plans } from '../db/schema';
import { lookedUp } from './page-rows';
import { SATURATED_COUNT_MS } from './saturated-counts';
import { anyOf, boundedCountColumn, pageLimit, pageOffset, statementsByShape } from './statements';

/** Plans by slug (`anyOf`), a page in slug order; each statement built is pushed on `built`. */
function plansBySlugs(built: string[]) {
  return statementsByShape(
    (db: DbOrTx, _shape: { slugs: true }) => {
      const query = db
        .select({ slug: plans.slug })
        .from(plans)
        .where(anyOf(plans.slug, 'slugs'))
        .orderBy(asc(plans.slug))
        .limit(pageLimit())
        .offset(pageOffset());
      built.push(query.toSQL().sql);
      return query;
    },
    { key: () => 'slugs' },
  );
}

async function firstTwoSlugs(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ slug: plans.slug }).from(plans).orderBy(asc(plans.slug)).limit(2);
  return rows.map((row) => row.slug);
}

describe('statementsByShape on the database', () => {
  it('writes a first page with its size as a constant, deeper pages with LIMIT and OFFSET values', async () => {
    const { database } = await getTestApp();
    const built: string[] = [];
    const planPage = statementsByShape(
      (db: DbOrTx, _shape: { all: true }) => {
        const query = db
          .select({ slug: plans.slug })
          .from(plans)
          .where(sql`${plans.slug} <> ${sql.placeholder('skip')}`)
          .orderBy(asc(plans.slug))
          .limit(pageLimit())
          .offset(pageOffset());
        built.push(query.toSQL().sql);
        return query;
      },
      { key: () => 'all' },
    );
    const all = (await database.db.select({ slug: plans.slug }).from(plans).orderBy(asc(plans.slug))).map(
      (row) => row.slug,
    );
    expect(all.length).toBeGreaterThanOrEqual(3);
    const page = (offset: number) =>
      planPage(database.db, { all: true })
        .execute({ skip: '-', limit: 2, offset })
        .then((rows) => rows.map((row) => row.slug));

    expect(await page(0)).toEqual(all.slice(0, 2));
    expect(built.at(-1)).toMatch(/limit 2$/);
    expect(built.at(-1)).not.toMatch(/offset/);
    // Built once per shape and size: the same first page again builds nothing.
    expect(await page(0)).toEqual(all.slice(0, 2));
    expect(built).toHaveLength(1);

    expect(await page(2)).toEqual(all.slice(2, 4));
    expect(built.at(-1)).toMatch(/limit \$\d+ offset \$\d+$/);
  });

  it('keeps LIMIT a value for a shape that filters by an array (planned for its values)', async () => {
    const { database } = await getTestApp();
    const built: string[] = [];
    const bySlugs = plansBySlugs(built);
    const [first, second] = await firstTwoSlugs(database.db);
    const run = () =>
      bySlugs(database.db, { slugs: true })
        .execute({ slugs: [second, first], limit: 5, offset: 0 })
        .then((rows) => rows.map((row) => row.slug));
    expect(await run()).toEqual([first, second]);
    expect(await run()).toEqual([first, second]);
    // Built once as a first page, which tells that it filters by an array, then once with LIMIT and OFFSET values.
    expect(built).toHaveLength(2);
    expect(built.at(-1)).toMatch(/limit \$\d+ offset \$\d+$/);
  });

  it('writes a filter by a one-value array as `=` bound to that value, in a first-page statement of its own', async () => {
    const { database } = await getTestApp();
    const built: string[] = [];
    const bySlugs = plansBySlugs(built);
    const [first, second] = await firstTwoSlugs(database.db);
    const run = (slugs: (string | undefined)[], offset = 0) =>
      bySlugs(database.db, { slugs: true })
        .execute({ slugs, limit: 5, offset })
        .then((rows) => rows.map((row) => row.slug));

    expect(await run([second])).toEqual([second]);
    expect(built.at(-1)).toMatch(/"slug" = \$1 order by .* limit 5$/);
    expect(await run([first])).toEqual([first]);
    expect(built).toHaveLength(1);
    // Two values: `= any(…)` with LIMIT and OFFSET values (after the first-page build that tells so).
    expect(await run([second, first])).toEqual([first, second]);
    expect(built.at(-1)).toMatch(/= any\(\$1\).* limit \$\d+ offset \$\d+$/);
    // A deeper page of one value: `=` again, with LIMIT and OFFSET values.
    expect(await run([first], 1)).toEqual([]);
    expect(built.at(-1)).toMatch(/"slug" = \$1 order by .* limit \$\d+ offset \$\d+$/);
    expect(await run([])).toEqual([]);
  });
});

describe('bounded counts found saturated', () => {
  it('leaves the count out for a while once a filter had more matches than its bound, never for fewer', async () => {
    const { app, database } = await getTestApp();
    const built: string[] = [];
    const named = statementsByShape(
      (db: DbOrTx, _shape: { named: true }) => {
        const where = sql`${companies.name} like ${sql.placeholder('prefix')}`;
        const query = db
          .select({ id: companies.id, total: boundedCountColumn(db, companies, where, 1) })
          .from(companies)
          .where(where)
          .orderBy(asc(companies.id))
          .limit(pageLimit())
          .offset(pageOffset());
        built.push(query.toSQL().sql);
        return query;
      },
      { key: () => 'named' },
    );
    const prefix = `Saturated ${Date.now()}`;
    await createCompany(app, { name: `${prefix} A` });
    const second = await createCompany(app, { name: `${prefix} B` });
    // Each call with its own `now` (in the same minute): the clock alone does not make a filter new.
    let tick = 0;
    const page = async (like: string) =>
      (
        await named(database.db, { named: true }).execute({
          prefix: like,
          limit: 1,
          offset: 0,
          now: new Date(Date.now() + (tick++ % 50)),
        })
      )[0]?.total;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    try {
      // Two matches past the bound of one: counted once, then not for SATURATED_COUNT_MS.
      expect(await page(`${prefix}%`)).toBe(2);
      expect(built).toHaveLength(1);
      expect(built[0]).toMatch(/count\(\*\)/);
      expect(await page(`${prefix}%`)).toBe(2);
      expect(built).toHaveLength(2);
      expect(built[1]).not.toMatch(/count\(\*\)/);
      // A filter within its bound is counted every time.
      expect(await page(`${prefix} A%`)).toBe(1);
      expect(await page(`${prefix} A%`)).toBe(1);
      await database.db.delete(companies).where(eq(companies.id, second.companyId));
      // Known past its bound until SATURATED_COUNT_MS has gone by, then counted again.
      expect(await page(`${prefix}%`)).toBe(2);
      vi.setSystemTime(Date.now() + SATURATED_COUNT_MS + 1);
      expect(await page(`${prefix}%`)).toBe(1);
      expect(built).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('lookedUp on the database', () => {
  it("finds a value by key, null without one, and never confuses the row's columns with the looked-up table's", async () => {
    const { app, database } = await getTestApp();
    const owner = await createCompany(app);
    const rows = await database.db
      .select({
        name: companies.name,
        planName: lookedUp<string | null>(plans.name, plans.id, companies.planId),
        // Both tables have an `id`: unqualified, `where "id" = "id"` would match every plan.
        byOwnId: lookedUp<string | null>(plans.name, plans.id, companies.id),
      })
      .from(companies)
      .where(eq(companies.id, owner.companyId));
    const [plan] = await database.db
      .select({ name: plans.name })
      .from(plans)
      .innerJoin(companies, eq(companies.planId, plans.id))
      .where(eq(companies.id, owner.companyId));

    expect(plan).toBeDefined();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.planName).toBe(plan!.name);
    expect(rows[0]!.byOwnId).toBeNull();
  });
});
