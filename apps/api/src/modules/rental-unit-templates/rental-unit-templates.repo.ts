import type { TemplateListQuery } from '@rentora/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rentalUnitTemplates } from '../../db/schema';

export type TemplateRow = typeof rentalUnitTemplates.$inferSelect;
export type NewTemplate = typeof rentalUnitTemplates.$inferInsert;

/** Which templates a list shows: a company's own, the global ones, or both. */
export interface TemplateScope {
  companyId: string | null;
  includeGlobal: boolean;
}

function scopeCondition(scope: TemplateScope): SQL {
  if (!scope.companyId) return isNull(rentalUnitTemplates.companyId);
  const own = eq(rentalUnitTemplates.companyId, scope.companyId);
  return scope.includeGlobal ? or(own, isNull(rentalUnitTemplates.companyId))! : own;
}

const SORT = {
  usageCount: rentalUnitTemplates.usageCount,
  createdAt: rentalUnitTemplates.createdAt,
  name: sql`lower(${rentalUnitTemplates.name})`,
} as const;

export function createTemplatesRepo(db: DbOrTx) {
  return {
    async list(
      scope: TemplateScope,
      query: Pick<TemplateListQuery, 'search' | 'unitType' | 'sortBy' | 'sortOrder'> & {
        limit: number;
        offset: number;
      },
    ): Promise<{ rows: TemplateRow[]; total: number }> {
      const conditions: SQL[] = [scopeCondition(scope)];
      if (query.search) {
        const pattern = `%${query.search.replace(/[%_\\]/g, '\\$&')}%`;
        conditions.push(
          or(ilike(rentalUnitTemplates.name, pattern), ilike(rentalUnitTemplates.description, pattern))!,
        );
      }
      if (query.unitType?.length) conditions.push(inArray(rentalUnitTemplates.unitType, query.unitType));
      const where = and(...conditions);
      const direction = query.sortOrder === 'asc' ? asc : desc;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(rentalUnitTemplates)
          .where(where)
          .orderBy(direction(SORT[query.sortBy]), direction(rentalUnitTemplates.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(rentalUnitTemplates).where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /** A template the scope can see: the company's own or a global one. */
    async findVisible(scope: TemplateScope, templateId: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(rentalUnitTemplates)
        .where(and(eq(rentalUnitTemplates.id, templateId), scopeCondition(scope)))
        .limit(1);
      return row;
    },

    async insert(values: NewTemplate): Promise<TemplateRow> {
      const [row] = await db.insert(rentalUnitTemplates).values(values).returning();
      return row!;
    },

    async update(templateId: string, companyId: string | null, values: Partial<NewTemplate>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .update(rentalUnitTemplates)
        .set(values)
        .where(
          and(
            eq(rentalUnitTemplates.id, templateId),
            companyId ? eq(rentalUnitTemplates.companyId, companyId) : isNull(rentalUnitTemplates.companyId),
          ),
        );
    },

    async delete(templateId: string, companyId: string | null): Promise<void> {
      await db
        .delete(rentalUnitTemplates)
        .where(
          and(
            eq(rentalUnitTemplates.id, templateId),
            companyId ? eq(rentalUnitTemplates.companyId, companyId) : isNull(rentalUnitTemplates.companyId),
          ),
        );
    },

    /** Counts one use atomically (a single UPDATE), so concurrent uses are all counted. */
    async countUse(templateId: string): Promise<void> {
      await db
        .update(rentalUnitTemplates)
        .set({
          usageCount: sql`${rentalUnitTemplates.usageCount} + 1`,
          lastUsedAt: new Date(),
          updatedAt: sql`${rentalUnitTemplates.updatedAt}`,
        })
        .where(eq(rentalUnitTemplates.id, templateId));
    },
  };
}
