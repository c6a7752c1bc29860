import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type MemberWithUser, memberColumns } from '../../core/members';
import { pageWithTotal } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import { pageLimit, pageOffset, preparedOnce, statementsByShape } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { companies, companyUsers, plans, users } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type CompanyUserRow = typeof companyUsers.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type { MemberWithUser };

type UserRow = typeof users.$inferSelect;

const companyWithPlan = {
  company: companies,
  planName: plans.name,
  planSlug: plans.slug,
};
export type CompanyWithPlan = { company: CompanyRow; planName: string | null; planSlug: string | null };

export interface CompanyListFilter {
  userId?: string;
  search?: string;
  isVerified?: boolean;
  sortBy: 'createdAt' | 'name';
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

interface CompanyListShape {
  member: boolean;
  search: boolean;
  isVerified: boolean;
  sortBy: CompanyListFilter['sortBy'];
  sortOrder: CompanyListFilter['sortOrder'];
}

function companyListWhere(db: DbOrTx, shape: CompanyListShape): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.member) {
    conditions.push(
      inArray(
        companies.id,
        db
          .select({ id: companyUsers.companyId })
          .from(companyUsers)
          .where(and(eq(companyUsers.userId, sql.placeholder('userId')), eq(companyUsers.isActive, true))),
      ),
    );
    conditions.push(eq(companies.isActive, true));
  }
  if (shape.search) {
    const pattern = sql.placeholder('pattern');
    conditions.push(or(ilike(companies.name, pattern), ilike(companies.email, pattern))!);
  }
  if (shape.isVerified) conditions.push(eq(companies.isVerified, sql.placeholder('isVerified')));
  return conditions.length ? and(...conditions) : undefined;
}

const companyShapeOptions = {
  searches: (shape: CompanyListShape) => shape.search,
};

const companyPage = statementsByShape((db, shape: CompanyListShape) => {
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  const orderColumn = shape.sortBy === 'name' ? sql`lower(${companies.name})` : companies.createdAt;
  return mappedRows(
    db
      .select(companyWithPlan)
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(companyListWhere(db, shape))
      .orderBy(direction(orderColumn), direction(companies.id))
      .limit(pageLimit())
      .offset(pageOffset()),
  );
}, companyShapeOptions);

const companyCount = statementsByShape(
  (db, shape: CompanyListShape) =>
    db.select({ total: count() }).from(companies).where(companyListWhere(db, shape)),
  companyShapeOptions,
);

const memberOf = preparedOnce((db) =>
  db
    .select(memberColumns)
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(
      and(
        eq(companyUsers.companyId, sql.placeholder('companyId')),
        eq(companyUsers.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1),
);

export function createCompaniesRepo(db: DbOrTx) {
  return {
    async findDefaultPlan(): Promise<PlanRow | undefined> {
      const [row] = await db
        .select()
        .from(plans)
        .where(and(eq(plans.isDefault, true), eq(plans.isActive, true)))
        .limit(1);
      return row;
    },

    async findCompany(companyId: string): Promise<CompanyWithPlan | undefined> {
      const [row] = await db
        .select(companyWithPlan)
        .from(companies)
        .leftJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.id, companyId))
        .limit(1);
      return row;
    },

    /** The caller's active companies, or every company when `userId` is not given (super admin). */
    async listCompanies(filter: CompanyListFilter): Promise<{ rows: CompanyWithPlan[]; total: number }> {
      const shape: CompanyListShape = {
        member: Boolean(filter.userId),
        search: Boolean(filter.search),
        isVerified: filter.isVerified !== undefined,
        sortBy: filter.sortBy,
        sortOrder: filter.sortOrder,
      };
      const values = {
        userId: filter.userId,
        pattern: filter.search ? `%${filter.search.replace(/[%_\\]/g, '\\$&')}%` : undefined,
        isVerified: filter.isVerified,
        limit: filter.limit,
        offset: filter.offset,
      };
      return pageWithTotal(
        filter,
        companyPage(db, shape).execute(values),
        async () => (await companyCount(db, shape).execute(values))[0]?.total ?? 0,
      );
    },

    async insertCompany(values: NewCompany): Promise<CompanyRow> {
      const [row] = await db.insert(companies).values(values).returning();
      return row!;
    },

    async updateCompany(companyId: string, values: Partial<NewCompany>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(companies).set(values).where(eq(companies.id, companyId));
    },

    async deleteCompany(companyId: string): Promise<void> {
      await db.delete(companies).where(eq(companies.id, companyId));
    },

    async listMembers(
      companyId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: MemberWithUser[]; total: number }> {
      const where = eq(companyUsers.companyId, companyId);
      return pageWithTotal(
        page,
        db
          .select(memberColumns)
          .from(companyUsers)
          .innerJoin(users, eq(users.id, companyUsers.userId))
          .where(where)
          .orderBy(asc(companyUsers.createdAt), asc(companyUsers.id))
          .limit(page.limit)
          .offset(page.offset),
        async () => (await db.select({ total: count() }).from(companyUsers).where(where))[0]?.total ?? 0,
      );
    },

    /** The account of an email (any case): who is added to a company. */
    async findAccountByEmail(email: string): Promise<Pick<UserRow, 'id' | 'role'> | undefined> {
      const [row] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    /** A tenant account that joins or creates a company becomes a staff (`user`) account. */
    async makeStaffAccount(userId: string): Promise<void> {
      await db.update(users).set({ role: 'user' }).where(eq(users.id, userId));
    },

    async findMember(companyId: string, userId: string): Promise<MemberWithUser | undefined> {
      const [row] = await memberOf(db, { companyId, userId });
      return row;
    },

    async insertMember(values: typeof companyUsers.$inferInsert): Promise<CompanyUserRow> {
      const [row] = await db.insert(companyUsers).values(values).returning();
      return row!;
    },

    async updateMember(companyId: string, userId: string, values: Partial<typeof companyUsers.$inferInsert>) {
      if (Object.keys(values).length === 0) return;
      await db
        .update(companyUsers)
        .set(values)
        .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
    },

    async deleteMember(companyId: string, userId: string): Promise<void> {
      await db
        .delete(companyUsers)
        .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
    },

    /** Active owners, locked so that two concurrent demotions cannot remove the last one. */
    async lockActiveOwners(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: companyUsers.userId })
        .from(companyUsers)
        .where(
          and(
            eq(companyUsers.companyId, companyId),
            eq(companyUsers.role, 'owner'),
            eq(companyUsers.isActive, true),
          ),
        )
        .for('update');
      return rows.map((row) => row.userId);
    },

    async memberCounts(companyId: string) {
      return db
        .select({ role: companyUsers.role, isActive: companyUsers.isActive, total: count() })
        .from(companyUsers)
        .where(eq(companyUsers.companyId, companyId))
        .groupBy(companyUsers.role, companyUsers.isActive);
    },
  };
}

export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
