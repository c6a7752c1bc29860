import type { PlatformRole } from '@rentora/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyUsers, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

export interface UserListFilter {
  role?: PlatformRole;
  isActive?: boolean;
  search?: string;
  sortBy: 'createdAt' | 'email' | 'name' | 'lastLoginAt';
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

// Spelled out: in a single-table select drizzle leaves column names unqualified, which a subquery would misread.
const activeMemberships = sql<number>`(
  select count(*)::int from company_users as membership
  where membership.user_id = "users"."id" and membership.is_active = true
)`;

export function createAdminAccountsRepo(db: DbOrTx) {
  return {
    async listUsers(
      filter: UserListFilter,
    ): Promise<{ rows: { user: UserRow; companiesCount: number }[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.role) conditions.push(eq(users.role, filter.role));
      if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
      if (filter.search) {
        const pattern = `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`;
        conditions.push(
          or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const direction = filter.sortOrder === 'asc' ? asc : desc;
      const order =
        filter.sortBy === 'lastLoginAt'
          ? sql`${users.lastLoginAt} ${sql.raw(filter.sortOrder === 'asc' ? 'asc nulls first' : 'desc nulls last')}`
          : direction(
              {
                createdAt: users.createdAt,
                email: sql`lower(${users.email})`,
                name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
              }[filter.sortBy],
            );
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ user: users, companiesCount: activeMemberships })
          .from(users)
          .where(where)
          .orderBy(order, direction(users.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },

    async findWithCompanies(id: string): Promise<{ user: UserRow; companiesCount: number } | undefined> {
      const [row] = await db
        .select({ user: users, companiesCount: activeMemberships })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /**
     * Active super admins, locked in id order: concurrent changes to super admins run one after the other,
     * so two of them can never deactivate each other at the same time.
     */
    async lockActiveSuperAdmins(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async activeMembershipCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(companyUsers)
        .where(and(eq(companyUsers.userId, userId), eq(companyUsers.isActive, true)));
      return row?.total ?? 0;
    },

    /** Companies whose only active owner is this user. */
    async soleOwnedCompanies(userId: string): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: companies.id, name: companies.name })
        .from(companyUsers)
        .innerJoin(companies, eq(companies.id, companyUsers.companyId))
        .where(
          and(
            eq(companyUsers.userId, userId),
            eq(companyUsers.role, 'owner'),
            eq(companyUsers.isActive, true),
            sql`not exists (
              select 1 from ${companyUsers} as other
              where other.company_id = ${companyUsers.companyId} and other.user_id <> ${userId}
                and other.role = 'owner' and other.is_active = true
            )`,
          ),
        );
    },

    async membershipCompanyIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ companyId: companyUsers.companyId })
        .from(companyUsers)
        .where(eq(companyUsers.userId, userId));
      return rows.map((row) => row.companyId);
    },

    async deleteUser(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    async stats(since: Date) {
      const [byRole, [totals]] = await Promise.all([
        db
          .select({ role: users.role, isActive: users.isActive, total: count() })
          .from(users)
          .groupBy(users.role, users.isActive),
        db
          .select({
            verified: sql<number>`count(*) filter (where ${users.isEmailVerified})::int`,
            recent: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.toISOString()}::timestamptz)::int`,
          })
          .from(users),
      ]);
      return { byRole, verified: totals?.verified ?? 0, recent: totals?.recent ?? 0 };
    },
  };
}
