import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bookings,
  payments,
  tenantCodes,
  tenantDocuments,
  tenantEntries,
  tenantStatusHistory,
  users,
} from '../../db/schema';

export type TenantDocumentRow = typeof tenantDocuments.$inferSelect;
export type TenantCodeRow = typeof tenantCodes.$inferSelect;

/** What is kept about a tenancy besides its row: documents, notes and incidents, status history, portal code. */
export function createTenantRecordsRepo(db: DbOrTx) {
  return {
    async documents(companyId: string, tenantId: string) {
      return db
        .select()
        .from(tenantDocuments)
        .where(and(eq(tenantDocuments.companyId, companyId), eq(tenantDocuments.tenantId, tenantId)))
        .orderBy(desc(tenantDocuments.createdAt))
        .limit(200);
    },

    async document(companyId: string, tenantId: string, docId: string) {
      const [row] = await db
        .select()
        .from(tenantDocuments)
        .where(
          and(
            eq(tenantDocuments.companyId, companyId),
            eq(tenantDocuments.tenantId, tenantId),
            eq(tenantDocuments.id, docId),
          ),
        )
        .limit(1);
      return row;
    },

    /** A document by its tenant and id alone: the file route checks the link's signature first. */
    async documentOfLink(tenantId: string, docId: string) {
      const [row] = await db
        .select()
        .from(tenantDocuments)
        .where(and(eq(tenantDocuments.id, docId), eq(tenantDocuments.tenantId, tenantId)))
        .limit(1);
      return row;
    },

    async insertDocument(values: typeof tenantDocuments.$inferInsert) {
      const [row] = await db.insert(tenantDocuments).values(values).returning();
      return row;
    },

    async setDocumentVerified(companyId: string, docId: string, verified: boolean) {
      await db
        .update(tenantDocuments)
        .set({ verified })
        .where(and(eq(tenantDocuments.companyId, companyId), eq(tenantDocuments.id, docId)));
    },

    async deleteDocument(companyId: string, docId: string) {
      await db
        .delete(tenantDocuments)
        .where(and(eq(tenantDocuments.companyId, companyId), eq(tenantDocuments.id, docId)));
    },

    async entries(companyId: string, tenantId: string) {
      return db
        .select({
          id: tenantEntries.id,
          kind: tenantEntries.kind,
          type: tenantEntries.type,
          content: tenantEntries.content,
          createdAt: tenantEntries.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(tenantEntries)
        .leftJoin(users, eq(users.id, tenantEntries.authorUserId))
        .where(and(eq(tenantEntries.companyId, companyId), eq(tenantEntries.tenantId, tenantId)))
        .orderBy(desc(tenantEntries.createdAt), desc(tenantEntries.id))
        .limit(500);
    },

    async insertEntry(values: typeof tenantEntries.$inferInsert) {
      await db.insert(tenantEntries).values(values);
    },

    async history(companyId: string, tenantId: string) {
      return db
        .select({
          id: tenantStatusHistory.id,
          fromStatus: tenantStatusHistory.fromStatus,
          toStatus: tenantStatusHistory.toStatus,
          reason: tenantStatusHistory.reason,
          createdAt: tenantStatusHistory.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(tenantStatusHistory)
        .leftJoin(users, eq(users.id, tenantStatusHistory.actorUserId))
        .where(and(eq(tenantStatusHistory.companyId, companyId), eq(tenantStatusHistory.tenantId, tenantId)))
        .orderBy(desc(tenantStatusHistory.createdAt), desc(tenantStatusHistory.id))
        .limit(200);
    },

    async insertHistory(values: typeof tenantStatusHistory.$inferInsert) {
      await db.insert(tenantStatusHistory).values(values);
    },

    /**
     * A page of the tenancy's payments ledger, newest first, and their count: every ledger row of the tenancy and of
     * the bookings that created it.
     */
    async payments(
      companyId: string,
      tenantId: string,
      page: { page: number; limit: number },
    ): Promise<[(typeof payments.$inferSelect)[], number]> {
      const ofBookings = db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.companyId, companyId), eq(bookings.tenantId, tenantId)));
      const where = and(
        eq(payments.companyId, companyId),
        or(eq(payments.tenantId, tenantId), sql`${payments.bookingId} = any(array(${ofBookings}))`),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(where)
          .orderBy(desc(payments.paidAt), desc(payments.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db.select({ n: count() }).from(payments).where(where),
      ]);
      return [rows, total?.n ?? 0];
    },

    async code(tenantId: string) {
      const [row] = await db.select().from(tenantCodes).where(eq(tenantCodes.tenantId, tenantId)).limit(1);
      return row;
    },

    async codeByText(code: string, companyId?: string) {
      const [row] = await db
        .select()
        .from(tenantCodes)
        .where(and(eq(tenantCodes.code, code), companyId ? eq(tenantCodes.companyId, companyId) : undefined))
        .limit(1);
      return row;
    },

    /** Saves the tenancy's portal code, replacing the one it had. */
    async upsertCode(values: { companyId: string; tenantId: string; code: string; createdBy: string }) {
      const [row] = await db
        .insert(tenantCodes)
        .values(values)
        .onConflictDoUpdate({
          target: tenantCodes.tenantId,
          set: { code: values.code, createdBy: values.createdBy, createdAt: new Date() },
        })
        .returning();
      return row;
    },
  };
}

export type TenantRecordsRepo = ReturnType<typeof createTenantRecordsRepo>;
