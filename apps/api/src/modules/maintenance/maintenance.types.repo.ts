import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { isUuid } from '../../core/ids';
import type { DbOrTx } from '../../db/client';
import { maintenanceRequests, maintenanceTypes } from '../../db/schema';

export type TypeRow = typeof maintenanceTypes.$inferSelect;

/** Whether a type reference is an id (otherwise it is a key). */
export const isTypeId = isUuid;

/** The statements of maintenance types (the categories of requests). */
export function createMaintenanceTypesRepo(db: DbOrTx) {
  return {
    /** The company's type named by id or key. */
    async byRef(companyId: string, ref: string): Promise<TypeRow | undefined> {
      const byRef: SQL = isTypeId(ref)
        ? eq(maintenanceTypes.id, ref)
        : eq(maintenanceTypes.key, ref.toLowerCase());
      const [row] = await db
        .select()
        .from(maintenanceTypes)
        .where(and(eq(maintenanceTypes.companyId, companyId), byRef))
        .limit(1);
      return row;
    },

    /** The keys (and ids) of the company's types. */
    async keys(companyId: string) {
      return db
        .select({ key: maintenanceTypes.key, id: maintenanceTypes.id })
        .from(maintenanceTypes)
        .where(eq(maintenanceTypes.companyId, companyId));
    },

    async list(companyId: string, isActive?: boolean): Promise<TypeRow[]> {
      const conditions = [eq(maintenanceTypes.companyId, companyId)];
      if (isActive !== undefined) conditions.push(eq(maintenanceTypes.isActive, isActive));
      return db
        .select()
        .from(maintenanceTypes)
        .where(and(...conditions))
        .orderBy(asc(maintenanceTypes.name))
        .limit(500);
    },

    async insert(values: typeof maintenanceTypes.$inferInsert): Promise<TypeRow | undefined> {
      const [row] = await db.insert(maintenanceTypes).values(values).returning();
      return row;
    },

    async update(
      companyId: string,
      id: string,
      patch: Partial<typeof maintenanceTypes.$inferInsert>,
    ): Promise<TypeRow | undefined> {
      const [row] = await db
        .update(maintenanceTypes)
        .set(patch)
        .where(and(eq(maintenanceTypes.companyId, companyId), eq(maintenanceTypes.id, id)))
        .returning();
      return row;
    },

    /** How many of the company's requests have the type. */
    async requestsOfType(companyId: string, typeId: string): Promise<number | undefined> {
      const [used] = await db
        .select({ total: count() })
        .from(maintenanceRequests)
        .where(and(eq(maintenanceRequests.companyId, companyId), eq(maintenanceRequests.typeId, typeId)));
      return used?.total;
    },

    async delete(companyId: string, id: string): Promise<void> {
      await db
        .delete(maintenanceTypes)
        .where(and(eq(maintenanceTypes.companyId, companyId), eq(maintenanceTypes.id, id)));
    },

    /** Adds the given types the company lacks (by key), then lists all of the company's types. */
    async addMissing(
      companyId: string,
      types: readonly Omit<typeof maintenanceTypes.$inferInsert, 'companyId'>[],
    ) {
      await db
        .insert(maintenanceTypes)
        .values(types.map((type) => ({ ...type, companyId })))
        .onConflictDoNothing({ target: [maintenanceTypes.companyId, maintenanceTypes.key] });
      return db
        .select()
        .from(maintenanceTypes)
        .where(eq(maintenanceTypes.companyId, companyId))
        .orderBy(asc(maintenanceTypes.name))
        .limit(500);
    },
  };
}
