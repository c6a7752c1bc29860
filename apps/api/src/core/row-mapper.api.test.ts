import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/app';
import type { DbOrTx } from '../db/client';
import { plans } from '../db/schema';
import { mappedRows } from './row-mapper';
import { statementsByShape } from './statements';

const cheaper = alias(plans, 'cheaper');

/** Plans with a nested object of their own columns, a left-joined plan (null when none matches) and SQL fields. */
function plansWithCheaper(db: DbOrTx) {
  return db
    .select({
      plan: { id: plans.id, slug: plans.slug, createdAt: plans.createdAt, limitations: plans.limitations },
      cheaper: { slug: cheaper.slug, price: cheaper.price },
      rank: sql<number>`row_number() over (order by ${plans.slug})`.mapWith(Number),
      label: sql<string>`upper(${plans.slug})`,
    })
    .from(plans)
    .leftJoin(cheaper, eq(cheaper.slug, sql`case when ${plans.slug} = 'starter' then 'professional' end`))
    .orderBy(asc(plans.slug));
}

describe('mappedRows', () => {
  it('maps rows as drizzle does: nested objects, decoders, and a left join with no match as null', async () => {
    const { database } = await getTestApp();
    const statement = statementsByShape((db: DbOrTx, _shape: Record<string, never>) =>
      mappedRows(plansWithCheaper(db)),
    );
    const expected = await plansWithCheaper(database.db);
    expect(expected.some((row) => row.cheaper === null)).toBe(true);
    expect(expected.some((row) => row.cheaper?.slug === 'professional')).toBe(true);
    expect(expected[0]?.plan.createdAt).toBeInstanceOf(Date);

    const mapped = await statement(database.db, {}).execute({});
    expect(mapped).toEqual(expected);
    expect(mapped.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
  });
});
