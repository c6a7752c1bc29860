import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

// The kit of the PDF documents (invoices, payment receipts): colours, WinAnsi-safe text, money, dates, wrapping.

/** An A4 page in PDF points. */
export const A4 = { width: 595.28, height: 841.89 };

/** A new document with its title and author (WinAnsi-safe) and the two standard fonts every document uses. */
export async function newPdfDocument(title: string, author: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(ascii(author));
  pdf.setCreator('Rentora');
  pdf.setCreationDate(new Date());
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  return { pdf, font, bold };
}

/** Body text, secondary text and rules. */
export const INK = rgb(0.06, 0.09, 0.16);
export const MUTED = rgb(0.39, 0.45, 0.55);
export const RULE = rgb(0.89, 0.91, 0.94);

/** Standard PDF fonts cover WinAnsi only: money is "INR 1,500.00", other characters become "?". */
export function pdfMoney(minor: number, currency = 'INR'): string {
  const sign = minor < 0 ? '-' : '';
  return `${sign}${currency} ${(Math.abs(minor) / 100).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

export function ascii(text: string): string {
  return text.replace(/[^\x20-\x7E]/g, '?');
}

export function formatDate(isoDate: string): string {
  return new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Splits text into lines no wider than `width` at `size`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of ascii(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        out.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    out.push(line);
  }
  return out;
}
