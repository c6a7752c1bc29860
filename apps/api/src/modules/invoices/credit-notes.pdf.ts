import type { CreditNoteDto } from '@rentora/shared';
import { DEFAULT_BRAND, type DocumentCompany, INK, PdfCanvas } from '../../core/pdf-kit';
import {
  drawGstLines,
  drawGstStatements,
  drawParties,
  drawSupplierHeader,
  drawTotals,
  gstTotalRows,
} from './gst-document.pdf';

/**
 * A credit note as an A4 PDF in the invoice's layout: the supplier and its GSTIN, the note's number, date and
 * financial year, the invoice it is issued against and its date, the reason, the recipient, place of supply, the
 * lines with SAC and their GST, totals, reverse charge and the amount in words.
 */
export async function renderCreditNotePdf(input: {
  note: CreditNoteDto;
  company: DocumentCompany;
}): Promise<Uint8Array> {
  const { note, company } = input;
  const title = `Credit note ${note.number}`;
  const c = await PdfCanvas.create({
    title,
    author: note.supplierLegalName || company.name,
    timeZone: company.timeZone,
  });
  c.band(DEFAULT_BRAND);
  drawSupplierHeader(c, note, company, { title: 'CREDIT NOTE', brand: DEFAULT_BRAND, accent: INK }, [
    ['Credit note no.', note.number],
    ['Date', c.date(note.issueDate)],
    ['Financial year', note.financialYear],
    ['Against invoice', note.invoiceNumber],
    ['Invoice date', c.date(note.invoiceDate)],
  ]);
  c.paragraph(`Issued against invoice ${note.invoiceNumber} of ${c.date(note.invoiceDate)}.`, {
    size: 9,
  });
  c.paragraph(`Reason: ${note.reason}`, { size: 9, bold: true });
  c.y -= 6;
  drawParties(c, note, 'Recipient');
  drawGstLines(c, note, note.lines, DEFAULT_BRAND);
  drawTotals(c, [...gstTotalRows(note, note.lines), ['Total credited', note.total, true]]);
  drawGstStatements(c, note, note.lines, note.total);
  c.footer((page, count) => `${title} - page ${page} of ${count}`);
  return c.save();
}
