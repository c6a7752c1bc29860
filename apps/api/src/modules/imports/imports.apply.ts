import {
  IMPORT_COLUMNS,
  IMPORT_ERRORS_KEPT,
  type ImportKind,
  type ImportRowError,
  ZInvoiceCreateBody,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { ServiceLog } from '../../core/app-deps';
import { today } from '../../core/dates';
import { AppError } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import type { AuthService } from '../auth/auth.service';
import type { InvoicesService } from '../invoices/invoices.service';
import { createPropertyIn, type PropertiesService } from '../properties/properties.service';
import { createUnitIn, createUnitsIn, type RentalUnitsService } from '../rental-units/rental-units.service';
import { createTenancyInTx, type TenantsService } from '../tenants/tenants.service';
import type { SheetRow } from './imports.parse';
import { createImportsRepo } from './imports.repo';
import { type CheckedRow, checkRow, lookupBatch } from './imports.rows';

type ReadyRow = Extract<CheckedRow, { ok: true }>;

export interface ImportDeps {
  db: Db;
  auth: AuthService;
  properties: PropertiesService;
  rentalUnits: RentalUnitsService;
  tenants: TenantsService;
  invoices: InvoicesService;
}

/** Counts and errors of one pass over a file; `newUnits` counts the units a file would add per property. */
export class PassResult {
  valid = 0;
  invalid = 0;
  created = 0;
  updated = 0;
  skipped = 0;
  total = 0;
  readonly errors: ImportRowError[] = [];
  readonly newUnits = new Map<string, number>();
  private readonly seen = new Map<string, number>();

  constructor(private readonly kind: ImportKind) {}

  addErrors(errors: readonly ImportRowError[]) {
    for (const error of errors) if (this.errors.length < IMPORT_ERRORS_KEPT) this.errors.push(error);
  }

  /** A row whose natural key an earlier row of the file already has is an error. */
  firstOfKey(row: ReadyRow): boolean {
    const earlier = this.seen.get(row.key);
    if (earlier === undefined) {
      this.seen.set(row.key, row.row);
      return true;
    }
    this.invalid++;
    const field = IMPORT_COLUMNS[this.kind][0]!.header;
    this.addErrors([
      { row: row.row, field, message: `Repeats row ${earlier} (the same ${keyName[this.kind]})` },
    ]);
    return false;
  }

  get summary() {
    const { valid, invalid, created, updated, skipped } = this;
    return { valid, invalid, created, updated, skipped };
  }
}

const keyName: Record<ImportKind, string> = {
  properties: 'property name',
  units: 'property and unit number',
  tenancies: 'unit, tenant email and lease start',
};

/**
 * One batch of rows: checked against the API's schemas and the company's rows (three look-ups), then, when
 * `apply`, written through the modules' own functions: the new rows in one transaction with a savepoint per row (a
 * row that fails leaves nothing behind and the others go on), changed rows through the services' updates, and an
 * opening balance as one issued invoice per new tenancy.
 */
export async function runBatch(
  deps: ImportDeps,
  ctx: CompanyContext,
  kind: ImportKind,
  rows: SheetRow[],
  result: PassResult,
  options: { apply: boolean; log: ServiceLog },
): Promise<void> {
  const lookup = await lookupBatch(createImportsRepo(deps.db), ctx.companyId, kind, rows);
  const ready: ReadyRow[] = [];
  for (const checked of rows.map((row) => checkRow(kind, row, lookup))) {
    if (!checked.ok) {
      result.invalid++;
      result.addErrors(checked.errors);
    } else if (result.firstOfKey(checked)) {
      result.valid++;
      ready.push(checked);
    }
  }
  result.total += rows.length;
  const creates = ready.filter((row) => !row.existing);
  const updates = ready.filter((row) => row.existing && row.update);
  result.skipped += ready.length - creates.length - updates.length;
  for (const row of creates) {
    if (row.kind === 'units') {
      const propertyId = row.create.propertyId;
      result.newUnits.set(propertyId, (result.newUnits.get(propertyId) ?? 0) + 1);
    }
  }
  if (!options.apply) {
    result.created += creates.length;
    result.updated += updates.length;
    return;
  }
  const failed = (row: number, error: unknown, field = IMPORT_COLUMNS[kind][0]!.header) => {
    if (!(error instanceof AppError)) options.log.error({ err: error, row }, 'import row failed');
    result.valid--;
    result.invalid++;
    result.addErrors([
      { row, field, message: error instanceof AppError ? error.message : 'This row could not be imported' },
    ]);
  };
  const openings: { row: number; tenantId: string; amount: number }[] = [];
  if (creates.length) {
    await deps.db.transaction(async (tx) => {
      // Units: the whole batch in one statement when it goes through; else row by row below, each row on its own.
      if (kind === 'units' && (await createUnitsAtOnce(tx, ctx, creates))) {
        result.created += creates.length;
        return;
      }
      for (const row of creates) {
        try {
          const tenantId = await tx.transaction((savepoint) => createRow(deps, savepoint, ctx, row));
          result.created++;
          if (row.kind === 'tenancies' && tenantId && row.openingBalance > 0) {
            openings.push({ row: row.row, tenantId, amount: row.openingBalance });
          }
        } catch (error) {
          failed(row.row, error);
        }
      }
    });
  }
  for (const row of updates) {
    try {
      await updateRow(deps, ctx, row);
      result.updated++;
    } catch (error) {
      failed(row.row, error);
    }
  }
  for (const opening of openings) {
    try {
      await deps.invoices.create(
        ctx,
        ZInvoiceCreateBody.parse({
          tenantId: opening.tenantId,
          issueDate: today(),
          dueDate: today(),
          lineItems: [
            { description: 'Opening balance', quantity: 1, unitPrice: opening.amount, kind: 'other' },
          ],
          notes: 'Opening balance brought forward',
          send: true,
        }),
      );
    } catch (error) {
      // The tenancy stands; only its opening invoice is missing, and the row says so.
      if (!(error instanceof AppError)) options.log.error({ err: error }, 'opening balance invoice failed');
      result.addErrors([
        {
          row: opening.row,
          field: 'Opening balance',
          message: `The tenancy was imported but its opening invoice was not: ${error instanceof AppError ? error.message : 'unexpected error'}`,
        },
      ]);
    }
  }
}

/** The batch's new units in one savepoint; false (nothing written) when any of them is refused. */
async function createUnitsAtOnce(tx: Tx, ctx: CompanyContext, rows: ReadyRow[]): Promise<boolean> {
  const inputs = rows.flatMap((row) => (row.kind === 'units' ? [row.create] : []));
  try {
    await tx.transaction((savepoint) => createUnitsIn(savepoint, ctx, inputs));
    return true;
  } catch {
    return false;
  }
}

/** Creates one row inside its savepoint; a tenancy answers its id (for the opening invoice). */
async function createRow(
  deps: ImportDeps,
  tx: Tx,
  ctx: CompanyContext,
  row: ReadyRow,
): Promise<string | null> {
  if (row.kind === 'properties') {
    await createPropertyIn(tx, ctx, row.create);
    return null;
  }
  if (row.kind === 'units') {
    await createUnitIn(tx, ctx, row.create);
    return null;
  }
  const { user } = await deps.auth.tenancyPerson(tx, row.create.userId);
  const created = await createTenancyInTx(tx, {
    companyId: ctx.companyId,
    rentalUnitId: row.create.rentalUnitId,
    userId: user.id,
    status: 'active',
    actorUserId: ctx.userId,
    occupancyDetails: row.create.occupancyDetails,
    agreementDetails: row.create.agreementDetails,
    source: 'import',
  });
  return created._id;
}

async function updateRow(deps: ImportDeps, ctx: CompanyContext, row: ReadyRow): Promise<void> {
  if (!row.existing || !row.update) return;
  if (row.kind === 'properties') await deps.properties.update(ctx, row.existing.id, row.update);
  else if (row.kind === 'units') await deps.rentalUnits.update(ctx, row.existing.id, row.update);
  else await deps.tenants.update(ctx, row.existing.id, row.update);
}
