import type { InvitationStatus } from '@rentora/shared';
import { and, count, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, invitations, users } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;

const inviter = alias(users, 'inviter');

const invitationColumns = {
  invitation: invitations,
  inviter: {
    id: inviter.id,
    firstName: inviter.firstName,
    lastName: inviter.lastName,
    email: inviter.email,
  },
};

export interface InvitationWithInviter {
  invitation: InvitationRow;
  inviter: { id: string; firstName: string; lastName: string; email: string } | null;
}

/** The condition of a status as the API shows it: pending rows past expiry read as expired. */
function statusCondition(status: InvitationStatus, now: Date): SQL {
  if (status === 'pending') return and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, now))!;
  if (status === 'expired') {
    return or(
      eq(invitations.status, 'expired'),
      and(eq(invitations.status, 'pending'), lte(invitations.expiresAt, now)),
    )!;
  }
  return eq(invitations.status, status);
}

export function createInvitationsRepo(db: DbOrTx) {
  return {
    async insert(values: NewInvitation): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(values).returning();
      return row!;
    },

    async findById(companyId: string, id: string): Promise<InvitationWithInviter | undefined> {
      const [row] = await db
        .select(invitationColumns)
        .from(invitations)
        .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
        .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)))
        .limit(1);
      return row;
    },

    /** By the hash of the mailed token, locked when `forUpdate` (accept/decline). */
    async findByTokenHash(tokenHash: string, forUpdate = false): Promise<InvitationRow | undefined> {
      const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** What the public invitation page needs: the invitation, its company and who sent it. */
    async findPublicByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          invitation: invitations,
          company: { id: companies.id, name: companies.name, logo: companies.logo },
          inviter: { firstName: inviter.firstName, lastName: inviter.lastName },
        })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async findPendingByEmail(companyId: string, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.companyId, companyId),
            eq(invitations.status, 'pending'),
            sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row;
    },

    async countPending(companyId: string, now = new Date()): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(invitations)
        .where(and(eq(invitations.companyId, companyId), statusCondition('pending', now)));
      return row?.total ?? 0;
    },

    async list(
      companyId: string,
      filter: { status: InvitationStatus; limit: number; offset: number },
    ): Promise<{ rows: InvitationWithInviter[]; total: number }> {
      const where = and(eq(invitations.companyId, companyId), statusCondition(filter.status, new Date()));
      const [rows, [totalRow]] = await Promise.all([
        db
          .select(invitationColumns)
          .from(invitations)
          .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
          .where(where)
          .orderBy(desc(invitations.createdAt), desc(invitations.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(invitations).where(where),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },

    async update(companyId: string, id: string, values: Partial<NewInvitation>): Promise<void> {
      await db
        .update(invitations)
        .set(values)
        .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)));
    },

    /** Locks the company row: invitations of one company are created one at a time (seat counting). */
    async lockCompany(companyId: string) {
      const [row] = await db
        .select({
          id: companies.id,
          name: companies.name,
          isActive: companies.isActive,
          usageUsers: companies.usageUsers,
          limitations: companies.limitations,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      return row;
    },
  };
}
