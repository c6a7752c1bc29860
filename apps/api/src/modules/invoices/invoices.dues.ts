import { type DuesByKind, duesOfInvoices, noDues, subtractDues } from '@rentora/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { invoices, rentalUnitUsers } from '../../db/schema';
import { openBalance } from './invoices.dto';

/**
 * Tenant dues follow unpaid invoices. The dues columns of a tenancy (what lists and details read) are kept equal to
 * its adjustment columns (set by hand through PUT /tenants/{id}/financials) plus the unpaid balance of its issued
 * invoices (sent, partially paid, overdue; not drafts, not void) by line kind (invoiceDuesByKind in shared).
 * Every invoice change that can move them calls refreshTenantDues in its own transaction, after its writes.
 */

/** What the tenancy's unpaid issued invoices still ask, by kind. */
export async function invoiceDuesOf(conn: DbOrTx, companyId: string, tenantId: string): Promise<DuesByKind> {
  const rows = await conn
    .select({
      lineItems: invoices.lineItems,
      tax: invoices.tax,
      total: invoices.total,
      // Credit notes settle an invoice like money received does.
      amountPaid: sql<number>`${invoices.amountPaid} + ${invoices.creditedAmount}`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.tenantId, tenantId),
        inArray(invoices.status, ['sent', 'partially_paid']),
        sql`${openBalance} > 0`,
      ),
    );
  return rows.length === 0 ? noDues() : duesOfInvoices(rows);
}

/** Locks the tenancy row (so that two invoice changes of one tenant refresh one after the other). */
async function lockTenancy(tx: Tx, companyId: string, tenantId: string) {
  const [row] = await tx
    .select({
      rent: rentalUnitUsers.duesRentAdjustment,
      maintenance: rentalUnitUsers.duesMaintenanceAdjustment,
      utilities: rentalUnitUsers.duesUtilitiesAdjustment,
      penalties: rentalUnitUsers.duesPenaltiesAdjustment,
      other: rentalUnitUsers.duesOtherAdjustment,
    })
    .from(rentalUnitUsers)
    .where(and(eq(rentalUnitUsers.id, tenantId), eq(rentalUnitUsers.companyId, companyId)))
    // NO KEY UPDATE: serialises refreshers without conflicting with the KEY SHARE locks that inserting an invoice
    // (its foreign key to the tenancy) takes, which would otherwise deadlock concurrent creates of one tenant.
    .for('no key update');
  return row ?? null;
}

function duesColumns(adjustment: DuesByKind, derived: DuesByKind) {
  return {
    duesRent: adjustment.rent + derived.rent,
    duesMaintenance: adjustment.maintenance + derived.maintenance,
    duesUtilities: adjustment.utilities + derived.utilities,
    duesPenalties: adjustment.penalties + derived.penalties,
    duesOther: adjustment.other + derived.other,
  };
}

/** Recomputes the tenancy's dues = adjustment + invoice balance by kind, inside the caller's transaction. */
export async function refreshTenantDues(tx: Tx, companyId: string, tenantId: string): Promise<void> {
  // The row lock comes first: the invoices read after it see every change committed by an earlier refresher.
  const adjustment = await lockTenancy(tx, companyId, tenantId);
  if (!adjustment) return;
  const derived = await invoiceDuesOf(tx, companyId, tenantId);
  await tx
    .update(rentalUnitUsers)
    .set(duesColumns(adjustment, derived))
    .where(and(eq(rentalUnitUsers.id, tenantId), eq(rentalUnitUsers.companyId, companyId)));
}

/**
 * Sets the displayed dues of the kinds given (PUT /tenants/{id}/financials): the adjustment becomes wanted minus
 * what the invoices ask, so the figure shown is the one asked for and still follows later invoice changes.
 */
export async function setTenantDues(
  tx: Tx,
  companyId: string,
  tenantId: string,
  wanted: Partial<DuesByKind>,
): Promise<boolean> {
  const current = await lockTenancy(tx, companyId, tenantId);
  if (!current) return false;
  const derived = await invoiceDuesOf(tx, companyId, tenantId);
  const fromInvoices = subtractDues(
    {
      rent: wanted.rent ?? current.rent + derived.rent,
      maintenance: wanted.maintenance ?? current.maintenance + derived.maintenance,
      utilities: wanted.utilities ?? current.utilities + derived.utilities,
      penalties: wanted.penalties ?? current.penalties + derived.penalties,
      other: wanted.other ?? current.other + derived.other,
    },
    derived,
  );
  await tx
    .update(rentalUnitUsers)
    .set({
      duesRentAdjustment: fromInvoices.rent,
      duesMaintenanceAdjustment: fromInvoices.maintenance,
      duesUtilitiesAdjustment: fromInvoices.utilities,
      duesPenaltiesAdjustment: fromInvoices.penalties,
      duesOtherAdjustment: fromInvoices.other,
      ...duesColumns(fromInvoices, derived),
    })
    .where(and(eq(rentalUnitUsers.id, tenantId), eq(rentalUnitUsers.companyId, companyId)));
  return true;
}
