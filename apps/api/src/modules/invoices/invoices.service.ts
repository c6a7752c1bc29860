import type { AppDeps } from '../../core/app-deps';
import type { GstService } from '../gst/gst.service';
import type { PaymentsService } from '../payments/payments.service';
import { creditNoteIssuing } from './credit-notes';
import { invoiceDocuments } from './invoices.documents';
import { invoiceEditing } from './invoices.editing';
import { invoicePayments } from './invoices.payments';
import { createInvoicesRepo } from './invoices.repo';
import { invoiceViews } from './invoices.views';

export { PDF_LINK_SECONDS } from './invoices.documents';
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

  return {
    ...invoiceEditing({ db, views, deliver: documents.deliver, payments, gst, creditNotes }),
    issueCreditNote: creditNotes.issueCreditNote,
    getCreditNote: creditNotes.getCreditNote,
    listCreditNotes: creditNotes.listCreditNotes,
    creditNotePdf: creditNotes.creditNotePdf,
    get: views.get,
    list: views.list,
    mine: views.mine,
    dtos: views.dtos,
    ...invoicePayments(db, repo, views, payments),
    ...documents,
    payments,
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
export type { InvoiceLine } from '../../db/schema';
