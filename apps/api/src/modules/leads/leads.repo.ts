import type { LeadStatus } from '@rentora/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leadNotes, leads, users } from '../../db/schema';

export type LeadRow = typeof leads.$inferSelect;
export type LeadNoteRow = typeof leadNotes.$inferSelect;

export interface LeadListFilter {
  statuses?: LeadStatus[];
  source?: string;
  search?: string;
  sortBy: 'createdAt' | 'updatedAt' | 'name' | 'status';
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function createLeadsRepo(db: DbOrTx) {
  return {
    async insert(values: typeof leads.$inferInsert): Promise<LeadRow> {
      const [row] = await db.insert(leads).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<LeadRow | undefined> {
      const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
      return row;
    },

    async list(filter: LeadListFilter): Promise<{ rows: LeadRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.statuses?.length) conditions.push(inArray(leads.status, filter.statuses));
      if (filter.source) conditions.push(eq(leads.source, filter.source));
      if (filter.search) {
        const pattern = `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`;
        conditions.push(
          or(
            ilike(leads.name, pattern),
            ilike(leads.email, pattern),
            ilike(leads.company, pattern),
            ilike(leads.subject, pattern),
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const direction = filter.sortOrder === 'asc' ? asc : desc;
      const orderColumn = {
        createdAt: leads.createdAt,
        updatedAt: leads.updatedAt,
        name: sql`lower(${leads.name})`,
        status: leads.status,
      }[filter.sortBy];
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(leads)
          .where(where)
          .orderBy(direction(orderColumn), direction(leads.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(leads).where(where),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },

    async notesOf(leadIds: string[]): Promise<LeadNoteRow[]> {
      if (leadIds.length === 0) return [];
      return db
        .select()
        .from(leadNotes)
        .where(inArray(leadNotes.leadId, leadIds))
        .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
    },

    async update(id: string, values: Partial<typeof leads.$inferInsert>): Promise<LeadRow | undefined> {
      const [row] = await db.update(leads).set(values).where(eq(leads.id, id)).returning();
      return row;
    },

    async insertNote(values: typeof leadNotes.$inferInsert): Promise<LeadNoteRow> {
      const [row] = await db.insert(leadNotes).values(values).returning();
      return row!;
    },

    /** Who hears about new leads. */
    async activeSuperAdminIds(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)))
        .limit(50);
      return rows.map((row) => row.id);
    },

    async stats(since: Date) {
      const [byStatus, [recent]] = await Promise.all([
        db.select({ status: leads.status, total: count() }).from(leads).groupBy(leads.status),
        db.select({ total: count() }).from(leads).where(gte(leads.createdAt, since)),
      ]);
      return { byStatus, recent: recent?.total ?? 0 };
    },
  };
}
