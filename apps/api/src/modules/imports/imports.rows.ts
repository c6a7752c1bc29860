import {
  type ImportKind,
  type ImportRowError,
  type PropertyCreateBody,
  type PropertyUpdateBody,
  type RentalUnitCreateBody,
  type RentalUnitUpdateBody,
  type TenantCreateBody,
  type TenantUpdateBody,
  ZPropertyCreateBody,
  ZRentalUnitCreateBody,
  ZTenantCreateBody,
} from '@rentora/shared';
import { Cells } from './imports.cells';
import type { SheetRow } from './imports.parse';
import type { createImportsRepo, ExistingProperty, ExistingTenancy, ExistingUnit } from './imports.repo';

/**
 * One sheet row checked against the API's own body schemas and the company's data: its natural key and what
 * importing it would do (create, update the changed fields, or nothing), or its errors.
 */
export type CheckedRow =
  | { row: number; ok: false; errors: ImportRowError[] }
  | ({ row: number; ok: true; key: string } & RowAction);

export type RowAction =
  | {
      kind: 'properties';
      existing: ExistingProperty | null;
      create: PropertyCreateBody;
      update: PropertyUpdateBody | null;
    }
  | {
      kind: 'units';
      existing: ExistingUnit | null;
      create: RentalUnitCreateBody;
      update: RentalUnitUpdateBody | null;
    }
  | {
      kind: 'tenancies';
      existing: ExistingTenancy | null;
      create: TenantCreateBody & {
        userId: { email: string; firstName: string; lastName: string; phone?: string };
      };
      update: TenantUpdateBody | null;
      openingBalance: number;
    };

/** The company's rows that a batch of sheet rows refers to, fetched in three queries. */
export interface Lookup {
  properties: Map<string, ExistingProperty[]>;
  units: Map<string, ExistingUnit>;
  tenancies: Map<string, ExistingTenancy>;
}

type Repo = ReturnType<typeof createImportsRepo>;
const lower = (text: string | undefined) => (text ?? '').trim().toLowerCase();
const unitKey = (propertyId: string, number: string) => `${propertyId}|${lower(number)}`;
const tenancyKey = (unitId: string, email: string, leaseStart: string | null) =>
  `${unitId}|${lower(email)}|${leaseStart ?? ''}`;

export async function lookupBatch(
  repo: Repo,
  companyId: string,
  kind: ImportKind,
  rows: SheetRow[],
): Promise<Lookup> {
  const nameOf = (row: SheetRow) => lower(kind === 'properties' ? row.cells.name : row.cells.propertyName);
  const names = [...new Set(rows.map(nameOf).filter(Boolean))];
  const properties = new Map<string, ExistingProperty[]>();
  for (const property of await repo.propertiesNamed(companyId, names)) {
    const list = properties.get(lower(property.name)) ?? [];
    list.push(property);
    properties.set(lower(property.name), list);
  }
  const units = new Map<string, ExistingUnit>();
  const tenancies = new Map<string, ExistingTenancy>();
  if (kind === 'properties') return { properties, units, tenancies };
  const propertyIds = [...properties.values()].flat().map((property) => property.id);
  const numbers = [...new Set(rows.map((row) => lower(row.cells.unitNumber)).filter(Boolean))];
  for (const unit of await repo.unitsNumbered(companyId, propertyIds, numbers)) {
    units.set(unitKey(unit.propertyId, unit.unitNumber), unit);
  }
  if (kind === 'units') return { properties, units, tenancies };
  const emails = [...new Set(rows.map((row) => lower(row.cells.email)).filter(Boolean))];
  for (const tenancy of await repo.tenanciesOf(
    companyId,
    [...units.values()].map((unit) => unit.id),
    emails,
  )) {
    tenancies.set(tenancyKey(tenancy.rentalUnitId, tenancy.email, tenancy.leaseStartDate), tenancy);
  }
  return { properties, units, tenancies };
}

/** The fields of `next` whose value differs from `current`, or null when none does. */
function changed<T extends object>(next: T, current: Partial<Record<keyof T, unknown>>): Partial<T> | null {
  const diff: Partial<T> = {};
  let any = false;
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] !== undefined && next[key] !== current[key]) {
      diff[key] = next[key];
      any = true;
    }
  }
  return any ? diff : null;
}

function findProperty(cells: Cells, lookup: Lookup, key: string): ExistingProperty | null | undefined {
  const found = lookup.properties.get(lower(cells.text(key))) ?? [];
  if (found.length > 1) {
    cells.error(key, 'More than one property has this name: rename one of them first');
    return undefined;
  }
  return found[0] ?? null;
}

function checkProperty(cells: Cells, lookup: Lookup): CheckedRow {
  const existing = findProperty(cells, lookup, 'name');
  const address = {
    line1: cells.text('line1'),
    line2: cells.text('line2'),
    city: cells.text('city'),
    state: cells.text('state'),
    postalCode: cells.text('postalCode'),
    country: cells.text('country'),
  };
  const fields = {
    name: cells.text('name'),
    propertyType: cells.text('propertyType'),
    description: cells.text('description'),
    totalFloors: cells.int('totalFloors'),
    yearBuilt: cells.int('yearBuilt'),
  };
  const create = cells.parse(ZPropertyCreateBody, { ...fields, address });
  if (!create || existing === undefined || cells.errors.length)
    return { row: cells.row.row, ok: false, errors: cells.errors };
  let update: PropertyUpdateBody | null = null;
  if (existing) {
    const given = (key: string) => cells.text(key) !== undefined;
    const next = {
      propertyType: create.propertyType,
      description: given('description') ? create.description : undefined,
      totalFloors: given('totalFloors') ? create.totalFloors : undefined,
      yearBuilt: given('yearBuilt') ? create.yearBuilt : undefined,
    };
    const nextAddress = {
      line1: create.address.line1,
      line2: given('line2') ? create.address.line2 : undefined,
      city: create.address.city,
      state: create.address.state,
      postalCode: create.address.postalCode,
      country: given('country') ? create.address.country : undefined,
    };
    const diff = changed(next, existing);
    const addressDiff = changed(nextAddress, {
      line1: existing.addressLine1,
      line2: existing.addressLine2,
      city: existing.city,
      state: existing.state,
      postalCode: existing.postalCode,
      country: existing.country,
    });
    if (diff || addressDiff) update = { ...diff, ...(addressDiff ? { address: addressDiff } : {}) };
  }
  return {
    row: cells.row.row,
    ok: true,
    key: lower(create.name),
    kind: 'properties',
    existing,
    create,
    update,
  };
}

function checkUnit(cells: Cells, lookup: Lookup): CheckedRow {
  const property = findProperty(cells, lookup, 'propertyName');
  if (property === null) cells.error('propertyName', 'No property of this name: import the properties first');
  const maintenance = cells.paise('maintenance');
  const body = {
    propertyId: property?.id,
    unitNumber: cells.text('unitNumber'),
    unitType: cells.text('unitType'),
    floor: cells.int('floor'),
    bedrooms: cells.int('bedrooms'),
    bathrooms: cells.int('bathrooms'),
    sizeSqft: cells.int('sizeSqft'),
    furnishing: cells.text('furnishing'),
    status: cells.text('status'),
    pricing: {
      rent: cells.paise('rent'),
      securityDeposit: cells.paise('securityDeposit'),
      ...(maintenance !== undefined ? { maintenanceCharges: { included: false, amount: maintenance } } : {}),
    },
  };
  if (!property) return { row: cells.row.row, ok: false, errors: cells.errors };
  const create = cells.parse(ZRentalUnitCreateBody, body);
  if (!create || cells.errors.length) return { row: cells.row.row, ok: false, errors: cells.errors };
  const existing = lookup.units.get(unitKey(property.id, create.unitNumber)) ?? null;
  let update: RentalUnitUpdateBody | null = null;
  if (existing) {
    const given = (key: string) => cells.text(key) !== undefined;
    const pick = <K extends keyof RentalUnitCreateBody>(column: string, field: K) =>
      given(column) ? create[field] : undefined;
    const diff = changed(
      {
        unitType: create.unitType,
        floor: pick('floor', 'floor'),
        bedrooms: pick('bedrooms', 'bedrooms'),
        bathrooms: pick('bathrooms', 'bathrooms'),
        sizeSqft: pick('sizeSqft', 'sizeSqft'),
        furnishing: pick('furnishing', 'furnishing'),
        status: pick('status', 'status'),
      },
      existing,
    );
    const pricing = changed(
      {
        rent: create.pricing.rent,
        securityDeposit: given('securityDeposit') ? create.pricing.securityDeposit : undefined,
        maintenanceAmount: maintenance,
      },
      existing,
    );
    if (diff || pricing) {
      const { maintenanceAmount, ...money } = pricing ?? {};
      update = {
        ...diff,
        ...(pricing
          ? {
              pricing: {
                ...money,
                ...(maintenanceAmount !== undefined
                  ? { maintenanceCharges: { amount: maintenanceAmount } }
                  : {}),
              },
            }
          : {}),
      };
    }
  }
  const key = unitKey(property.id, create.unitNumber);
  return { row: cells.row.row, ok: true, key, kind: 'units', existing, create, update };
}

function checkTenancy(cells: Cells, lookup: Lookup): CheckedRow {
  const property = findProperty(cells, lookup, 'propertyName');
  if (property === null) cells.error('propertyName', 'No property of this name: import the properties first');
  const unit = property ? lookup.units.get(unitKey(property.id, cells.text('unitNumber') ?? '')) : undefined;
  if (property && !unit && cells.text('unitNumber')) {
    cells.error('unitNumber', 'No unit of this number in the property: import the units first');
  }
  const openingBalance = cells.paise('openingBalance') ?? 0;
  const body = {
    rentalUnitId: unit?.id,
    userId: {
      email: cells.text('email'),
      firstName: cells.text('firstName'),
      lastName: cells.text('lastName'),
      phone: cells.text('phone'),
    },
    occupancyDetails: { moveInDate: cells.date('moveInDate') },
    agreementDetails: {
      rentAmount: cells.paise('rent'),
      maintenanceCharges: cells.paise('maintenance'),
      securityDeposit: cells.paise('deposit'),
      rentDueDate: cells.int('rentDueDay'),
      leaseStartDate: cells.date('leaseStartDate'),
      leaseEndDate: cells.date('leaseEndDate'),
    },
    status: 'active',
  };
  if (!unit) return { row: cells.row.row, ok: false, errors: cells.errors };
  const parsed = cells.parse(ZTenantCreateBody, body);
  if (!parsed || cells.errors.length || typeof parsed.userId === 'string') {
    return { row: cells.row.row, ok: false, errors: cells.errors };
  }
  const create = { ...parsed, userId: parsed.userId };
  const agreement = create.agreementDetails;
  const key = tenancyKey(unit.id, create.userId.email, agreement.leaseStartDate);
  const existing = lookup.tenancies.get(key) ?? null;
  let update: TenantUpdateBody | null = null;
  if (existing) {
    const given = (column: string) => cells.text(column) !== undefined;
    const diff = changed(
      {
        rentAmount: agreement.rentAmount,
        maintenanceCharges: given('maintenance') ? agreement.maintenanceCharges : undefined,
        securityDeposit: given('deposit') ? agreement.securityDeposit : undefined,
        rentDueDate: given('rentDueDay') ? agreement.rentDueDate : undefined,
        leaseEndDate: agreement.leaseEndDate,
      },
      {
        rentAmount: existing.rent,
        maintenanceCharges: existing.maintenanceCharges,
        securityDeposit: existing.securityDeposit,
        rentDueDate: existing.rentDueDay,
        leaseEndDate: existing.endDate,
      },
    );
    const moveIn = create.occupancyDetails.moveInDate !== existing.startDate;
    if (diff || moveIn) {
      update = {
        ...(diff ? { agreementDetails: diff } : {}),
        ...(moveIn ? { occupancyDetails: { moveInDate: create.occupancyDetails.moveInDate } } : {}),
      };
    }
  }
  return { row: cells.row.row, ok: true, key, kind: 'tenancies', existing, create, update, openingBalance };
}

const CHECKS: Record<ImportKind, (cells: Cells, lookup: Lookup) => CheckedRow> = {
  properties: checkProperty,
  units: checkUnit,
  tenancies: checkTenancy,
};

export function checkRow(kind: ImportKind, row: SheetRow, lookup: Lookup): CheckedRow {
  return CHECKS[kind](new Cells(kind, row), lookup);
}
