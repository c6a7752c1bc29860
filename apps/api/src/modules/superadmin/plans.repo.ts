import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;

export function createPlansRepo(db: DbOrTx) {
  return {
    async findPlan(planId: string) {
      const [row] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
      return row;
    },
    async listActivePlans() {
      return db
        .select()
        .from(plans)
        .where(eq(plans.isActive, true))
        .orderBy(asc(plans.sortOrder), asc(plans.price));
    },
  };
}
