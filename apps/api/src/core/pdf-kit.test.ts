import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentFormats, PdfCanvas, printable } from './pdf-kit';
import { pdfText } from './pdf-text.testing';

describe('pdf-kit documents', () => {
  it('draws the rupee sign and Indian grouping in the document font, readable back as text', async () => {
    const c = await PdfCanvas.create({ title: 'Test ₹', author: 'Sunrise', timeZone: 'Asia/Kolkata' });
    c.text(`Total ${c.money(12_345_670)}`, c.M, c.y, { bold: true });
    c.text(`Credit ${c.money(-590_000)}`, c.M, c.y - 20);
    c.text(`Due ${c.date('2026-11-05')}`, c.M, c.y - 40);
    c.text('Tenant: राम Kumar', c.M, c.y - 60);
    const text = await pdfText(await c.save());
    expect(text).toContain('Total ₹1,23,456.70');
    expect(text).toContain('Credit -₹5,900.00');
    expect(text).toContain('Due 05 Nov 2026');
    expect(text).toContain('Tenant: ??? Kumar');
    expect(text).not.toContain('INR');
  });

  it('writes an instant as its day in the company zone and a business date as it is', () => {
    const india = documentFormats('Asia/Kolkata');
    const london = documentFormats('Europe/London');
    expect(india.date('2026-03-31T20:00:00Z')).toBe('01 Apr 2026');
    expect(london.date('2026-03-31T20:00:00Z')).toBe('31 Mar 2026');
    expect(london.date('2026-03-31')).toBe('31 Mar 2026');
    expect(india.dateTime('2026-03-31T20:00:00Z')).toBe('01 Apr 2026, 01:30 AM');
    expect(documentFormats(null).timeZone).toBe('Asia/Kolkata');
    expect(india.amount(12_345_670)).toBe('1,23,456.70');
    expect(india.date(null)).toBe('-');
  });

  it('prints characters the document fonts lack as "?" and keeps those they have', async () => {
    await PdfCanvas.create({ title: 't', author: 'a', timeZone: null });
    expect(printable('₹ – “quoted” → é')).toBe('₹ – “quoted” → é');
    expect(printable('नमस्ते 😀')).toBe('?????? ?');
  });
});

/** The renderers of the API's PDFs: every file under src that draws with pdf-lib or pdf-kit. */
function pdfRenderers(): string[] {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.(test|testing)\.ts$/.test(entry.name)) {
        const code = readFileSync(path, 'utf8');
        if (/PdfCanvas|embedDocumentFonts|drawText\(/.test(code)) files.push(relative(src, path));
      }
    }
  };
  walk(src);
  return files;
}

describe('every PDF formats through the shared module', () => {
  const files = pdfRenderers();

  it('finds the renderers', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'core/pdf-kit.ts',
        'modules/invoices/gst-document.pdf.ts',
        'modules/invoices/rent-receipts.pdf.ts',
        'modules/payments/payments.receipt.ts',
        'modules/deposits/deposits.pdf.ts',
        'modules/bookings/bookings.agreement-pdf.ts',
        'modules/bookings/bookings.agreement-signature.ts',
        'modules/analytics/analytics.pdf.ts',
      ]),
    );
  });

  it.each(files)('%s writes no money or date by hand', (file) => {
    const code = readFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url)), 'utf8');
    expect(code).not.toMatch(/['`]INR |\(INR\)|Rs\. /);
    expect(code).not.toMatch(/toLocale(Date|Time)?String|Intl\.|toFixed\(2\)/);
    expect(code).not.toMatch(/toISOString\(\)\.slice/);
    // Only the typed signature's script face is a standard font; everything else is the document font.
    expect(code.match(/StandardFonts\.\w+/g) ?? []).toEqual(
      file.endsWith('agreement-signature.ts') ? ['StandardFonts.TimesRomanBoldItalic'] : [],
    );
  });
});
