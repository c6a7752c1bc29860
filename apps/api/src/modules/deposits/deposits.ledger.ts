import {
  type DepositDto,
  type DepositEntryDto,
  type DepositReceiptBody,
  settledOfKind,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { InvoicePaymentHook, InvoiceRow } from '../invoices/invoices.service';
import { paymentInstant } from '../invoices/invoices.service';
import type { PaymentOrderRow, PaymentRow } from '../payments/payments.service';
import {
  bookingForDeposit,
  type DepositEntryRow,
  entriesOf,
  insertEntryOnce,
  invoiceForDeposit,
  invoicePaymentOfLedger,
  receivedFrom,
  tenancyOf,
} from './deposits.repo';

/** The figures of a ledger: held = received (with top-ups) − deducted − refunded. */
export function ledgerFigures(rows: readonly Pick<DepositEntryRow, 'kind' | 'amount'>[]) {
  const sum = (...kinds: DepositEntryRow['kind'][]) =>
    rows.filter((r) => kinds.includes(r.kind)).reduce((total, r) => total + r.amount, 0);
  const received = sum('received', 'top_up');
  const deducted = sum('deduction');
  const refunded = sum('refund');
  return { received, deducted, refunded, held: received - deducted - refunded };
}

const entryDto = (row: DepositEntryRow): DepositEntryDto => ({
  _id: row.id,
  kind: row.kind,
  amount: row.amount,
  source: row.source,
  method: row.method,
  reference: row.reference,
  description: row.description,
  invoiceId: row.invoiceId,
  occurredAt: row.occurredAt.toISOString(),
});

export async function depositOf(conn: DbOrTx, companyId: string, tenantId: string): Promise<DepositDto> {
  const tenancy = await tenancyOf(conn, companyId, tenantId);
  if (!tenancy) throw notFound('Tenant');
  const rows = await entriesOf(conn, companyId, tenantId);
  return {
    tenantId,
    currency: tenancy.currency,
    agreed: tenancy.agreed,
    ...ledgerFigures(rows),
    rows: rows.map(entryDto),
  };
}

/**
 * Deposit lines of an invoice are held, not earned: after a payment, what the money settles of the invoice's
 * `deposit` lines (lines are settled in order) beyond what the ledger already holds from it becomes a `received` row.
 */
async function holdInvoiceDeposit(
  tx: Tx,
  invoiceId: string,
  payment: { invoicePaymentId: string; paymentId: string | null; paidAt: Date; method: string | null },
) {
  const invoice = await invoiceForDeposit(tx, invoiceId);
  if (!invoice?.lineItems.some((line) => line.kind === 'deposit')) return;
  const settled = settledOfKind(invoice, 'deposit', invoice.amountPaid);
  const held = await receivedFrom(tx, invoice.companyId, { invoiceId });
  if (settled <= held) return;
  await insertEntryOnce(tx, {
    companyId: invoice.companyId,
    tenantId: invoice.tenantId,
    kind: 'received',
    amount: settled - held,
    source: 'invoice',
    sourceKey: `invoice-payment:${payment.invoicePaymentId}`,
    method: payment.method,
    description: 'Deposit paid on an invoice',
    paymentId: payment.paymentId,
    invoiceId,
    invoicePaymentId: payment.invoicePaymentId,
    occurredAt: payment.paidAt,
  });
}

/** The offline payment hook of the invoices service (services.ts). */
export const onInvoicePaymentRecorded: InvoicePaymentHook = async (tx, invoice: InvoiceRow, payment) =>
  holdInvoiceDeposit(tx, invoice.id, {
    invoicePaymentId: payment.id,
    paymentId: payment.paymentId,
    paidAt: payment.paidAt,
    method: payment.method,
  });

/**
 * The payments paid hook (services.ts, after the bookings and invoices ones): an online invoice payment holds its
 * deposit lines' share; a booking's money pays its deposit first, held on the booker's tenancy.
 */
export async function onDepositPaid(tx: Tx, order: PaymentOrderRow, payment: PaymentRow): Promise<void> {
  if (!order.referenceId) return;
  const paidAt = payment.paidAt;
  if (order.purpose === 'invoice') {
    const carried = await invoicePaymentOfLedger(tx, payment.id);
    if (!carried) return;
    await holdInvoiceDeposit(tx, carried.invoiceId, {
      invoicePaymentId: carried.id,
      paymentId: payment.id,
      paidAt,
      method: payment.method,
    });
    return;
  }
  if (order.purpose !== 'booking') return;
  const booking = await bookingForDeposit(tx, order.referenceId);
  if (!booking?.tenantId || booking.securityDeposit <= 0) return;
  const covered = Math.min(booking.securityDeposit, booking.paidAmount);
  const held = await receivedFrom(tx, booking.companyId, { bookingsOf: booking.tenantId });
  if (covered <= held) return;
  await insertEntryOnce(tx, {
    companyId: booking.companyId,
    tenantId: booking.tenantId,
    kind: 'received',
    amount: covered - held,
    source: 'booking',
    sourceKey: `booking-payment:${payment.id}`,
    method: payment.method ?? 'gateway',
    reference: payment.gatewayPaymentId ?? '',
    description: 'Deposit paid with the booking',
    paymentId: payment.id,
    occurredAt: paidAt,
  });
}

/** POST /tenants/{id}/deposit/receipts: a deposit received offline, once per reference. */
export async function recordReceipt(
  db: Db,
  ctx: CompanyContext,
  tenantId: string,
  body: DepositReceiptBody,
): Promise<DepositDto> {
  const occurredAt = paymentInstant(body.paidAt);
  return db.transaction(async (tx) => {
    const tenancy = await tenancyOf(tx, ctx.companyId, tenantId);
    if (!tenancy) throw notFound('Tenant');
    const row = await insertEntryOnce(tx, {
      companyId: ctx.companyId,
      tenantId,
      kind: body.kind,
      amount: body.amount,
      source: 'offline',
      sourceKey: `offline:${body.reference.toLowerCase()}`,
      method: body.method,
      reference: body.reference,
      description: body.kind === 'top_up' ? 'Deposit top-up' : 'Deposit received',
      occurredAt,
      recordedBy: ctx.userId,
    });
    if (!row) throw conflict('A deposit receipt with this reference is already recorded');
    await recordAudit(tx, {
      companyId: ctx.companyId,
      action: 'deposit.received',
      entityType: 'tenant',
      entityId: tenantId,
      summary: `Deposit ${body.kind} ${body.amount} by ${body.method} (${body.reference})`,
      after: { amount: body.amount, reference: body.reference },
    });
    return depositOf(tx, ctx.companyId, tenantId);
  });
}
