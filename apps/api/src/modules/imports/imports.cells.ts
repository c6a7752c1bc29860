import {
  IMPORT_COLUMNS,
  type ImportKind,
  type ImportRowError,
  importDate,
  rupeesToPaise,
} from '@rentora/shared';
import type { z } from 'zod';
import type { SheetRow } from './imports.parse';

const HEADERS = Object.fromEntries(
  Object.entries(IMPORT_COLUMNS).map(([kind, columns]) => [
    kind,
    Object.fromEntries(columns.map((column) => [column.key, column.header])),
  ]),
) as Record<ImportKind, Record<string, string>>;

/** Which column a body path comes from, per kind (the path joined with dots). */
const PATH_COLUMNS: Record<ImportKind, Record<string, string>> = {
  properties: {
    'address.line1': 'line1',
    'address.line2': 'line2',
    'address.city': 'city',
    'address.state': 'state',
    'address.postalCode': 'postalCode',
    'address.country': 'country',
  },
  units: {
    propertyId: 'propertyName',
    'pricing.rent': 'rent',
    'pricing.securityDeposit': 'securityDeposit',
    'pricing.maintenanceCharges.amount': 'maintenance',
  },
  tenancies: {
    rentalUnitId: 'unitNumber',
    'userId.email': 'email',
    'userId.firstName': 'firstName',
    'userId.lastName': 'lastName',
    'userId.phone': 'phone',
    'occupancyDetails.moveInDate': 'moveInDate',
    'agreementDetails.rentAmount': 'rent',
    'agreementDetails.maintenanceCharges': 'maintenance',
    'agreementDetails.securityDeposit': 'deposit',
    'agreementDetails.rentDueDate': 'rentDueDay',
    'agreementDetails.leaseStartDate': 'leaseStartDate',
    'agreementDetails.leaseEndDate': 'leaseEndDate',
  },
};

/** Reads typed cells (whole numbers, rupees, dates), collecting one error per unreadable cell. */
export class Cells {
  readonly errors: ImportRowError[] = [];
  constructor(
    private readonly kind: ImportKind,
    readonly row: SheetRow,
  ) {}
  error(key: string, message: string) {
    this.errors.push({ row: this.row.row, field: HEADERS[this.kind][key] ?? key, message });
  }
  text(key: string): string | undefined {
    return this.row.cells[key];
  }
  int(key: string): number | undefined {
    const value = this.row.cells[key];
    if (value === undefined) return undefined;
    if (!/^-?\d+(\.0+)?$/.test(value)) {
      this.error(key, 'Write a whole number');
      return undefined;
    }
    return Number.parseInt(value, 10);
  }
  paise(key: string): number | undefined {
    const value = this.row.cells[key];
    if (value === undefined) return undefined;
    const paise = rupeesToPaise(value);
    if (paise === null) this.error(key, 'Write an amount in rupees with up to two decimals, like ₹12,500.50');
    return paise ?? undefined;
  }
  date(key: string): string | undefined {
    const value = this.row.cells[key];
    if (value === undefined) return undefined;
    const date = importDate(value);
    if (date === null) this.error(key, 'Write a date as DD/MM/YYYY or YYYY-MM-DD');
    return date ?? undefined;
  }
  /** Parses the body with the API's schema; its issues become errors on the columns they came from. */
  parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> | undefined {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      const key = PATH_COLUMNS[this.kind][path] ?? String(issue.path.at(-1) ?? '');
      this.error(key, issue.message);
    }
    return undefined;
  }
}
