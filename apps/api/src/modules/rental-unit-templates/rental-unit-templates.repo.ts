import type { TemplateListQuery } from '@rentora/shared';
import { and, asc, desc, eq, getTableColumns, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { runPage } from '../../core/page-totals';
import { anyOf, countColumn, pageLimit, pageOffset, statementsByShape } from '../../core/statements';
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

/** A template list's shape: which scope and filters it has, and its order (one statement is built per shape). */
interface TemplateListShape {
  scope: 'own' | 'ownAndGlobal' | 'global';
  search: boolean;
  unitType: boolean;
  sortBy: TemplateListQuery['sortBy'];
  sortOrder: TemplateListQuery['sortOrder'];
}

function scopeOf(scope: TemplateScope): TemplateListShape['scope'] {
  if (!scope.companyId) return 'global';
  return scope.includeGlobal ? 'ownAndGlobal' : 'own';
}

function listConditions(shape: TemplateListShape): SQL | undefined {
  const global = isNull(rentalUnitTemplates.companyId);
  const own = eq(rentalUnitTemplates.companyId, sql.placeholder('companyId'));
  const conditions: SQL[] = [
    shape.scope === 'global' ? global : shape.scope === 'own' ? own : or(own, global)!,
  ];
  if (shape.search) {
    const pattern = sql.placeholder('pattern');
    conditions.push(
      or(ilike(rentalUnitTemplates.name, pattern), ilike(rentalUnitTemplates.description, pattern))!,
    );
  }
  if (shape.unitType) conditions.push(anyOf(rentalUnitTemplates.unitType, 'unitType'));
  return and(...conditions);
}

const SORT = {
  usageCount: rentalUnitTemplates.usageCount,
  createdAt: rentalUnitTemplates.createdAt,
  name: sql`lower(${rentalUnitTemplates.name})`,
} as const;

const listOptions = { searches: (shape: TemplateListShape) => shape.search };

/** A page of templates with their exact count beside it: one round trip, built once per shape. */
const templatePage = statementsByShape((db, shape: TemplateListShape) => {
  const where = listConditions(shape);
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  return db
    .select({
      template: getTableColumns(rentalUnitTemplates),
      total: countColumn(rentalUnitTemplates, where),
    })
    .from(rentalUnitTemplates)
    .where(where)
    .orderBy(direction(SORT[shape.sortBy]), direction(rentalUnitTemplates.id))
    .limit(pageLimit())
    .offset(pageOffset());
}, listOptions);

/** The count alone: for a page past the end, which has no row to carry it. */
const templateCount = statementsByShape(
  (db, shape: TemplateListShape) =>
    db.select({ total: sql<number>`count(*)::int` }).from(rentalUnitTemplates).where(listConditions(shape)),
  listOptions,
);

export function createTemplatesRepo(db: DbOrTx) {
  return {
    async list(
      scope: TemplateScope,
      query: Pick<TemplateListQuery, 'search' | 'unitType' | 'sortBy' | 'sortOrder'> & {
        limit: number;
        offset: number;
      },
    ): Promise<{ rows: TemplateRow[]; total: number }> {
      const shape: TemplateListShape = {
        scope: scopeOf(scope),
        search: Boolean(query.search),
        unitType: Boolean(query.unitType?.length),
        sortBy: query.sortBy,
        sortOrder: query.sortOrder,
      };
      const values = {
        companyId: scope.companyId,
        pattern: query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined,
        unitType: query.unitType,
        limit: query.limit,
        offset: query.offset,
      };
      const { rows, count } = await runPage(
        { page: templatePage(db, shape), count: templateCount(db, shape) },
        values,
        Number.MAX_SAFE_INTEGER,
      );
      return { rows: rows.map((row) => row.template), total: count.total };
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
