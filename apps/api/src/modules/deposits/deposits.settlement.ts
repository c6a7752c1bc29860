import {
  DEDUCTION_REASON_LABELS,
  type SettlementBody,
  type SettlementDto,
  type SettlementRefundBody,
  settlementFigures,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { today } from '../../core/dates';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { SettlementDeduction } from '../../db/schema';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PaymentsService } from '../payments/payments.service';
import { ledgerFigures } from './deposits.ledger';
import {
  claimRefund,
  entriesOf,
  gatewayReceipts,
  insertEntryOnce,
  insertSettlement,
  openInvoicesOf,
  type SettlementRow,
  setSettlement,
  settlementOf,
  tenancyOf,
} from './deposits.repo';

/** The reference of the invoice payments a finalized settlement makes from the deposit. */
export const depositReference = (settlementId: string) => `DEPOSIT-${settlementId}`;

/**
 * The deposit covers the lines in this order: unpaid invoices first (they are paid from it), then the rest. What a
 * line is covered by is what the deposit takes for it; the rest of a line without an invoice goes on the shortfall
 * invoice (an invoice's own uncovered balance stays open on that invoice).
 */
/** The date `days` after an ISO date. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function coverage(held: number, deductions: readonly SettlementDeduction[]) {
  let left = held;
  const covered = new Map<number, number>();
  const order = deductions
    .map((d, i) => ({ d, i }))
    .sort((a, b) => Number(Boolean(b.d.invoiceId)) - Number(Boolean(a.d.invoiceId)));
  for (const { d, i } of order) {
    const take = Math.min(left, d.amount);
    covered.set(i, take);
    left -= take;
  }
  const invoiceable = deductions.reduce(
    (sum, d, i) => sum + (d.invoiceId ? 0 : d.amount - (covered.get(i) ?? 0)),
    0,
  );
  return { covered: deductions.map((_, i) => covered.get(i) ?? 0), invoiceable };
}

function dto(row: SettlementRow, currency: string, heldNow: number): SettlementDto {
  const held = row.status === 'finalized' ? row.held : heldNow;
  return {
    _id: row.id,
    tenantId: row.tenantId,
    status: row.status,
    currency,
    deductions: row.deductions,
    includeOpenInvoices: row.includeOpenInvoices,
    held,
    ...settlementFigures(held, row.deductions),
    shortfallInvoiceId: row.shortfallInvoiceId,
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
    refundStatus: row.refundStatus,
    refundMethod: row.refundMethod,
    refundReference: row.refundReference,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function settlements(db: Db, invoices: InvoicesService, payments: PaymentsService) {
  async function tenancy(conn: DbOrTx, companyId: string, tenantId: string) {
    const found = await tenancyOf(conn, companyId, tenantId);
    if (!found) throw notFound('Tenant');
    return found;
  }

  async function heldOf(conn: DbOrTx, companyId: string, tenantId: string) {
    return ledgerFigures(await entriesOf(conn, companyId, tenantId)).held;
  }

  /** The deductions asked for, with the tenancy's open invoices as unpaid-dues lines when asked. */
  async function linesOf(tx: Tx, companyId: string, tenantId: string, body: SettlementBody) {
    const lines: SettlementDeduction[] = body.deductions.map((d) => ({ ...d }));
    if (body.includeOpenInvoices) {
      for (const invoice of await openInvoicesOf(tx, companyId, tenantId)) {
        lines.push({
          reason: 'unpaid_dues',
          description:
            `Invoice ${invoice.number ?? ''}${invoice.period ? ` (${invoice.period})` : ''}`.trim(),
          amount: invoice.balance,
          invoiceId: invoice.id,
        });
      }
    }
    return lines;
  }

  async function view(conn: DbOrTx, row: SettlementRow) {
    const t = await tenancy(conn, row.companyId, row.tenantId);
    return dto(row, t.currency, await heldOf(conn, row.companyId, row.tenantId));
  }

  /** POST /tenants/{id}/settlement: drafts the move-out settlement (one per tenancy). */
  async function draft(ctx: CompanyContext, tenantId: string, body: SettlementBody): Promise<SettlementDto> {
    const row = await db.transaction(async (tx) => {
      const t = await tenancy(tx, ctx.companyId, tenantId);
      if (t.tenancyStatus !== 'notice_given' && t.tenancyStatus !== 'moved_out') {
        throw conflict('A deposit is settled after notice is given or the tenant has moved out');
      }
      const made = await insertSettlement(tx, {
        companyId: ctx.companyId,
        tenantId,
        deductions: await linesOf(tx, ctx.companyId, tenantId, body),
        includeOpenInvoices: body.includeOpenInvoices,
        createdBy: ctx.userId,
      });
      if (!made) throw conflict('This tenancy already has a settlement');
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'deposit.settlement_drafted',
        entityType: 'tenant',
        entityId: tenantId,
        summary: `Settlement drafted with ${made.deductions.length} deductions`,
      });
      return made;
    });
    return view(db, row);
  }

  /** The settlement of a tenancy of the company (404 when there is none). */
  async function find(companyId: string, tenantId: string): Promise<SettlementDto> {
    await tenancy(db, companyId, tenantId);
    const row = await settlementOf(db, companyId, tenantId);
    if (!row) throw notFound('Settlement');
    return view(db, row);
  }

  /** PUT /tenants/{id}/settlement: replaces the deductions of a draft. */
  async function update(ctx: CompanyContext, tenantId: string, body: SettlementBody): Promise<SettlementDto> {
    const row = await db.transaction(async (tx) => {
      await tenancy(tx, ctx.companyId, tenantId);
      const current = await settlementOf(tx, ctx.companyId, tenantId, true);
      if (!current) throw notFound('Settlement');
      if (current.status !== 'draft') throw conflict('A finalized settlement cannot be changed');
      return setSettlement(tx, current.id, {
        deductions: await linesOf(tx, ctx.companyId, tenantId, body),
        includeOpenInvoices: body.includeOpenInvoices,
      });
    });
    return view(db, row!);
  }

  /**
   * Pays the open invoices the deposit covers (method `other`, reference DEPOSIT-<id>, through the invoices service,
   * so that dues and GST follow) and issues the shortfall invoice. Safe to run again: a payment of the same
   * reference is refused by the invoice, and the shortfall invoice is made only while none is linked.
   */
  async function complete(ctx: CompanyContext, row: SettlementRow) {
    const { covered, invoiceable } = coverage(row.held, row.deductions);
    for (const [i, line] of row.deductions.entries()) {
      const amount = covered[i] ?? 0;
      if (!line.invoiceId || amount <= 0) continue;
      try {
        await invoices.recordPayment(ctx, line.invoiceId, {
          amount,
          method: 'other',
          reference: depositReference(row.id),
        });
      } catch (error) {
        // Already paid from this deposit, or paid meanwhile: nothing more to take.
        if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
      }
    }
    if (invoiceable <= 0 || row.shortfallInvoiceId) return row;
    const issueDate = today();
    const invoice = await invoices.create(ctx, {
      tenantId: row.tenantId,
      issueDate,
      dueDate: addDays(issueDate, 15),
      lineItems: [
        {
          description: 'Move-out settlement: deductions beyond the security deposit',
          quantity: 1,
          unitPrice: invoiceable,
          kind: 'other',
        },
      ],
      notes: `Deductions of the move-out settlement exceed the deposit held by ${invoiceable}.`,
      send: true,
    });
    return (await setSettlement(db, row.id, { shortfallInvoiceId: invoice._id })) ?? row;
  }

  /** POST /tenants/{id}/settlement/finalize: locks the settlement; the ledger takes the deductions. Once (409). */
  async function finalize(ctx: CompanyContext, tenantId: string): Promise<SettlementDto> {
    const outcome = await db.transaction(async (tx) => {
      await tenancy(tx, ctx.companyId, tenantId);
      const current = await settlementOf(tx, ctx.companyId, tenantId, true);
      if (!current) throw notFound('Settlement');
      if (current.status !== 'draft') return { already: true, row: current };
      const held = await heldOf(tx, ctx.companyId, tenantId);
      const figures = settlementFigures(held, current.deductions);
      const { covered } = coverage(held, current.deductions);
      const finalizedAt = new Date();
      for (const [i, line] of current.deductions.entries()) {
        const amount = covered[i] ?? 0;
        if (amount <= 0) continue;
        await insertEntryOnce(tx, {
          companyId: ctx.companyId,
          tenantId,
          kind: 'deduction',
          amount,
          source: 'settlement',
          sourceKey: `settlement:${current.id}:deduction:${i}`,
          description: `${DEDUCTION_REASON_LABELS[line.reason]}: ${line.description}`,
          invoiceId: line.invoiceId ?? null,
          settlementId: current.id,
          occurredAt: finalizedAt,
          recordedBy: ctx.userId,
        });
      }
      const updated = await setSettlement(tx, current.id, {
        status: 'finalized',
        held,
        refundDue: figures.refundDue,
        shortfall: figures.shortfall,
        finalizedAt,
        finalizedBy: ctx.userId,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'deposit.settlement_finalized',
        entityType: 'tenant',
        entityId: tenantId,
        summary: `Deposit ${held}: deductions ${figures.totalDeductions}, refund due ${figures.refundDue}, shortfall ${figures.shortfall}`,
        after: figures,
      });
      return { already: false, row: updated! };
    });
    const result = await complete(ctx, outcome.row);
    // A finalize cut short after its commit left payments or the shortfall invoice undone: a second one makes them.
    if (outcome.already) throw conflict('This settlement is already finalized');
    return view(db, result);
  }

  /** Refunds through the gateway the payments the deposit came with, newest last, up to `amount`. */
  async function refundThroughGateway(companyId: string, tenantId: string, amount: number) {
    let left = amount;
    const ids: string[] = [];
    for (const receipt of await gatewayReceipts(db, companyId, tenantId)) {
      if (left <= 0) break;
      const take = Math.min(left, receipt.amount);
      const refund = await payments.refundPayment({
        gatewayPaymentId: receipt.gatewayPaymentId,
        amount: take,
      });
      ids.push(refund.refundId);
      left -= take;
    }
    if (left > 0) throw conflict('The deposit did not come through the gateway: record the refund offline');
    return ids.join(',');
  }

  /** POST /tenants/{id}/settlement/refund: records the refund of what is due, once, whoever asks at once. */
  async function refund(
    ctx: CompanyContext,
    tenantId: string,
    body: SettlementRefundBody,
  ): Promise<SettlementDto> {
    await tenancy(db, ctx.companyId, tenantId);
    const current = await settlementOf(db, ctx.companyId, tenantId);
    if (!current) throw notFound('Settlement');
    if (current.status !== 'finalized') throw conflict('Finalize the settlement before the refund');
    if (current.refundDue <= 0) throw conflict('Nothing is due back to the tenant');
    if (body.method !== 'gateway' && !body.reference) {
      throw badRequest('Enter the refund reference', 'reference');
    }
    const claimed = await claimRefund(db, current.id, body.method, body.reference);
    if (!claimed) throw conflict('The refund is already recorded');
    let reference = body.reference;
    try {
      if (body.method === 'gateway') {
        reference = await refundThroughGateway(ctx.companyId, tenantId, claimed.refundDue);
      }
    } catch (error) {
      await setSettlement(db, claimed.id, {
        refundStatus: 'none',
        refundMethod: null,
        refundReference: null,
      });
      throw error;
    }
    const row = await db.transaction(async (tx) => {
      const refundedAt = new Date();
      await insertEntryOnce(tx, {
        companyId: ctx.companyId,
        tenantId,
        kind: 'refund',
        amount: claimed.refundDue,
        source: 'settlement',
        sourceKey: `settlement:${claimed.id}:refund`,
        method: body.method,
        reference,
        description: 'Deposit refunded at move-out',
        settlementId: claimed.id,
        occurredAt: refundedAt,
        recordedBy: ctx.userId,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'deposit.refunded',
        entityType: 'tenant',
        entityId: tenantId,
        summary: `Deposit refund ${claimed.refundDue} by ${body.method}${reference ? ` (${reference})` : ''}`,
      });
      return setSettlement(tx, claimed.id, {
        refundStatus: 'refunded',
        refundReference: reference,
        refundedAt,
      });
    });
    return view(db, row!);
  }

  return { draft, find, update, finalize, refund, tenancy };
}
