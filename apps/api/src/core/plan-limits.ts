import type { PlanLimitType } from '@rentora/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { companies } from '../db/schema';
import { notFound, planLimitReached } from './errors';

const USAGE_COLUMN = {
  properties: companies.usageProperties,
  users: companies.usageUsers,
  rentalUnits: companies.usageRentalUnits,
} as const;

const USAGE_KEY = {
  properties: 'usageProperties',
  users: 'usageUsers',
  rentalUnits: 'usageRentalUnits',
} as const;

const COMPANY_LIMIT_KEY = {
  properties: 'maxPropertiesPerCompany',
  users: 'maxUsersPerCompany',
} as const;

/**
 * Takes one unit of a company-wide allowance (properties or users) in a single conditional UPDATE,
 * so concurrent creates can never pass the limit. Call inside the transaction that creates the row.
 */
export async function reserveCompanyUsage(
  tx: DbOrTx,
  companyId: string,
  type: keyof typeof COMPANY_LIMIT_KEY,
  amount = 1,
): Promise<void> {
  const column = USAGE_COLUMN[type];
  const limit = sql<number>`(${companies.limitations}->>${COMPANY_LIMIT_KEY[type]})::int`;
  const updated = await tx
    .update(companies)
    .set({ [USAGE_KEY[type]]: sql`${column} + ${amount}` })
    .where(sql`${companies.id} = ${companyId} and (${limit} = -1 or ${column} + ${amount} <= ${limit})`)
    .returning({ id: companies.id });
  if (updated.length > 0) return;
  const [row] = await tx
    .select({ current: column, limit })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  throw planLimitReached(type, row.current, row.limit);
}

/** Gives back usage when rows are deleted (never below zero). */
export async function releaseCompanyUsage(
  tx: DbOrTx,
  companyId: string,
  type: PlanLimitType,
  amount = 1,
): Promise<void> {
  const column = USAGE_COLUMN[type];
  await tx
    .update(companies)
    .set({ [USAGE_KEY[type]]: sql`greatest(${column} - ${amount}, 0)` })
    .where(eq(companies.id, companyId));
}

/** Counts rental units in the company's usage once the per-property limit has been checked by the caller. */
export async function addRentalUnitUsage(tx: DbOrTx, companyId: string, amount = 1): Promise<void> {
  await tx
    .update(companies)
    .set({ usageRentalUnits: sql`${companies.usageRentalUnits} + ${amount}` })
    .where(eq(companies.id, companyId));
}
