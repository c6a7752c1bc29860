import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatChannels, companies, companyUsers, rentalUnitUsers, users } from '../../db/schema';

/** Tenancies that have a conversation: live ones, and moved-out ones (read-only). Pending and rejected have none. */
const CONVERSING = ['active', 'notice_given', 'moved_out'] as const;

/** The queries of tenancy conversations (tenant ↔ staff). */
export function createTenancyChatRepo(db: DbOrTx) {
  return {
    /** The tenant's tenancies that may have a conversation and have none yet. */
    async tenanciesWithoutChannel(userId: string) {
      return db
        .select({ id: rentalUnitUsers.id, companyId: rentalUnitUsers.companyId })
        .from(rentalUnitUsers)
        .leftJoin(
          chatChannels,
          and(
            eq(chatChannels.companyId, rentalUnitUsers.companyId),
            eq(chatChannels.tenancyId, rentalUnitUsers.id),
            eq(chatChannels.kind, 'tenancy'),
          ),
        )
        .where(
          and(
            eq(rentalUnitUsers.userId, userId),
            inArray(rentalUnitUsers.tenancyStatus, [...CONVERSING]),
            sql`${chatChannels.id} is null`,
          ),
        )
        .limit(100);
    },

    /** Makes the conversations (a concurrent first visit loses the race harmlessly: unique company + tenancy). */
    async insertTenancyChannels(rows: readonly { id: string; companyId: string }[]) {
      if (rows.length === 0) return;
      await db
        .insert(chatChannels)
        .values(
          rows.map((row) => ({
            companyId: row.companyId,
            kind: 'tenancy' as const,
            tenancyId: row.id,
            isPrivate: true,
          })),
        )
        .onConflictDoNothing();
    },

    /** A tenancy of the caller (as tenant) that may converse, with its conversation once made. */
    async tenantTenancy(userId: string, tenancyId: string) {
      const [row] = await db
        .select({
          tenancyId: rentalUnitUsers.id,
          companyId: rentalUnitUsers.companyId,
          tenancyStatus: rentalUnitUsers.tenancyStatus,
          channelId: chatChannels.id,
        })
        .from(rentalUnitUsers)
        .leftJoin(
          chatChannels,
          and(
            eq(chatChannels.companyId, rentalUnitUsers.companyId),
            eq(chatChannels.tenancyId, rentalUnitUsers.id),
            eq(chatChannels.kind, 'tenancy'),
          ),
        )
        .where(
          and(
            eq(rentalUnitUsers.id, tenancyId),
            eq(rentalUnitUsers.userId, userId),
            inArray(rentalUnitUsers.tenancyStatus, [...CONVERSING]),
          ),
        )
        .limit(1);
      return row;
    },

    /** The tenant and tenancy status of a tenancy conversation. */
    async tenancyOf(companyId: string, tenancyId: string) {
      const [row] = await db
        .select({ userId: rentalUnitUsers.userId, tenancyStatus: rentalUnitUsers.tenancyStatus })
        .from(rentalUnitUsers)
        .where(and(eq(rentalUnitUsers.companyId, companyId), eq(rentalUnitUsers.id, tenancyId)))
        .limit(1);
      return row;
    },

    /** The tenant's address, for the email of a reply (inactive accounts get none). */
    async activeEmailOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isActive, true)))
        .limit(1);
      return row?.email ?? null;
    },

    /** The tenant of a tenancy conversation (a chat file's channel), if it is one. */
    async channelTenant(channelId: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: rentalUnitUsers.userId })
        .from(chatChannels)
        .innerJoin(rentalUnitUsers, eq(rentalUnitUsers.id, chatChannels.tenancyId))
        .where(and(eq(chatChannels.id, channelId), eq(chatChannels.kind, 'tenancy')))
        .limit(1);
      return row?.userId ?? null;
    },

    /**
     * The active staff of a company who may read tenants (`tenants_read` held, and in the company's plan): whom a
     * tenancy conversation's events go to besides the tenant.
     */
    async tenantReaderIds(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: companyUsers.userId })
        .from(companyUsers)
        .innerJoin(users, eq(users.id, companyUsers.userId))
        .innerJoin(companies, eq(companies.id, companyUsers.companyId))
        .where(
          and(
            eq(companyUsers.companyId, companyId),
            eq(companyUsers.isActive, true),
            eq(users.isActive, true),
            sql`${companyUsers.featurePermissions} @> '["tenants_read"]'::jsonb`,
            sql`(jsonb_array_length(${companies.featuresList}) = 0 or ${companies.featuresList} @> '["tenants_read"]'::jsonb)`,
          ),
        )
        .limit(1000);
      return rows.map((row) => row.userId);
    },
  };
}

export type TenancyChatRepo = ReturnType<typeof createTenancyChatRepo>;
