import { amountInWords, type CreditNoteDto } from '@rentora/shared';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { ascii, formatDate, pdfMoney, wrap } from '../../core/pdf';

const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.39, 0.45, 0.55);

/** A credit note as an A4 PDF: supplier and recipient, the invoice it credits, lines with their GST, totals. */
export async function renderCreditNotePdf(input: {
  note: CreditNoteDto;
  companyName: string;
}): Promise<Uint8Array> {
  const { note } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Credit note ${note.number}`);
  pdf.setCreator('Rentora');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const W = 595.28;
  const H = 841.89;
  const M = 48;
  const page = pdf.addPage([W, H]);
  let y = H - M;
  const text = (value: string, x: number, size = 10, f = font, color = INK) =>
    page.drawText(ascii(value), { x, y, size, font: f, color });
  const right = (value: string, xRight: number, size = 10, f = font) =>
    page.drawText(ascii(value), {
      x: xRight - f.widthOfTextAtSize(ascii(value), size),
      y,
      size,
      font: f,
      color: INK,
    });
  const line = (value: string, size = 9, f = font, color = MUTED) => {
    for (const part of wrap(value, f, size, W - 2 * M)) {
      text(part, M, size, f, color);
      y -= size + 4;
    }
  };

  text(note.supplierLegalName || input.companyName, M, 16, bold);
  right('CREDIT NOTE', W - M, 16, bold);
  y -= 22;
  if (note.supplierGstin) line(`GSTIN: ${note.supplierGstin}`);
  if (note.supplierAddress) line(note.supplierAddress);
  line(
    `Credit note no. ${note.number}   Date ${formatDate(note.issueDate)}   Financial year ${note.financialYear}`,
    9,
    bold,
    INK,
  );
  line(`Against invoice ${note.invoiceNumber} of ${formatDate(note.invoiceDate)}`);
  if (note.placeOfSupply) line(`Place of supply: ${note.placeOfSupply.code}-${note.placeOfSupply.name}`);
  line(`Reverse charge: ${note.reverseCharge ? 'Yes' : 'No'}`);
  y -= 6;
  line('Recipient', 9, bold, INK);
  line(note.recipientLegalName || note.tenantName);
  if (note.recipientGstin) line(`GSTIN: ${note.recipientGstin}`);
  if (note.recipientAddress) line(note.recipientAddress);
  line(`${note.propertyName}, unit ${note.unitNumber}`);
  y -= 6;
  line(`Reason: ${note.reason}`, 9, font, INK);
  y -= 8;
  const cols = [M, M + 220, M + 290, M + 360, M + 430, W - M];
  ['Description', 'SAC', 'Taxable', 'CGST', 'SGST'].forEach((h, i) => {
    page.drawText(h, { x: cols[i]!, y, size: 9, font: bold, color: INK });
  });
  right('IGST', W - M, 9, bold);
  y -= 14;
  for (const l of note.lines) {
    text(l.description.slice(0, 45), M, 9);
    text(l.sac ?? '-', cols[1]!, 9);
    text(pdfMoney(l.taxableValue), cols[2]!, 8);
    text(pdfMoney(l.cgst), cols[3]!, 8);
    text(pdfMoney(l.sgst), cols[4]!, 8);
    right(pdfMoney(l.igst), W - M, 8);
    y -= 13;
  }
  y -= 8;
  for (const [label, value] of [
    ['Taxable value', note.taxableValue],
    ['CGST', note.cgst],
    ['SGST', note.sgst],
    ['IGST', note.igst],
    ['Total credited', note.total],
  ] as const) {
    right(label, W - M - 120, 10, label === 'Total credited' ? bold : font);
    right(pdfMoney(value), W - M, 10, label === 'Total credited' ? bold : font);
    y -= 14;
  }
  if (note.reverseCharge)
    line(`Tax payable on reverse charge: Yes (${pdfMoney(note.reverseChargeTax)} by the recipient)`);
  line(`Amount in words: ${amountInWords(note.total)}`);
  return pdf.save();
}
