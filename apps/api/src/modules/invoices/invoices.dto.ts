import {
  financialYearOf,
  GST_STATES,
  type GstParties,
  type InvoiceDto,
  type InvoiceListItemDto,
  type InvoicePaymentDto,
  type InvoiceStatus,
} from '@rentora/shared';
import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { today as todayIso } from '../../core/dates';
import { iso, isoOrNull } from '../../core/http';
import type { invoicePayments } from '../../db/schema';
import { invoices } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/** What an issued invoice still asks: its total less its credit notes and the money received. */
export const balanceOf = (row: Pick<InvoiceRow, 'total' | 'creditedAmount' | 'amountPaid'>): number =>
  row.total - row.creditedAmount - row.amountPaid;

/** The same in SQL, for filters and sums. */
export const openBalance = sql<number>`(${invoices.total} - ${invoices.creditedAmount} - ${invoices.amountPaid})`;

/** `overdue` is not stored: an issued invoice with a balance past its due date reads as overdue. */
export function effectiveStatus(
  row: Pick<InvoiceRow, 'status' | 'dueDate' | 'total' | 'amountPaid' | 'creditedAmount'>,
  today = todayIso(),
): InvoiceStatus {
  if (
    (row.status === 'sent' || row.status === 'partially_paid') &&
    row.dueDate < today &&
    balanceOf(row) > 0
  ) {
    return 'overdue';
  }
  return row.status;
}

/** The SQL of a status filter, `overdue` included (matches effectiveStatus). */
export function statusCondition(status: InvoiceStatus, today: string | SQL = todayIso()): SQL {
  const open = inArray(invoices.status, ['sent', 'partially_paid']);
  if (status === 'overdue') return and(open, lt(invoices.dueDate, today), sql`${openBalance} > 0`)!;
  if (status === 'sent' || status === 'partially_paid') {
    return and(
      eq(invoices.status, status),
      or(sql`${invoices.dueDate} >= ${today}`, sql`${openBalance} <= 0`),
    )!;
  }
  return eq(invoices.status, status);
}

/** The GST parties an issued invoice recorded: what its late fees and credit notes are taxed by. */
export const partiesOfInvoice = (invoice: InvoiceRow): GstParties => ({
  supplierGstin: invoice.supplierGstin,
  placeOfSupply: invoice.placeOfSupply ?? '',
  recipientGstin: invoice.recipientGstin,
  gstUse: invoice.gstUse,
  rateBp: invoice.supplierGstin ? invoice.taxRate : 0,
});

/** A stored line as the API shows it: lines written before GST invoicing read as untaxed. */
export function toLineDto(line: InvoiceRow['lineItems'][number]): InvoiceDto['lineItems'][number] {
  return {
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    kind: line.kind,
    amount: line.amount,
    sac: line.sac ?? null,
    treatment: line.treatment ?? 'unregistered',
    taxableValue: line.taxableValue ?? line.amount,
    cgstRate: line.cgstRate ?? 0,
    sgstRate: line.sgstRate ?? 0,
    igstRate: line.igstRate ?? 0,
    cgst: line.cgst ?? 0,
    sgst: line.sgst ?? 0,
    igst: line.igst ?? 0,
    ...(line.lateFee ? { lateFee: true } : {}),
  };
}

/** The GST columns of an invoice or credit note row as the API shows them. */
export function gstDocumentDto(row: GstDocumentRow, fyOfDate: string) {
  return {
    documentType: row.documentType,
    financialYear: row.financialYear ?? financialYearOf(fyOfDate).label,
    placeOfSupply: row.placeOfSupply
      ? { code: row.placeOfSupply, name: GST_STATES[row.placeOfSupply] ?? row.placeOfSupply }
      : null,
    reverseCharge: row.reverseCharge,
    gstUse: row.gstUse,
    supplierGstin: row.supplierGstin,
    supplierLegalName: row.supplierLegalName,
    supplierAddress: row.supplierAddress,
    recipientGstin: row.recipientGstin,
    recipientLegalName: row.recipientLegalName,
    recipientAddress: row.recipientAddress,
    taxableValue: row.taxableValue,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    reverseChargeTax: row.reverseChargeTax,
  };
}

export type GstDocumentRow = Pick<
  InvoiceRow,
  | 'documentType'
  | 'financialYear'
  | 'placeOfSupply'
  | 'reverseCharge'
  | 'gstUse'
  | 'supplierGstin'
  | 'supplierLegalName'
  | 'supplierAddress'
  | 'recipientGstin'
  | 'recipientLegalName'
  | 'recipientAddress'
  | 'taxableValue'
  | 'cgst'
  | 'sgst'
  | 'igst'
  | 'reverseChargeTax'
>;

interface Names {
  tenantName: string;
  tenantEmail: string;
  propertyName: string;
  unitNumber: string;
}

/** The columns an invoice list row needs: not the lines and notes, nor the bookkeeping the DTO does not show. */
export type InvoiceListRow = Omit<
  InvoiceRow,
  | 'lineItems'
  | 'notes'
  | 'refundDueAmount'
  | 'issuedAt'
  | 'dueReminderAt'
  | 'overdueNoticeAt'
  | 'currentOrderId'
  | 'createdBy'
>;

/** `today`: the business date the status is read on (a list reads it once for its page). */
export function toInvoiceListItemDto(
  row: InvoiceListRow,
  names: Names,
  today = todayIso(),
): InvoiceListItemDto {
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
    status: effectiveStatus(row, today),
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
    creditedAmount: row.creditedAmount,
    balance: balanceOf(row),
    ...gstDocumentDto(row, row.issueDate),
    sentAt: isoOrNull(row.sentAt),
    paidAt: isoOrNull(row.paidAt),
    voidedAt: isoOrNull(row.voidedAt),
    voidReason: row.voidReason,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toInvoiceDto(row: InvoiceRow, names: Names): InvoiceDto {
  return { ...toInvoiceListItemDto(row, names), lineItems: row.lineItems.map(toLineDto), notes: row.notes };
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
