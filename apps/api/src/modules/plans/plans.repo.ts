import { and, asc, count, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, plans } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;

// Spelled out: in a single-table select drizzle leaves column names unqualified, which a subquery would misread.
const companiesOnPlan = sql<number>`(
  select count(*)::int from companies as subscriber where subscriber.plan_id = "plans"."id"
)`;

/** Plans as the catalogue and the super admin see them (the superadmin module reads single plans too). */
export function createPlanManagementRepo(db: DbOrTx) {
  return {
    async listActive(limit: number): Promise<PlanRow[]> {
      return db
        .select()
        .from(plans)
        .where(eq(plans.isActive, true))
        .orderBy(asc(plans.sortOrder), asc(plans.price), asc(plans.id))
        .limit(limit);
    },

    async listWithUsage(filter: { isActive?: boolean; limit: number; offset: number }) {
      const where = filter.isActive === undefined ? undefined : eq(plans.isActive, filter.isActive);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ plan: plans, companiesCount: companiesOnPlan })
          .from(plans)
          .where(where)
          .orderBy(asc(plans.sortOrder), asc(plans.price), asc(plans.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(plans).where(where),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },

    async findWithUsage(id: string): Promise<{ plan: PlanRow; companiesCount: number } | undefined> {
      const [row] = await db
        .select({ plan: plans, companiesCount: companiesOnPlan })
        .from(plans)
        .where(eq(plans.id, id))
        .limit(1);
      return row;
    },

    async findForUpdate(id: string): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id)).for('update');
      return row;
    },

    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      const conditions: SQL[] = [eq(plans.slug, slug)];
      if (exceptId) conditions.push(ne(plans.id, exceptId));
      const [row] = await db
        .select({ id: plans.id })
        .from(plans)
        .where(and(...conditions))
        .limit(1);
      return Boolean(row);
    },

    /** Makes `id` the one default plan: every other default flag is cleared under a lock. */
    async makeDefault(id: string): Promise<void> {
      await db.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true)).for('update');
      await db
        .update(plans)
        .set({ isDefault: false })
        .where(and(eq(plans.isDefault, true), ne(plans.id, id)));
      await db.update(plans).set({ isDefault: true }).where(eq(plans.id, id));
    },

    async insert(values: NewPlan): Promise<PlanRow> {
      const [row] = await db.insert(plans).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<NewPlan>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(plans).set(values).where(eq(plans.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(plans).where(eq(plans.id, id));
    },

    /** Companies whose current or scheduled plan this is. */
    async companiesUsing(id: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(companies)
        .where(or(eq(companies.planId, id), eq(companies.pendingPlanId, id)));
      return row?.total ?? 0;
    },

    /** Copies the plan's features and limitations to every company on it; answers how many changed. */
    async applyToCompanies(plan: PlanRow): Promise<number> {
      const rows = await db
        .update(companies)
        .set({ featuresList: plan.featuresList, limitations: plan.limitations })
        .where(eq(companies.planId, plan.id))
        .returning({ id: companies.id });
      return rows.length;
    },
  };
}
