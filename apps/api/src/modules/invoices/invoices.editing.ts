import {
  computeInvoiceTotals,
  financialYearOf,
  type InvoiceCreateBody,
  type InvoiceDetailDto,
  type InvoiceTotals,
  type InvoiceUpdateBody,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { badRequest, conflict, notFound } from '../../core/errors';
import { emitEvent } from '../../core/events';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { GstService, GstSnapshot } from '../gst/gst.service';
import { expireOpenOrder, type PaymentsService } from '../payments/payments.service';
import type { CreditNoteIssuing } from './credit-notes';
import { templateFor } from './invoice-templates.service';
import type { InvoiceRow } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';
import {
  deleteInvoice,
  insertInvoice,
  paymentCountOf,
  setInvoiceReturning,
  tenancyOfCompany,
} from './invoices.repo';
import type { InvoiceViews } from './invoices.views';

/** The invoice columns of its GST: the parties as they are now, the place of supply and the tax totals. */
export function gstColumnsOf(snapshot: GstSnapshot, totals: InvoiceTotals) {
  return {
    lineItems: totals.lines,
    taxRate: snapshot.parties.supplierGstin ? snapshot.parties.rateBp : 0,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    documentType: totals.documentType,
    placeOfSupply: snapshot.placeOfSupply,
    reverseCharge: totals.reverseCharge,
    gstUse: snapshot.gstUse,
    supplierGstin: snapshot.supplierGstin,
    supplierLegalName: snapshot.supplierLegalName,
    supplierAddress: snapshot.supplierAddress,
    recipientGstin: snapshot.recipientGstin,
    recipientLegalName: snapshot.recipientLegalName,
    recipientAddress: snapshot.recipientAddress,
    taxableValue: totals.taxableValue,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    reverseChargeTax: totals.reverseChargeTax,
  };
}

interface EditingDeps {
  db: Db;
  views: InvoiceViews;
  deliver: (row: InvoiceRow) => Promise<void>;
  payments: PaymentsService;
  gst: GstService;
  creditNotes: CreditNoteIssuing;
}

/**
 * An invoice's life before money: drafts made and edited, issued with their number (the invoice series of the
 * issue date's financial year) and their GST as it stands at issue, sent again, voided by a full credit note.
 */
export function invoiceEditing({ db, views, deliver, payments, gst, creditNotes }: EditingDeps) {
  const { load, detailOf } = views;

  async function tenancyOf(conn: DbOrTx, companyId: string, tenantId: string) {
    const row = await tenancyOfCompany(conn, companyId, tenantId);
    if (!row) throw notFound('Tenant');
    if (row.tenancyStatus === 'rejected') throw conflict('A rejected tenancy cannot be invoiced');
    return row;
  }

  function totalsOf(lines: InvoiceCreateBody['lineItems'], snapshot: GstSnapshot) {
    const totals = computeInvoiceTotals(lines, snapshot.parties);
    if (totals.total <= 0) throw badRequest('The invoice total must be more than 0', 'lineItems');
    if (totals.total > 2_000_000_000) throw badRequest('The invoice total is too large', 'lineItems');
    return totals;
  }

  /** Issues a draft inside `tx`: its GST as it stands now, the next number of its series, status `sent`. */
  async function issue(tx: Tx, row: InvoiceRow): Promise<InvoiceRow> {
    const snapshot = await gst.snapshotFor(tx, row.companyId, row.tenantId);
    const totals = totalsOf(row.lineItems, snapshot);
    const issued = await setInvoiceReturning(tx, row.id, {
      ...gstColumnsOf(snapshot, totals),
      number: await gst.takeNumber(tx, row.companyId, 'invoice', row.issueDate),
      financialYear: financialYearOf(row.issueDate).label,
      status: 'sent',
      sentAt: new Date(),
      issuedAt: new Date(),
    });
    await recordAudit(tx, {
      companyId: row.companyId,
      action: 'invoice.issued',
      entityType: 'invoice',
      entityId: row.id,
      summary: `${issued!.number} issued, total ${row.total}`,
      before: { status: row.status },
      after: { status: 'sent', number: issued!.number },
    });
    await refreshTenantDues(tx, row.companyId, row.tenantId);
    await emitEvent(tx, {
      companyId: row.companyId,
      type: 'invoice.issued',
      data: {
        invoiceId: row.id,
        number: issued!.number,
        tenantId: row.tenantId,
        total: issued!.total,
        currency: issued!.currency,
        dueDate: issued!.dueDate,
        period: issued!.period,
        source: issued!.source,
      },
    });
    return issued!;
  }

  async function create(ctx: CompanyContext, body: InvoiceCreateBody): Promise<InvoiceDetailDto> {
    const tenancy = await tenancyOf(db, ctx.companyId, body.tenantId);
    const template = await templateFor(db, ctx.companyId, body.templateId);
    const snapshot = await gst.snapshotFor(db, ctx.companyId, tenancy.id);
    const totals = totalsOf(body.lineItems, snapshot);
    const row = await db.transaction(async (tx) => {
      const draft = await insertInvoice(tx, {
        companyId: ctx.companyId,
        tenantId: tenancy.id,
        userId: tenancy.userId,
        propertyId: tenancy.propertyId,
        rentalUnitId: tenancy.rentalUnitId,
        templateId: template?.id ?? null,
        issueDate: body.issueDate,
        dueDate: body.dueDate,
        period: body.period ?? null,
        currency: tenancy.currency,
        ...gstColumnsOf(snapshot, totals),
        financialYear: financialYearOf(body.issueDate).label,
        notes: body.notes,
        createdBy: ctx.userId,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.created',
        entityType: 'invoice',
        entityId: draft!.id,
        summary: `Draft for ${totals.total}`,
        after: { status: 'draft', total: totals.total },
      });
      return body.send ? issue(tx, draft!) : draft!;
    });
    if (body.send) await deliver(row);
    return detailOf(row);
  }

  async function update(ctx: CompanyContext, id: string, body: InvoiceUpdateBody): Promise<InvoiceDetailDto> {
    const row = await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status !== 'draft') {
        const locked = (['tenantId', 'issueDate', 'lineItems', 'templateId', 'period'] as const).filter(
          (key) => body[key] !== undefined,
        );
        const closed =
          current.status === 'void' || current.status === 'paid' || current.status === 'cancelled';
        if (closed || locked.length > 0) {
          throw conflict(
            closed
              ? `A ${current.status} invoice cannot be edited`
              : 'An issued invoice is never edited: it takes a new due date or notes only; issue a credit note to reduce it',
          );
        }
        if (body.dueDate && body.dueDate < current.issueDate) {
          throw badRequest('The due date cannot be before the issue date', 'dueDate');
        }
        const updated = await setInvoiceReturning(tx, id, {
          dueDate: body.dueDate ?? current.dueDate,
          notes: body.notes ?? current.notes,
        });
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'invoice.updated',
          entityType: 'invoice',
          entityId: id,
          summary: `${current.number}: due date or notes changed`,
          before: { dueDate: current.dueDate },
          after: { dueDate: updated!.dueDate },
        });
        return updated!;
      }
      const tenancy = body.tenantId ? await tenancyOf(tx, ctx.companyId, body.tenantId) : null;
      const templateId = body.templateId !== undefined ? body.templateId : current.templateId;
      const template = templateId ? await templateFor(tx, ctx.companyId, templateId) : null;
      const snapshot = await gst.snapshotFor(tx, ctx.companyId, tenancy?.id ?? current.tenantId);
      const lines = body.lineItems ?? current.lineItems;
      const totals = totalsOf(lines, snapshot);
      const issueDate = body.issueDate ?? current.issueDate;
      const dueDate = body.dueDate ?? current.dueDate;
      if (dueDate < issueDate) throw badRequest('The due date cannot be before the issue date', 'dueDate');
      const updated = await setInvoiceReturning(tx, id, {
        ...(tenancy
          ? {
              tenantId: tenancy.id,
              userId: tenancy.userId,
              propertyId: tenancy.propertyId,
              rentalUnitId: tenancy.rentalUnitId,
              currency: tenancy.currency,
            }
          : {}),
        templateId: template?.id ?? null,
        issueDate,
        dueDate,
        period: body.period !== undefined ? body.period : current.period,
        notes: body.notes ?? current.notes,
        ...gstColumnsOf(snapshot, totals),
        financialYear: financialYearOf(issueDate).label,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.updated',
        entityType: 'invoice',
        entityId: id,
        summary: `Draft updated, total ${totals.total}`,
        before: { total: current.total },
        after: { total: totals.total },
      });
      return updated!;
    });
    return detailOf(row);
  }

  async function remove(ctx: CompanyContext, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status !== 'draft')
        throw conflict('Only drafts can be deleted; void an issued invoice instead');
      await deleteInvoice(tx, id);
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.deleted',
        entityType: 'invoice',
        entityId: id,
        summary: `Draft deleted (total ${current.total})`,
        before: { status: 'draft', total: current.total },
      });
    });
  }

  /** Issues a draft (number, status `sent`) or sends an issued invoice again; then mails and notifies the tenant. */
  async function send(ctx: CompanyContext, id: string): Promise<InvoiceDetailDto> {
    const row = await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status === 'void' || current.status === 'paid' || current.status === 'cancelled') {
        throw conflict(`A ${current.status} invoice cannot be sent`);
      }
      if (current.status !== 'draft') {
        const resent = await setInvoiceReturning(tx, id, { sentAt: new Date() });
        return resent!;
      }
      return issue(tx, current);
    });
    await deliver(row);
    return detailOf(row);
  }

  async function voidInvoice(ctx: CompanyContext, id: string, reason: string): Promise<InvoiceDetailDto> {
    // A payment the gateway took for the invoice is recorded first: an invoice with payments is never voided.
    await payments.settleOpenOrdersOf((await load(ctx.companyId, id)).id);
    const row = await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status === 'void') throw conflict('This invoice is already void');
      if (current.status === 'cancelled')
        throw conflict('This invoice is cancelled by a credit note already');
      if (current.status === 'draft') throw conflict('Delete the draft instead: it has no number yet');
      const paid = await paymentCountOf(tx, id);
      if (current.amountPaid > 0 || (paid?.n ?? 0) > 0) {
        throw conflict('An invoice with payments cannot be voided');
      }
      if (current.currentOrderId) await expireOpenOrder(tx, current.currentOrderId);
      // An issued invoice is never deleted: voiding it issues a credit note for everything still on it.
      const credited = await creditNotes.issueInTx(
        tx,
        ctx,
        { ...current, currentOrderId: null },
        { reason, fullAmount: true },
      );
      const updated = await setInvoiceReturning(tx, id, {
        creditedAmount: credited.invoice.creditedAmount,
        status: 'void',
        voidReason: reason,
        voidedAt: new Date(),
        currentOrderId: null,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.voided',
        entityType: 'invoice',
        entityId: id,
        summary: `${current.number} void: ${reason}`,
        before: { status: current.status },
        after: { status: 'void' },
      });
      await refreshTenantDues(tx, ctx.companyId, current.tenantId);
      return updated!;
    });
    return detailOf(row);
  }

  return { create, update, remove, send, voidInvoice };
}
