import { ZTenantCreateBody, ZTenantPerson } from '@rentora/shared';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The add-tenant wizard's form: the shared create body, with the person always given by email and names (the
 * server finds the account or invites a new one), never by an existing user id.
 */
export const ZTenantCreateForm = ZTenantCreateBody.safeExtend({ userId: ZTenantPerson });
export type TenantCreateFormInput = z.input<typeof ZTenantCreateForm>;
export type TenantCreateFormOutput = z.output<typeof ZTenantCreateForm>;

export const TENANT_CREATE_STEPS = ['Unit', 'Person', 'Agreement', 'Documents'] as const;

/** The fields each step validates before Next (the documents step has none). */
export const TENANT_CREATE_STEP_FIELDS = [
  ['rentalUnitId'],
  ['userId'],
  ['occupancyDetails', 'agreementDetails', 'status'],
] as const satisfies readonly (readonly (keyof TenantCreateFormInput)[])[];

/** The first step holding one of these fields (dotted paths allowed); the agreement step when none matches. */
export function stepOfFields(paths: readonly string[]): number {
  const names = new Set(paths.map((path) => path.split('.')[0]));
  const index = TENANT_CREATE_STEP_FIELDS.findIndex((fields) => fields.some((field) => names.has(field)));
  return index === -1 ? TENANT_CREATE_STEP_FIELDS.length - 1 : index;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A new tenancy: moving in today on a year's lease, rent due on the 5th, active now; no unit, person or rent yet. */
export function tenantCreateDefaults(rentalUnitId: string): DefaultValues<TenantCreateFormInput> {
  const today = new Date();
  const yearEnd = new Date(today);
  yearEnd.setUTCFullYear(yearEnd.getUTCFullYear() + 1);
  yearEnd.setUTCDate(yearEnd.getUTCDate() - 1);
  return {
    rentalUnitId,
    userId: { email: '', firstName: '', lastName: '' },
    occupancyDetails: { moveInDate: isoDate(today) },
    agreementDetails: {
      maintenanceCharges: 0,
      securityDeposit: 0,
      rentDueDate: 5,
      leaseStartDate: isoDate(today),
      leaseEndDate: isoDate(yearEnd),
    },
    status: 'active',
  };
}
