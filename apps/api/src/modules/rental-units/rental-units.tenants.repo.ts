import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rentalUnitUsers, users } from '../../db/schema';

export type AssignmentRow = typeof rentalUnitUsers.$inferSelect;
export type NewAssignment = typeof rentalUnitUsers.$inferInsert;
export type AssignmentWithUser = {
  assignment: AssignmentRow;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    avatar: string | null;
  };
};

const withUser = {
  assignment: rentalUnitUsers,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    phone: users.phone,
    avatar: users.avatar,
  },
};

/** How many assignments the analytics read at most (decades of turnover for one unit). */
export const HISTORY_LIMIT = 1000;

export function createAssignmentsRepo(db: DbOrTx) {
  return {
    async list(
      companyId: string,
      unitId: string,
      type: 'current' | 'past' | 'all',
      page: { limit: number; offset: number },
    ): Promise<{ rows: AssignmentWithUser[]; total: number }> {
      const where = and(
        eq(rentalUnitUsers.companyId, companyId),
        eq(rentalUnitUsers.rentalUnitId, unitId),
        // Past = tenants who lived here and left; a pending or rejected application never lived here (see "all").
        type === 'all'
          ? undefined
          : type === 'current'
            ? eq(rentalUnitUsers.status, 'current')
            : eq(rentalUnitUsers.tenancyStatus, 'moved_out'),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select(withUser)
          .from(rentalUnitUsers)
          .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
          .where(where)
          .orderBy(desc(rentalUnitUsers.startDate), desc(rentalUnitUsers.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(rentalUnitUsers).where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    async find(
      companyId: string,
      unitId: string,
      assignmentId: string,
    ): Promise<AssignmentWithUser | undefined> {
      const [row] = await db
        .select(withUser)
        .from(rentalUnitUsers)
        .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
        .where(
          and(
            eq(rentalUnitUsers.companyId, companyId),
            eq(rentalUnitUsers.rentalUnitId, unitId),
            eq(rentalUnitUsers.id, assignmentId),
          ),
        )
        .limit(1);
      return row;
    },

    async findCurrentOfUser(companyId: string, unitId: string, userId: string) {
      const [row] = await db
        .select({ id: rentalUnitUsers.id })
        .from(rentalUnitUsers)
        .where(
          and(
            eq(rentalUnitUsers.companyId, companyId),
            eq(rentalUnitUsers.rentalUnitId, unitId),
            eq(rentalUnitUsers.userId, userId),
            eq(rentalUnitUsers.status, 'current'),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(values: NewAssignment): Promise<AssignmentRow> {
      const [row] = await db.insert(rentalUnitUsers).values(values).returning();
      return row!;
    },

    async update(companyId: string, assignmentId: string, values: Partial<NewAssignment>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .update(rentalUnitUsers)
        .set(values)
        .where(and(eq(rentalUnitUsers.companyId, companyId), eq(rentalUnitUsers.id, assignmentId)));
    },

    async countCurrent(companyId: string, unitId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(rentalUnitUsers)
        .where(
          and(
            eq(rentalUnitUsers.companyId, companyId),
            eq(rentalUnitUsers.rentalUnitId, unitId),
            eq(rentalUnitUsers.status, 'current'),
          ),
        );
      return row?.total ?? 0;
    },

    /** The unit's assignments, most recent first (at most HISTORY_LIMIT). */
    async history(companyId: string, unitId: string): Promise<AssignmentWithUser[]> {
      return db
        .select(withUser)
        .from(rentalUnitUsers)
        .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
        .where(and(eq(rentalUnitUsers.companyId, companyId), eq(rentalUnitUsers.rentalUnitId, unitId)))
        .orderBy(desc(rentalUnitUsers.startDate), desc(rentalUnitUsers.id))
        .limit(HISTORY_LIMIT);
    },
  };
}
