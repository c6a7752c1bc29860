import type { Gstr1Dto, Gstr1Query } from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { conflict } from '../../core/errors';
import type { GstService } from '../gst/gst.service';
import type { PaymentsService } from '../payments/payments.service';
import { creditNoteIssuing } from './credit-notes';
import { buildGstr1 } from './gst-returns';
import { creditNotesForReturn, invoicesIssuedBetween } from './gst-returns.repo';
import { invoiceDocuments } from './invoices.documents';
import { invoiceEditing } from './invoices.editing';
import { lateFeeWaiving } from './invoices.late-fee-lines';
import { invoiceLinkPayments } from './invoices.link-payments';
import { invoicePayments } from './invoices.payments';
import { createInvoicesRepo } from './invoices.repo';
import { invoiceViews } from './invoices.views';
import { rentReceipts } from './rent-receipts';
import { tdsTracking } from './tds';

export { PDF_LINK_SECONDS } from './invoices.documents';
export { effectiveStatus, type InvoiceRow } from './invoices.dto';
export { setTenantDues } from './invoices.dues';
export {
  lateFeeLineOf,
  lockInvoiceOfCompany,
  principalBalanceOf,
  setLateFeeLine,
  type WaiveLateFeeInTx,
} from './invoices.late-fee-lines';
export { type InvoicePaymentHook, paymentInstant } from './invoices.payments';
export { insertOfflinePayment } from './invoices.repo';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'notifier' | 'storage'> & {
  payments: PaymentsService;
  gst: GstService;
};

export interface EventLog {
  error(details: object, message: string): void;
}

/**
 * Invoices: drafts, issue, send and void (invoices.editing), offline payments and gateway orders
 * (invoices.payments), PDFs, links and delivery (invoices.documents), reads and lists (invoices.views); the paid hook
 * (invoices.paid, registered in services.ts) applies each online payment to its invoice inside the payments
 * transaction.
 */
export function createInvoicesService(deps: Deps, log?: EventLog) {
  const db = deps.db;
  const { payments, gst } = deps;

  const repo = createInvoicesRepo(db);
  const views = invoiceViews(db, repo, async (companyId) => (await gst.supplier(companyId)).prefixes.invoice);
  const documents = invoiceDocuments(deps, repo, views, log);
  const creditNotes = creditNoteIssuing(db, gst, views, payments, documents.companyOf);
  const { openOrder, planAllowsInvoices, ...paying } = invoicePayments(db, repo, views, payments);

  /** GET /gst/gstr1: the month's outward supplies; a company without a GSTIN files no GSTR-1 (409). */
  async function gstr1(ctx: CompanyContext, query: Pick<Gstr1Query, 'period'>): Promise<Gstr1Dto> {
    const supplier = await gst.supplier(ctx.companyId);
    if (!supplier.gstin) throw conflict('Register for GST in Tax settings to file GSTR-1');
    const [year, month] = query.period.split('-').map(Number);
    const from = `${query.period}-01`;
    const to = `${query.period}-${String(new Date(Date.UTC(year!, month!, 0)).getUTCDate()).padStart(2, '0')}`;
    const [invoices, creditNotes] = await Promise.all([
      invoicesIssuedBetween(db, ctx.companyId, from, to),
      creditNotesForReturn(db, ctx.companyId, from, to),
    ]);
    return buildGstr1({
      period: query.period,
      gstin: supplier.gstin,
      legalName: supplier.legalName,
      invoices,
      creditNotes,
    });
  }

  return {
    gstr1,
    ...invoiceEditing({ db, views, deliver: documents.deliver, payments, gst, creditNotes }),
    issueCreditNote: creditNotes.issueCreditNote,
    getCreditNote: creditNotes.getCreditNote,
    listCreditNotes: creditNotes.listCreditNotes,
    /** Takes an invoice's late fee off (credit note on a tax invoice, else the line), inside the caller's tx. */
    waiveLateFeeInTx: lateFeeWaiving(creditNotes),
    creditNotePdf: creditNotes.creditNotePdf,
    get: views.get,
    list: views.list,
    mine: views.mine,
    dtos: views.dtos,
    ...paying,
    /** Paying by a pay link or the tenant portal (no signed-in user). */
    links: invoiceLinkPayments(db, repo, views, payments, { openOrder, planAllowsInvoices }),
    ...documents,
    payments,
    rentReceipts: rentReceipts(db, gst),
    tds: tdsTracking(db, deps.storage),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
export type { InvoiceLine } from '../../db/schema';
