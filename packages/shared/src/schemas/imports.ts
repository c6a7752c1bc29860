import { z } from 'zod';
import { UNIT_STATUSES } from '../domain/units';
import { ZId, ZIsoDate, zListQuery } from './common';
import { PROPERTY_TYPES } from './properties';
import { FURNISHING_TYPES, UNIT_TYPES } from './rental-units';

/** Bringing a portfolio in from a spreadsheet: properties, then their units, then the tenancies of those units. */
export const IMPORT_KINDS = ['properties', 'units', 'tenancies'] as const;
export const ZImportKind = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ZImportKind>;

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  properties: 'Properties',
  units: 'Rental units',
  tenancies: 'Tenancies',
};

/** The feature a member needs to import each kind (the same as creating one by hand). */
export const IMPORT_KIND_FEATURES = {
  properties: 'properties_write',
  units: 'rentalunit_write',
  tenancies: 'tenants_write',
} as const satisfies Record<ImportKind, string>;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZImportFormat = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ZImportFormat>;

export const IMPORT_STATUSES = ['queued', 'validating', 'ready', 'importing', 'done', 'failed'] as const;
export const ZImportStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ZImportStatus>;

/** One column of a template: the header, an example value, whether it is required, the values it accepts. */
export interface ImportColumn {
  key: string;
  header: string;
  example: string;
  required: boolean;
  allowed?: readonly string[];
  /** What the cell holds, when the header does not say it (amounts, dates). */
  hint?: string;
}

const RUPEES = 'Rupees, up to two decimals (₹12,500.50)';
const DATE = 'DD/MM/YYYY or YYYY-MM-DD';

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  properties: [
    { key: 'name', header: 'Property name', example: 'Lakeview Residency', required: true },
    {
      key: 'propertyType',
      header: 'Property type',
      example: 'apartment_building',
      required: true,
      allowed: PROPERTY_TYPES,
    },
    { key: 'line1', header: 'Address line 1', example: '12 Lake Road', required: true },
    { key: 'line2', header: 'Address line 2', example: 'Near the park', required: false },
    { key: 'city', header: 'City', example: 'Bengaluru', required: true },
    { key: 'state', header: 'State', example: 'Karnataka', required: true },
    { key: 'postalCode', header: 'Postal code', example: '560001', required: true },
    { key: 'country', header: 'Country', example: 'India', required: false },
    { key: 'totalFloors', header: 'Total floors', example: '5', required: false },
    { key: 'yearBuilt', header: 'Year built', example: '2015', required: false },
    { key: 'description', header: 'Description', example: 'Three towers by the lake', required: false },
  ],
  units: [
    { key: 'propertyName', header: 'Property name', example: 'Lakeview Residency', required: true },
    { key: 'unitNumber', header: 'Unit number', example: 'A-101', required: true },
    { key: 'unitType', header: 'Unit type', example: '2bhk', required: true, allowed: UNIT_TYPES },
    { key: 'floor', header: 'Floor', example: '1', required: false },
    { key: 'bedrooms', header: 'Bedrooms', example: '2', required: false },
    { key: 'bathrooms', header: 'Bathrooms', example: '2', required: false },
    { key: 'sizeSqft', header: 'Size (sq ft)', example: '1100', required: false },
    {
      key: 'furnishing',
      header: 'Furnishing',
      example: 'semi_furnished',
      required: false,
      allowed: FURNISHING_TYPES,
    },
    { key: 'rent', header: 'Rent', example: '₹25,000', required: true, hint: RUPEES },
    { key: 'securityDeposit', header: 'Security deposit', example: '50000', required: false, hint: RUPEES },
    { key: 'maintenance', header: 'Maintenance', example: '1500.50', required: false, hint: RUPEES },
    { key: 'status', header: 'Status', example: 'Available', required: false, allowed: UNIT_STATUSES },
  ],
  tenancies: [
    { key: 'propertyName', header: 'Property name', example: 'Lakeview Residency', required: true },
    { key: 'unitNumber', header: 'Unit number', example: 'A-101', required: true },
    { key: 'firstName', header: 'Tenant first name', example: 'Asha', required: true },
    { key: 'lastName', header: 'Tenant last name', example: 'Rao', required: true },
    { key: 'email', header: 'Tenant email', example: 'asha.rao@example.com', required: true },
    { key: 'phone', header: 'Tenant phone', example: '+919876543210', required: false },
    { key: 'moveInDate', header: 'Move-in date', example: '01/04/2026', required: true, hint: DATE },
    { key: 'leaseStartDate', header: 'Lease start', example: '01/04/2026', required: true, hint: DATE },
    { key: 'leaseEndDate', header: 'Lease end', example: '31/03/2027', required: true, hint: DATE },
    { key: 'rent', header: 'Rent', example: '₹25,000', required: true, hint: RUPEES },
    { key: 'maintenance', header: 'Maintenance', example: '1500', required: false, hint: RUPEES },
    { key: 'deposit', header: 'Security deposit', example: '50000', required: false, hint: RUPEES },
    { key: 'rentDueDay', header: 'Rent due day', example: '5', required: false, hint: 'A day from 1 to 28' },
    {
      key: 'openingBalance',
      header: 'Opening balance',
      example: '₹12,500.50',
      required: false,
      hint: `${RUPEES}: what the tenant owes today; becomes one issued invoice`,
    },
  ],
};

/**
 * An amount written in rupees (`₹12,500.50`, `12500.5`, `Rs. 1,00,000`) in paise; null when it is not one
 * (negative, more than two decimals, words).
 */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/,/g, '')
    .trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** A date written DD/MM/YYYY (also with - or .) or YYYY-MM-DD, as YYYY-MM-DD; null when it is not a calendar date. */
export function importDate(text: string): string | null {
  const value = text.trim();
  let parts: [string, string, string] | null = null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (iso) parts = [iso[1]!, iso[2]!, iso[3]!];
  else if (indian) parts = [indian[3]!, indian[2]!, indian[1]!];
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// ---------- requests ----------

/** GET /imports/template?kind=&format= */
export const ZImportTemplateQuery = z.object({ kind: ZImportKind, format: ZImportFormat.default('csv') });

/** The text fields of the multipart POST /imports (the file comes in the field `file`). */
export const ZImportFields = z.object({
  kind: ZImportKind,
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
export type ImportFields = z.infer<typeof ZImportFields>;

export const IMPORT_SORTS = ['createdAt'] as const;
export const ZImportListQuery = zListQuery({ sortBy: IMPORT_SORTS, defaultSortBy: 'createdAt' }).extend({
  kind: ZImportKind.optional(),
  status: ZImportStatus.optional(),
});
export type ImportListQuery = z.infer<typeof ZImportListQuery>;

// ---------- responses ----------

export const ZImportRowError = z.object({
  /** The row of the sheet (the header is row 1); 0 for the file as a whole. */
  row: z.number().int(),
  /** The column header, or `file`. */
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportSummary = z.object({
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type ImportSummary = z.infer<typeof ZImportSummary>;

export const ZImportJobDto = z.object({
  _id: z.string(),
  kind: ZImportKind,
  format: ZImportFormat,
  fileName: z.string(),
  dryRun: z.boolean(),
  status: ZImportStatus,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  summary: ZImportSummary,
  /** Row errors, at most IMPORT_ERRORS_KEPT of them (the summary counts every invalid row). */
  errors: z.array(ZImportRowError),
  /** Set when the file would take the company past its plan: nothing of it was imported. */
  planLimit: z
    .object({
      limitType: z.enum(['properties', 'rentalUnits']),
      current: z.number().int(),
      limit: z.number().int(),
      adding: z.number().int(),
    })
    .nullable(),
  createdBy: ZId.nullable(),
  createdAt: ZIsoDate,
  finishedAt: ZIsoDate.nullable(),
});
export type ImportJobDto = z.infer<typeof ZImportJobDto>;

/** How many row errors a job keeps (the rest are counted). */
export const IMPORT_ERRORS_KEPT = 1000;
