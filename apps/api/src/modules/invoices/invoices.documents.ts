import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_TIME_ZONE, documentFileName, formatDate, formatMoney } from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { notFound } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { sendMail } from '../../core/mail-delivery';
import type { DocumentCompany } from '../../core/pdf-kit';
import { logoPng, templateFor } from './invoice-templates.service';
import type { InvoiceRow } from './invoices.dto';
import { renderInvoicePdf } from './invoices.pdf';
import { type InvoicesRepo, invoiceById } from './invoices.repo';
import type { InvoiceViews } from './invoices.views';

/** Signed PDF links (for a framed preview) live this long, in seconds. */
export const PDF_LINK_SECONDS = 300;

/** An invoice's PDF (for staff, the tenant, or a signed link) and its delivery to the tenant by email and in-app. */
export function invoiceDocuments(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'notifier' | 'storage'>,
  repo: InvoicesRepo,
  views: InvoiceViews,
  log: { error(details: object, message: string): void } | undefined,
) {
  const db = deps.db;
  const pdfKey = createHmac('sha256', deps.config.jwtSecret).update('rentora:invoice-pdf:v1').digest();
  const pdfSignature = (id: string, exp: number) =>
    createHmac('sha256', pdfKey).update(`${id}\n${exp}`).digest('base64url');

  async function companyOf(companyId: string): Promise<DocumentCompany> {
    const company = await repo.companyContact(companyId);
    return company ?? { name: '', email: null, phone: null, address: null, timeZone: DEFAULT_TIME_ZONE };
  }

  async function pdfOf(row: InvoiceRow): Promise<Uint8Array> {
    const [[dto], company, template] = await Promise.all([
      views.dtos([row]),
      companyOf(row.companyId),
      row.templateId
        ? templateFor(db, row.companyId, row.templateId).catch(() => null)
        : Promise.resolve(null),
    ]);
    const logo = await logoPng(deps.storage, template?.logoKey ?? null);
    return renderInvoicePdf({ invoice: dto!, company, template, logo });
  }

  async function pdf(ctx: CompanyContext, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    const row = await views.load(ctx.companyId, id);
    return { bytes: await pdfOf(row), fileName: documentFileName(row.number, 'draft-invoice') };
  }

  /** Email with the PDF attached and an in-app notification, after the issue has committed. Best effort. */
  async function deliver(row: InvoiceRow): Promise<void> {
    try {
      const person = await repo.recipient(row.userId);
      const company = await companyOf(row.companyId);
      const amount = formatMoney(row.total - row.amountPaid, row.currency);
      const message = `Invoice ${row.number} from ${company.name}: ${amount} due by ${formatDate(row.dueDate, company.timeZone)}.`;
      if (person?.isActive) {
        const bytes = await pdfOf(row);
        await sendMail(
          deps.mailer,
          {
            to: person.email,
            subject: `Invoice ${row.number} from ${company.name}`,
            text: `Hello ${person.firstName},\n\n${message}\nThe invoice is attached. You can pay it online from your tenant area.\n`,
            html: `<p>Hello ${escapeHtml(person.firstName)},</p><p>${escapeHtml(message)}</p><p>The invoice is attached. You can pay it online from your tenant area.</p>`,
            template: 'invoice',
            attachments: [
              {
                filename: documentFileName(row.number),
                contentType: 'application/pdf',
                contentBase64: Buffer.from(bytes).toString('base64'),
              },
            ],
          },
          { companyId: row.companyId, userId: row.userId, kind: 'billing' },
        );
      }
      await deps.notifier.notifyUser(row.userId, {
        companyId: row.companyId,
        category: 'payment',
        type: 'invoice.sent',
        title: `Invoice ${row.number}`,
        message,
        link: '/tenant/payments',
        data: { invoiceId: row.id },
      });
    } catch (error) {
      log?.error({ err: error, invoiceId: row.id }, 'invoice delivery failed');
    }
  }

  /** A 5-minute link to the PDF that a page can frame (an iframe sends no bearer header). */
  function pdfLink(row: InvoiceRow): { url: string; expiresAt: string } {
    const exp = Math.floor(Date.now() / 1000) + PDF_LINK_SECONDS;
    return {
      url: `/api/invoices/${row.id}/pdf/view?exp=${exp}&sig=${pdfSignature(row.id, exp)}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  async function staffPdfLink(ctx: CompanyContext, id: string) {
    return pdfLink(await views.load(ctx.companyId, id));
  }

  async function minePdfLink(ctx: AuthContext, id: string) {
    return pdfLink(await views.visible(ctx, id));
  }

  /** The PDF of a signed link: the signature is the permission (no account needed). */
  async function signedPdf(id: string, exp: number | undefined, sig: string | undefined) {
    const now = Math.floor(Date.now() / 1000);
    const expected = exp !== undefined ? Buffer.from(pdfSignature(id, exp)) : null;
    const given = Buffer.from(sig ?? '');
    if (!expected || exp! <= now || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw notFound('Invoice');
    }
    const row = await invoiceById(db, id);
    if (!row) throw notFound('Invoice');
    return { bytes: await pdfOf(row), fileName: documentFileName(row.number, 'draft-invoice') };
  }

  async function minePdf(ctx: AuthContext, id: string) {
    const row = await views.visible(ctx, id);
    return { bytes: await pdfOf(row), fileName: documentFileName(row.number, 'invoice') };
  }

  return { companyOf, pdf, deliver, staffPdfLink, minePdfLink, signedPdf, minePdf };
}
