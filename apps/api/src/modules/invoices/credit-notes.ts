import {
  businessDate,
  type CreditNoteBody,
  type CreditNoteDto,
  type CreditNoteListItemDto,
  type CreditNoteListQuery,
  documentFileName,
  financialYearOf,
  formatMoney,
  gstLineOf,
  supplyTreatment,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { emitEvent } from '../../core/events';
import { boundedPageOf, iso } from '../../core/http';
import type { DocumentCompany } from '../../core/pdf-kit';
import type { Db, Tx } from '../../db/client';
import type { CreditNoteLineRow } from '../../db/schema';
import type { GstService } from '../gst/gst.service';
import type { PaymentsService } from '../payments/payments.service';
import { expireOpenOrder } from '../payments/payments.service';
import { renderCreditNotePdf } from './credit-notes.pdf';
import {
  type CreditNoteWithNames,
  creditedSoFar,
  creditNoteOfCompany,
  insertCreditNote,
  listCreditNotes,
} from './credit-notes.repo';
import { balanceOf, gstDocumentDto, type InvoiceRow, partiesOfInvoice } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';
import { setInvoiceReturning } from './invoices.repo';
import type { InvoiceViews } from './invoices.views';

const isCollected = (line: Pick<CreditNoteLineRow, 'treatment'>) => line.treatment === 'taxable';
const componentsOf = (line: Pick<CreditNoteLineRow, 'cgst' | 'sgst' | 'igst'>) =>
  line.cgst + line.sgst + line.igst;

/** The lines still on an invoice after its credit notes: its supplies and its non-supplies (deposits). */
async function remainderOf(tx: Tx, invoice: InvoiceRow) {
  const so = await creditedSoFar(tx, invoice.id);
  const nonSupplyOnInvoice = invoice.lineItems
    .filter((l) => l.treatment === 'non_supply')
    .reduce((s, l) => s + l.amount, 0);
  const legacyUntaxed = invoice.lineItems.every((l) => l.treatment === undefined);
  return {
    so,
    // Invoices made before GST invoicing carry no per-line facts: their subtotal is the supply, any tax collected.
    taxableValue: (legacyUntaxed ? invoice.subtotal : invoice.taxableValue) - so.taxableValue,
    cgst: invoice.cgst - so.cgst,
    sgst: invoice.sgst - so.sgst,
    igst: invoice.igst - so.igst,
    nonSupply: nonSupplyOnInvoice - so.nonSupply,
    legacyTax: legacyUntaxed ? invoice.tax : 0,
  };
}

function creditLines(
  invoice: InvoiceRow,
  body: CreditNoteBody,
  rest: Awaited<ReturnType<typeof remainderOf>>,
) {
  const parties = partiesOfInvoice(invoice);
  const treatment = supplyTreatment(parties);
  if (body.fullAmount) {
    const lines: CreditNoteLineRow[] = [];
    if (rest.taxableValue > 0) {
      const supply = gstLineOf('rent', rest.taxableValue, parties);
      lines.push({
        description: `Full credit of invoice ${invoice.number}`,
        amount: rest.taxableValue,
        ...supply,
        // What is left of each component exactly, so a full credit undoes the invoice to the paisa.
        cgst: rest.cgst,
        sgst: rest.sgst,
        igst: rest.igst,
      });
    }
    if (rest.nonSupply > 0) {
      lines.push({
        description: `Security deposit on invoice ${invoice.number}`,
        amount: rest.nonSupply,
        ...gstLineOf('deposit', rest.nonSupply, parties),
      });
    }
    return lines;
  }
  const asked = body.lines!.reduce((s, l) => s + l.amount, 0);
  if (asked > rest.taxableValue) {
    throw conflict(
      `A credit note may take off at most the taxable value left on the invoice (${rest.taxableValue} paise)`,
    );
  }
  const lines: CreditNoteLineRow[] = body.lines!.map((l) => ({
    description: l.description,
    amount: l.amount,
    ...gstLineOf('rent', l.amount, parties),
  }));
  if (asked === rest.taxableValue && treatment !== 'exempt') {
    // Crediting the whole remaining supply: the last line takes what the rounding of the others left.
    const last = lines[lines.length - 1]!;
    const others = lines.slice(0, -1);
    last.cgst = rest.cgst - others.reduce((s, l) => s + l.cgst, 0);
    last.sgst = rest.sgst - others.reduce((s, l) => s + l.sgst, 0);
    last.igst = rest.igst - others.reduce((s, l) => s + l.igst, 0);
  }
  return lines;
}

function toCreditNoteListItem(row: CreditNoteWithNames): CreditNoteListItemDto {
  const { note } = row;
  return {
    _id: note.id,
    number: note.number,
    invoiceId: note.invoiceId,
    invoiceNumber: row.invoiceNumber ?? '',
    invoiceDate: row.invoiceDate,
    tenantId: note.tenantId,
    tenantName: `${row.firstName} ${row.lastName}`.trim(),
    propertyName: row.propertyName,
    unitNumber: row.unitNumber,
    issueDate: note.issueDate,
    reason: note.reason,
    ...gstDocumentDto(
      {
        ...row,
        financialYear: note.financialYear,
        taxableValue: note.taxableValue,
        cgst: note.cgst,
        sgst: note.sgst,
        igst: note.igst,
        reverseChargeTax: note.reverseChargeTax,
      },
      note.issueDate,
    ),
    tax: note.tax,
    total: note.total,
    createdAt: iso(note.createdAt),
  };
}

export function toCreditNoteDto(row: CreditNoteWithNames): CreditNoteDto {
  return {
    ...toCreditNoteListItem(row),
    lines: row.note.lineItems.map((l) => ({
      ...l,
      treatment: l.treatment as CreditNoteDto['lines'][number]['treatment'],
    })),
  };
}

/**
 * Credit notes: the only way to reduce or cancel an issued invoice. Each has its own number from the credit-note
 * series of its financial year, the invoice's tax treatment applied to what it credits, and lowers the invoice's
 * balance, never below what was paid; a credit of the whole total cancels the invoice.
 */
export function creditNoteIssuing(
  db: Db,
  gst: GstService,
  views: InvoiceViews,
  payments: PaymentsService,
  companyOf: (companyId: string) => Promise<DocumentCompany>,
) {
  /** Issues a credit note against `invoice` (locked by the caller) inside `tx`. */
  async function issueInTx(
    tx: Tx,
    actor: { companyId: string; userId: string | null },
    invoice: InvoiceRow,
    body: CreditNoteBody,
    now = new Date(),
  ) {
    if (invoice.status === 'draft' || !invoice.number)
      throw conflict('A draft has no number yet: edit or delete it instead of crediting it');
    if (invoice.status === 'void' || invoice.status === 'cancelled')
      throw conflict(`This invoice is ${invoice.status === 'void' ? 'void' : 'cancelled'} already`);
    const rest = await remainderOf(tx, invoice);
    const lines = creditLines(invoice, body, rest);
    if (lines.length === 0) throw conflict('Nothing is left on this invoice to credit');
    const collected = lines.filter(isCollected).reduce((s, l) => s + componentsOf(l), 0);
    const total =
      lines.reduce((s, l) => s + l.amount, 0) + collected + (body.fullAmount ? rest.legacyTax : 0);
    const balance = balanceOf(invoice);
    if (total > balance) {
      throw conflict(
        `A credit note may not lower the balance below what was paid: at most ${formatMoney(balance)} can be credited`,
      );
    }
    const issueDate = [businessDate(now), invoice.issueDate].sort().at(-1)!;
    const number = await gst.takeNumber(tx, actor.companyId, 'credit_note', issueDate);
    const note = await insertCreditNote(tx, {
      companyId: actor.companyId,
      invoiceId: invoice.id,
      number,
      financialYear: financialYearOf(issueDate).label,
      tenantId: invoice.tenantId,
      propertyId: invoice.propertyId,
      rentalUnitId: invoice.rentalUnitId,
      issueDate,
      reason: body.reason,
      lineItems: lines,
      taxableValue: lines.filter((l) => l.treatment !== 'non_supply').reduce((s, l) => s + l.amount, 0),
      cgst: lines.reduce((s, l) => s + l.cgst, 0),
      sgst: lines.reduce((s, l) => s + l.sgst, 0),
      igst: lines.reduce((s, l) => s + l.igst, 0),
      tax: collected + (body.fullAmount ? rest.legacyTax : 0),
      reverseChargeTax: lines
        .filter((l) => l.treatment === 'reverse_charge')
        .reduce((s, l) => s + componentsOf(l), 0),
      total,
      createdBy: actor.userId,
    });
    const creditedAmount = invoice.creditedAmount + total;
    const settled = creditedAmount + invoice.amountPaid >= invoice.total;
    const status = creditedAmount >= invoice.total ? 'cancelled' : settled ? 'paid' : invoice.status;
    if (invoice.currentOrderId && settled) await expireOpenOrder(tx, invoice.currentOrderId);
    const updated = await setInvoiceReturning(tx, invoice.id, {
      creditedAmount,
      status,
      ...(settled && invoice.currentOrderId ? { currentOrderId: null } : {}),
      ...(status === 'paid' && !invoice.paidAt ? { paidAt: now } : {}),
    });
    await recordAudit(tx, {
      companyId: actor.companyId,
      action: 'credit_note.issued',
      entityType: 'invoice',
      entityId: invoice.id,
      summary: `${number} against ${invoice.number}: ${total}${status === 'cancelled' ? ' (invoice cancelled)' : ''}`,
      before: { status: invoice.status, creditedAmount: invoice.creditedAmount },
      after: { status, creditedAmount },
    });
    await refreshTenantDues(tx, actor.companyId, invoice.tenantId);
    await emitEvent(tx, {
      companyId: actor.companyId,
      type: 'credit_note.issued',
      data: {
        creditNoteId: note.id,
        number,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        total,
        currency: invoice.currency,
        invoiceStatus: status,
      },
    });
    return { note, invoice: updated! };
  }

  async function get(ctx: CompanyContext, id: string): Promise<CreditNoteDto> {
    const row = await creditNoteOfCompany(db, ctx.companyId, id);
    if (!row) throw notFound('Credit note');
    return toCreditNoteDto(row);
  }

  return {
    issueInTx,

    /** POST /invoices/{id}/credit-notes */
    async issueCreditNote(
      ctx: CompanyContext,
      invoiceId: string,
      body: CreditNoteBody,
    ): Promise<CreditNoteDto> {
      // Money the gateway took for the invoice is recorded first, so the balance checked below is the real one.
      await payments.settleOpenOrdersOf((await views.load(ctx.companyId, invoiceId)).id);
      const { note } = await db.transaction(async (tx) => {
        const invoice = await views.load(ctx.companyId, invoiceId, tx, true);
        return issueInTx(tx, ctx, invoice, body);
      });
      return get(ctx, note.id);
    },

    getCreditNote: get,

    async creditNotePdf(ctx: CompanyContext, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const note = await get(ctx, id);
      const bytes = await renderCreditNotePdf({ note, company: await companyOf(ctx.companyId) });
      return { bytes, fileName: documentFileName(note.number) };
    },

    async listCreditNotes(ctx: CompanyContext, query: CreditNoteListQuery) {
      const { rows, count } = await listCreditNotes(db, ctx.companyId, query);
      return {
        data: rows.map(toCreditNoteListItem),
        pagination: boundedPageOf(query.page, query.limit, count, rows.length),
      };
    },
  };
}

export type CreditNoteIssuing = ReturnType<typeof creditNoteIssuing>;
