import {
  computeInvoiceTotals,
  financialYearOf,
  type GenerateRentResult,
  type InvoiceLineInput,
  invoiceDuesByKind,
} from '@rentora/shared';
import { recordAudit } from '../../core/audit';
import { emitEvents } from '../../core/events';
import type { Db } from '../../db/client';
import type { invoices } from '../../db/schema';
import { gstSnapshotsFor, takeDocumentNumbers } from '../gst/gst.service';
import { type MeterBill, meterBillsFor, recordMeterCharges } from '../meters/meters.service';
import { templateFor } from './invoice-templates.service';
import { gstColumnsOf } from './invoices.editing';
import { lastDayOf, monthName } from './invoices.months';
import {
  addTenancyDues,
  insertRentInvoices,
  lockRentRun,
  type RentRunCandidate,
  rentRunCandidates,
} from './rent-run.repo';

const INSERT_BATCH = 200;

const dayOf = (date: string) => Number(date.slice(8, 10));

/**
 * The days of `month` a tenancy occupies: from its move-in when that falls in the month, to its end when that
 * does; whole months otherwise (a tenancy past its lease end is still billed while it runs).
 */
export function occupiedDays(
  month: string,
  tenancy: Pick<RentRunCandidate, 'startDate' | 'endDate'>,
): { days: number; inMonth: number } {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const inMonth = dayOf(last);
  const from = tenancy.startDate > first ? dayOf(tenancy.startDate) : 1;
  const to =
    tenancy.endDate && tenancy.endDate >= first && tenancy.endDate < last ? dayOf(tenancy.endDate) : inMonth;
  return { days: Math.max(0, to - from + 1), inMonth };
}

/** `amount` × days / days in the month, rounded half up to the paisa. */
export const prorate = (amount: number, days: number, inMonth: number): number =>
  days === inMonth ? amount : Math.floor((amount * days * 2 + inMonth) / (2 * inMonth));

/** The rent and maintenance lines of a tenancy's month, prorated by the days it occupies. */
export function rentLines(month: string, tenancy: RentRunCandidate): InvoiceLineInput[] {
  const { days, inMonth } = occupiedDays(month, tenancy);
  const name = monthName(month);
  const part = days === inMonth ? '' : ` (${days} of ${inMonth} days)`;
  const lines: InvoiceLineInput[] = [];
  const rent = prorate(tenancy.rent, days, inMonth);
  const maintenance = prorate(tenancy.maintenanceCharges, days, inMonth);
  if (rent > 0)
    lines.push({ description: `Rent for ${name}${part}`, quantity: 1, unitPrice: rent, kind: 'rent' });
  if (maintenance > 0)
    lines.push({
      description: `Maintenance for ${name}${part}`,
      quantity: 1,
      unitPrice: maintenance,
      kind: 'maintenance',
    });
  return lines;
}

const dueDateOf = (month: string, rentDueDay: number) =>
  `${month}-${String(Math.min(28, Math.max(1, rentDueDay))).padStart(2, '0')}`;

/**
 * One `rent_run` invoice per tenancy billed for `month`: issued at once on the month's first day, numbered from the
 * invoice series of that day's financial year, taxed as each tenancy's GST facts say, first and last months prorated,
 * with a `utilities` line per meter of the unit whose readings by the month's end are not billed yet (the reading
 * ranges are marked billed with the invoice in the same transaction). Readings of a unit without a tenancy to bill
 * this month (vacant, or its month already billed) wait for the unit's next run.
 */
export async function generateRentInvoices(
  db: Db,
  companyId: string,
  month: string,
  options: { actorUserId?: string | null; dueBy?: string } = {},
): Promise<GenerateRentResult & { invoiceUserIds: string[] }> {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const template = await templateFor(db, companyId, null);
  return db.transaction(async (tx) => {
    await lockRentRun(tx, companyId);
    const candidates = await rentRunCandidates(tx, companyId, month, last, options.dueBy);
    const meterBills = await meterBillsFor(
      tx,
      companyId,
      candidates.todo.map((t) => t.id),
      last,
    );
    const billable = candidates.todo
      .map((tenancy) => {
        const meters: MeterBill[] = meterBills.get(tenancy.id) ?? [];
        const utilities = meters.flatMap((m) => (m.line ? [m.line] : []));
        return { tenancy, meters, lines: [...rentLines(month, tenancy), ...utilities] };
      })
      .filter((c) => c.lines.length > 0);
    if (billable.length === 0) return { month, created: 0, skipped: candidates.done, invoiceUserIds: [] };
    const snapshots = await gstSnapshotsFor(
      tx,
      companyId,
      billable.map((c) => c.tenancy.id),
    );
    const numbers = await takeDocumentNumbers(tx, companyId, 'invoice', first, billable.length);
    const sentAt = new Date();
    const rows: (typeof invoices.$inferInsert)[] = [];
    const dues: Parameters<typeof addTenancyDues>[1] = [];
    billable.forEach(({ tenancy, lines }, i) => {
      const snapshot = snapshots.get(tenancy.id)!;
      const totals = computeInvoiceTotals(lines, snapshot.parties);
      rows.push({
        companyId,
        number: numbers[i]!,
        tenantId: tenancy.id,
        userId: tenancy.userId,
        propertyId: tenancy.propertyId,
        rentalUnitId: tenancy.rentalUnitId,
        templateId: template?.id ?? null,
        status: 'sent',
        issueDate: first,
        dueDate: dueDateOf(month, tenancy.rentDueDay),
        period: month,
        source: 'rent_run',
        currency: tenancy.currency,
        ...gstColumnsOf(snapshot, totals),
        financialYear: financialYearOf(first).label,
        sentAt,
        issuedAt: sentAt,
        createdBy: options.actorUserId ?? null,
      });
      dues.push({
        tenancyId: tenancy.id,
        dues: invoiceDuesByKind({
          lineItems: totals.lines,
          tax: totals.tax,
          total: totals.total,
          amountPaid: 0,
        }),
      });
    });
    const inserted: { id: string; userId: string; tenantId: string }[] = [];
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      inserted.push(...(await insertRentInvoices(tx, rows.slice(i, i + INSERT_BATCH))));
    }
    // The series gave out exactly as many numbers as invoices: anything else would leave a gap, so undo the run.
    if (inserted.length !== numbers.length)
      throw new Error(`rent run inserted ${inserted.length} invoices for ${numbers.length} numbers`);
    await addTenancyDues(tx, dues);
    const invoiceOf = new Map(inserted.map((r) => [r.tenantId, r.id]));
    await recordMeterCharges(
      tx,
      billable.flatMap(({ tenancy, meters }) =>
        meters.map((m) => ({ ...m.charge, invoiceId: invoiceOf.get(tenancy.id)! })),
      ),
    );
    await recordAudit(tx, {
      companyId,
      actorUserId: options.actorUserId,
      action: 'invoice.rent_run',
      entityType: 'invoice',
      entityId: inserted[0]!.id,
      summary: `${inserted.length} rent invoices for ${month} (${numbers[0]} – ${numbers.at(-1)})`,
    });
    const rowOf = new Map(rows.map((r) => [r.tenantId, r]));
    await emitEvents(
      tx,
      inserted.map((r) => ({
        companyId,
        type: 'invoice.issued',
        data: {
          invoiceId: r.id,
          number: rowOf.get(r.tenantId)?.number,
          tenantId: r.tenantId,
          total: rowOf.get(r.tenantId)?.total,
          currency: rowOf.get(r.tenantId)?.currency,
          dueDate: rowOf.get(r.tenantId)?.dueDate,
          period: month,
          source: 'rent_run',
        },
      })),
    );
    return {
      month,
      created: inserted.length,
      skipped: candidates.done,
      invoiceUserIds: inserted.map((r) => r.userId),
    };
  });
}
