import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assigneeCodes, companies, companyUsers, users } from '../../db/schema';

export type AssigneeCodeRow = typeof assigneeCodes.$inferSelect;

/** Assignee codes and who holds them. */
export function createAssigneeRepo(db: DbOrTx) {
  return {
    /** The holder of a code with what decides whether the code still works (company, membership, account). */
    async holderOf(code: string) {
      const [row] = await db
        .select({
          companyId: assigneeCodes.companyId,
          userId: assigneeCodes.userId,
          companyName: companies.name,
          companyActive: companies.isActive,
          memberActive: companyUsers.isActive,
          features: companyUsers.featurePermissions,
          userActive: users.isActive,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(assigneeCodes)
        .innerJoin(companies, eq(companies.id, assigneeCodes.companyId))
        .innerJoin(users, eq(users.id, assigneeCodes.userId))
        .leftJoin(
          companyUsers,
          and(
            eq(companyUsers.companyId, assigneeCodes.companyId),
            eq(companyUsers.userId, assigneeCodes.userId),
          ),
        )
        .where(eq(assigneeCodes.code, code))
        .limit(1);
      return row;
    },

    async codeOf(companyId: string, userId: string): Promise<AssigneeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(assigneeCodes)
        .where(and(eq(assigneeCodes.companyId, companyId), eq(assigneeCodes.userId, userId)));
      return row;
    },

    /** Saves the member's code, replacing the one they had. */
    async saveCode(companyId: string, userId: string, code: string): Promise<AssigneeCodeRow | undefined> {
      const [row] = await db
        .insert(assigneeCodes)
        .values({ companyId, userId, code })
        .onConflictDoUpdate({
          target: [assigneeCodes.companyId, assigneeCodes.userId],
          set: { code, createdAt: new Date() },
        })
        .returning();
      return row;
    },
  };
}
