import { OPEN_MAINTENANCE_STATUSES } from '@rentora/shared';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyUsers, maintenanceRequests, users } from '../../db/schema';

/** Company members as maintenance sees them: who may work requests, names for DTOs, open workloads. */

export interface MemberInfo {
  userId: string;
  name: string;
  email: string;
  role: string;
}

/** Features that let a member work maintenance requests (be an assignee). */
const WORK_FEATURES = ['maintenance_write', 'maintenance_update'];

const worksMaintenance = sql`(${companyUsers.featurePermissions} ?| array['maintenance_write','maintenance_update'])`;

export const fullName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

export function canWorkMaintenance(features: readonly string[]): boolean {
  return features.some((feature) => WORK_FEATURES.includes(feature));
}

/** Active members of active accounts who may work maintenance (all of them, or those among `userIds`). */
export async function eligibleMembers(
  db: DbOrTx,
  companyId: string,
  userIds?: readonly string[],
): Promise<MemberInfo[]> {
  if (userIds && userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: companyUsers.userId,
      role: companyUsers.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.isActive, true),
        eq(users.isActive, true),
        worksMaintenance,
        userIds ? inArray(companyUsers.userId, [...userIds]) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(500);
  return rows.map((row) => ({ userId: row.userId, name: fullName(row), email: row.email, role: row.role }));
}

/** Active members of the company among `userIds` (watchers need only be members). */
export async function activeMembers(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
): Promise<MemberInfo[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: companyUsers.userId,
      role: companyUsers.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.isActive, true),
        eq(users.isActive, true),
        inArray(companyUsers.userId, [...userIds]),
      ),
    );
  return rows.map((row) => ({ userId: row.userId, name: fullName(row), email: row.email, role: row.role }));
}

/** Names and emails of users (any account), for DTOs. */
export async function peopleByIds(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, MemberInfo>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((row) => [row.id, { userId: row.id, name: fullName(row), email: row.email, role: '' }]),
  );
}

/** Open requests per assignee of the company. */
export async function openCounts(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: maintenanceRequests.assigneeId, total: count() })
    .from(maintenanceRequests)
    .where(
      and(
        eq(maintenanceRequests.companyId, companyId),
        isNotNull(maintenanceRequests.assigneeId),
        inArray(maintenanceRequests.assigneeId, [...userIds]),
        inArray(maintenanceRequests.status, [...OPEN_MAINTENANCE_STATUSES]),
      ),
    )
    .groupBy(maintenanceRequests.assigneeId);
  return new Map(rows.map((row) => [row.userId!, row.total]));
}

/** The email of an active account (null for an inactive or unknown one). */
export async function activeEmailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  return row?.email ?? null;
}

/** Active members of the company who hold maintenance_read (at most 500). */
export async function maintenanceReaders(db: DbOrTx, companyId: string) {
  return db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.isActive, true),
        sql`${companyUsers.featurePermissions} ? 'maintenance_read'`,
      ),
    )
    .limit(500);
}
