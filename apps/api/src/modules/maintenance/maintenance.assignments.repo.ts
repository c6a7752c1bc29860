import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { maintenanceAssignments, maintenanceTypes } from '../../db/schema';

export type AssignmentRow = typeof maintenanceAssignments.$inferSelect;

const assignmentColumns = {
  assignment: maintenanceAssignments,
  typeName: maintenanceTypes.name,
  typeKey: maintenanceTypes.key,
  typeActive: maintenanceTypes.isActive,
};

/** The statements of maintenance assignments (who gets the requests of a type). */
export function createMaintenanceAssignmentsRepo(db: DbOrTx) {
  /** Assignments with their type's name, key and state. */
  const withType = () =>
    db
      .select(assignmentColumns)
      .from(maintenanceAssignments)
      .innerJoin(maintenanceTypes, eq(maintenanceTypes.id, maintenanceAssignments.typeId));

  return {
    async withTypeById(companyId: string, id: string) {
      return withType().where(
        and(eq(maintenanceAssignments.companyId, companyId), eq(maintenanceAssignments.id, id)),
      );
    },

    async withTypeByType(companyId: string, typeId: string) {
      return withType().where(
        and(eq(maintenanceAssignments.companyId, companyId), eq(maintenanceAssignments.typeId, typeId)),
      );
    },

    /** The company's assignments (active or not, or all), by type name. */
    async list(companyId: string, isActive?: boolean) {
      return withType()
        .where(
          and(
            eq(maintenanceAssignments.companyId, companyId),
            isActive === undefined ? undefined : eq(maintenanceAssignments.isActive, isActive),
          ),
        )
        .orderBy(asc(maintenanceTypes.name))
        .limit(500);
    },

    /** The type's assignment, locked for the transaction. */
    async lockByType(companyId: string, typeId: string): Promise<AssignmentRow | undefined> {
      const [row] = await db
        .select()
        .from(maintenanceAssignments)
        .where(
          and(eq(maintenanceAssignments.companyId, companyId), eq(maintenanceAssignments.typeId, typeId)),
        )
        .for('update');
      return row;
    },

    /** The assignment, locked for the transaction. */
    async lock(companyId: string, id: string): Promise<AssignmentRow | undefined> {
      const [row] = await db
        .select()
        .from(maintenanceAssignments)
        .where(and(eq(maintenanceAssignments.companyId, companyId), eq(maintenanceAssignments.id, id)))
        .for('update');
      return row;
    },

    async update(companyId: string, id: string, patch: Partial<typeof maintenanceAssignments.$inferInsert>) {
      await db
        .update(maintenanceAssignments)
        .set(patch)
        .where(and(eq(maintenanceAssignments.companyId, companyId), eq(maintenanceAssignments.id, id)));
    },

    async insert(values: typeof maintenanceAssignments.$inferInsert) {
      const [row] = await db
        .insert(maintenanceAssignments)
        .values(values)
        .returning({ id: maintenanceAssignments.id });
      return row;
    },

    async assigneesOf(companyId: string, id: string) {
      const [row] = await db
        .select({ assignees: maintenanceAssignments.assignees })
        .from(maintenanceAssignments)
        .where(and(eq(maintenanceAssignments.companyId, companyId), eq(maintenanceAssignments.id, id)));
      return row;
    },
  };
}
