import type { InvoiceDto, InvoiceListItemDto, InvoicePaymentDto, InvoiceStatus } from '@rentora/shared';
import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { today as todayIso } from '../../core/dates';
import { iso, isoOrNull } from '../../core/http';
import type { invoicePayments } from '../../db/schema';
import { invoices } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/** `overdue` is not stored: an issued invoice with a balance past its due date reads as overdue. */
export function effectiveStatus(
  row: Pick<InvoiceRow, 'status' | 'dueDate' | 'total' | 'amountPaid'>,
  today = todayIso(),
): InvoiceStatus {
  if (
    (row.status === 'sent' || row.status === 'partially_paid') &&
    row.dueDate < today &&
    row.total > row.amountPaid
  ) {
    return 'overdue';
  }
  return row.status;
}

/** The SQL of a status filter, `overdue` included (matches effectiveStatus). */
export function statusCondition(status: InvoiceStatus, today: string | SQL = todayIso()): SQL {
  const open = inArray(invoices.status, ['sent', 'partially_paid']);
  if (status === 'overdue')
    return and(open, lt(invoices.dueDate, today), sql`${invoices.total} > ${invoices.amountPaid}`)!;
  if (status === 'sent' || status === 'partially_paid') {
    return and(
      eq(invoices.status, status),
      or(sql`${invoices.dueDate} >= ${today}`, sql`${invoices.total} <= ${invoices.amountPaid}`),
    )!;
  }
  return eq(invoices.status, status);
}

interface Names {
  tenantName: string;
  tenantEmail: string;
  propertyName: string;
  unitNumber: string;
}

/** The columns an invoice list row needs (not the lines or notes). */
export type InvoiceListRow = Omit<InvoiceRow, 'lineItems' | 'notes'>;

export function toInvoiceListItemDto(row: InvoiceListRow, names: Names): InvoiceListItemDto {
  return {
    _id: row.id,
    companyId: row.companyId,
    number: row.number,
    tenantId: row.tenantId,
    userId: row.userId,
    propertyId: row.propertyId,
    rentalUnitId: row.rentalUnitId,
    templateId: row.templateId,
    ...names,
    status: effectiveStatus(row),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    period: row.period,
    source: row.source,
    currency: row.currency,
    taxRate: row.taxRate,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    amountPaid: row.amountPaid,
    balance: row.total - row.amountPaid,
    sentAt: isoOrNull(row.sentAt),
    paidAt: isoOrNull(row.paidAt),
    voidedAt: isoOrNull(row.voidedAt),
    voidReason: row.voidReason,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toInvoiceDto(row: InvoiceRow, names: Names): InvoiceDto {
  return { ...toInvoiceListItemDto(row, names), lineItems: row.lineItems, notes: row.notes };
}

export function toPaymentDto(row: typeof invoicePayments.$inferSelect): InvoicePaymentDto {
  return {
    _id: row.id,
    invoiceId: row.invoiceId,
    amount: row.amount,
    method: row.method,
    source: row.source,
    paidAt: iso(row.paidAt),
    reference: row.reference,
    createdAt: iso(row.createdAt),
  };
}
