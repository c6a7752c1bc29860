import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  maintenanceForms,
  maintenanceRequests,
  maintenanceTypes,
  properties,
  rentalUnits,
} from '../../db/schema';

export type FormRow = typeof maintenanceForms.$inferSelect;

/** The statements of public ticket forms and of what a form shows (properties, units, types). */
export function createMaintenanceFormsRepo(db: DbOrTx) {
  return {
    /** Requests filed through each of the forms. */
    async ticketCounts(companyId: string, formIds: string[]) {
      return db
        .select({ formId: maintenanceRequests.formId, total: count() })
        .from(maintenanceRequests)
        .where(
          and(eq(maintenanceRequests.companyId, companyId), inArray(maintenanceRequests.formId, formIds)),
        )
        .groupBy(maintenanceRequests.formId);
    },

    /** Which of the ids are the company's properties. */
    async propertyIdsOf(companyId: string, propertyIds: readonly string[]) {
      return db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.companyId, companyId), inArray(properties.id, [...propertyIds])));
    },

    /** Which of the ids are the company's maintenance types. */
    async typeIdsOf(companyId: string, typeIds: readonly string[]) {
      return db
        .select({ id: maintenanceTypes.id })
        .from(maintenanceTypes)
        .where(and(eq(maintenanceTypes.companyId, companyId), inArray(maintenanceTypes.id, [...typeIds])));
    },

    async find(companyId: string, id: string): Promise<FormRow | undefined> {
      const [row] = await db
        .select()
        .from(maintenanceForms)
        .where(and(eq(maintenanceForms.companyId, companyId), eq(maintenanceForms.id, id)));
      return row;
    },

    /** A form by id alone, with its company's name and whether the company is active (the public form). */
    async withCompany(formId: string) {
      const [row] = await db
        .select({ form: maintenanceForms, companyName: companies.name, companyActive: companies.isActive })
        .from(maintenanceForms)
        .innerJoin(companies, eq(companies.id, maintenanceForms.companyId))
        .where(eq(maintenanceForms.id, formId));
      return row;
    },

    /** The active types a form offers: its chosen ones, or all the company's when it chose none. */
    async typesOfForm(form: FormRow) {
      return db
        .select({
          id: maintenanceTypes.id,
          name: maintenanceTypes.name,
          key: maintenanceTypes.key,
          description: maintenanceTypes.description,
        })
        .from(maintenanceTypes)
        .where(
          and(
            eq(maintenanceTypes.companyId, form.companyId),
            eq(maintenanceTypes.isActive, true),
            form.typeIds.length ? inArray(maintenanceTypes.id, form.typeIds) : undefined,
          ),
        )
        .orderBy(asc(maintenanceTypes.name))
        .limit(100);
    },

    async list(companyId: string): Promise<FormRow[]> {
      return db
        .select()
        .from(maintenanceForms)
        .where(eq(maintenanceForms.companyId, companyId))
        .orderBy(desc(maintenanceForms.createdAt))
        .limit(200);
    },

    async insert(values: typeof maintenanceForms.$inferInsert): Promise<FormRow | undefined> {
      const [row] = await db.insert(maintenanceForms).values(values).returning();
      return row;
    },

    async update(
      companyId: string,
      id: string,
      patch: Partial<typeof maintenanceForms.$inferInsert>,
    ): Promise<FormRow | undefined> {
      const [row] = await db
        .update(maintenanceForms)
        .set(patch)
        .where(and(eq(maintenanceForms.companyId, companyId), eq(maintenanceForms.id, id)))
        .returning();
      return row;
    },

    async delete(companyId: string, id: string): Promise<void> {
      await db
        .delete(maintenanceForms)
        .where(and(eq(maintenanceForms.companyId, companyId), eq(maintenanceForms.id, id)));
    },

    /** The form's properties, by name. */
    async properties(companyId: string, propertyIds: string[]) {
      return db
        .select({ id: properties.id, name: properties.name, city: properties.city })
        .from(properties)
        .where(and(eq(properties.companyId, companyId), inArray(properties.id, propertyIds)))
        .orderBy(asc(properties.name));
    },

    /** The units of the properties, by number. */
    async units(companyId: string, propertyIds: string[]) {
      return db
        .select({
          id: rentalUnits.id,
          propertyId: rentalUnits.propertyId,
          unitNumber: rentalUnits.unitNumber,
        })
        .from(rentalUnits)
        .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.propertyId, propertyIds)))
        .orderBy(asc(rentalUnits.unitNumber))
        .limit(2000);
    },

    async companyName(companyId: string) {
      const [company] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      return company;
    },
  };
}
