import { formatMonth, INVOICE_STATUS_LABELS, type InvoiceDto } from '@rentora/shared';
import { type DocumentCompany, hexColor, INK, PdfCanvas } from '../../core/pdf-kit';
import {
  documentTitle,
  drawGstLines,
  drawGstStatements,
  drawParties,
  drawSupplierHeader,
  drawTotals,
  gstTotalRows,
} from './gst-document.pdf';

export interface InvoicePdfInput {
  invoice: InvoiceDto;
  company: DocumentCompany;
  /** The template's uploaded logo as PNG bytes (invoice-templates.service logoPng), drawn top left. */
  logo?: Uint8Array | null;
  template: {
    primaryColor: string;
    accentColor?: string;
    headerText: string;
    footerText: string;
    paymentInstructions: string;
    notes: string;
  } | null;
}

/**
 * The invoice as an A4 PDF laid out as a tax invoice or a bill of supply: the supplier with its GSTIN, number, date
 * and financial year, the recipient with theirs, place of supply, property and unit, the lines with SAC and CGST +
 * SGST or IGST, totals, reverse charge, credit notes, payments and balance, amount in words, and the template's
 * colours, logo, header, footer, payment instructions and notes.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { invoice, company, template } = input;
  const brand = hexColor(template?.primaryColor);
  const kind = documentTitle(invoice);
  const label = kind === 'TAX INVOICE' ? 'Tax invoice' : 'Bill of supply';
  const title = invoice.number ? `${label} ${invoice.number}` : `Draft ${label.toLowerCase()}`;
  const c = await PdfCanvas.create({
    title,
    author: invoice.supplierLegalName || company.name,
    timeZone: company.timeZone,
  });

  c.band(brand);
  if (input.logo) await c.logo(input.logo);
  const meta: [string, string][] = [
    ['Invoice no.', invoice.number ?? 'Draft'],
    ['Invoice date', c.date(invoice.issueDate)],
    ['Due date', c.date(invoice.dueDate)],
    ['Financial year', invoice.financialYear],
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
  ];
  if (invoice.period) {
    meta.push([
      'Period',
      /^\d{4}-\d{2}$/.test(invoice.period) ? formatMonth(invoice.period) : invoice.period,
    ]);
  }
  drawSupplierHeader(
    c,
    invoice,
    company,
    {
      title: invoice.number ? kind : `DRAFT ${kind}`,
      brand,
      accent: template?.accentColor ? hexColor(template.accentColor) : INK,
    },
    meta,
  );
  if (template?.headerText) {
    c.paragraph(template.headerText, { size: 9 });
    c.y -= 4;
  }
  drawParties(c, invoice, 'Bill to', invoice.tenantEmail);
  drawGstLines(c, invoice, invoice.lineItems, brand);

  const settled: [string, number, boolean?][] = [];
  if (invoice.creditedAmount) settled.push(['Credit notes', -invoice.creditedAmount]);
  settled.push(['Amount paid', invoice.amountPaid], ['Balance due', invoice.balance, true]);
  drawTotals(
    c,
    [...gstTotalRows(invoice, invoice.lineItems), ['Total', invoice.total, true], ...settled],
    invoice.currency,
  );
  drawGstStatements(c, invoice, invoice.lineItems, invoice.total);

  c.section('Payment instructions', template?.paymentInstructions ?? '');
  c.section('Notes', [invoice.notes, template?.notes ?? ''].filter((s) => s.trim()).join('\n'));
  if (invoice.status === 'void') c.section('Void', invoice.voidReason ?? 'This invoice is void.');
  if (invoice.status === 'cancelled') c.section('Cancelled', 'Cancelled in full by credit note.');

  c.footer(
    (page, count) =>
      `${template?.footerText ? `${template.footerText}  -  ` : ''}${title} - page ${page} of ${count}`,
  );
  return c.save();
}
