import { type Address, amountInWords, INVOICE_STATUS_LABELS, type InvoiceDto } from '@rentora/shared';
import { type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { A4, ascii, formatDate, INK, MUTED, newPdfDocument, pdfMoney, RULE, wrap } from '../../core/pdf';

export interface InvoicePdfInput {
  invoice: InvoiceDto;
  company: { name: string; email: string | null; phone: string | null; address: Address | null };
  /** The template's uploaded logo as PNG bytes (invoice-templates.service logoPng), drawn top left. */
  logo?: Uint8Array | null;
  template: {
    primaryColor: string;
    accentColor?: string;
    headerText: string;
    footerText: string;
    paymentInstructions: string;
    gstNumber: string | null;
    notes: string;
  } | null;
}

function hexColor(hex: string | undefined) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return rgb(0.31, 0.27, 0.9);
  return rgb(
    Number.parseInt(m[1]!, 16) / 255,
    Number.parseInt(m[2]!, 16) / 255,
    Number.parseInt(m[3]!, 16) / 255,
  );
}

/**
 * The invoice as a one- or more-page A4 PDF: company and tenant, unit, line items, tax, totals, amount in words,
 * payment instructions and the template's header, footer and colour.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { invoice, company, template } = input;
  const brand = hexColor(template?.primaryColor);
  const accent = template?.accentColor ? hexColor(template.accentColor) : INK;
  const title = invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice';
  const { pdf, font, bold } = await newPdfDocument(title, company.name);
  const { width: W, height: H } = A4;
  const M = 48;
  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;

  const text = (
    value: string,
    x: number,
    at: number,
    options: { size?: number; f?: PDFFont; color?: ReturnType<typeof rgb> } = {},
  ) =>
    page.drawText(ascii(value), {
      x,
      y: at,
      size: options.size ?? 10,
      font: options.f ?? font,
      color: options.color ?? INK,
    });
  const right = (
    value: string,
    xRight: number,
    at: number,
    options: { size?: number; f?: PDFFont; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const f = options.f ?? font;
    const size = options.size ?? 10;
    text(value, xRight - f.widthOfTextAtSize(ascii(value), size), at, options);
  };
  const ensure = (needed: number) => {
    if (y - needed > M + 40) return;
    page = pdf.addPage([W, H]);
    y = H - M;
  };

  page.drawRectangle({ x: 0, y: H - 8, width: W, height: 8, color: brand });
  if (input.logo) {
    // At most 48 pt high and 160 pt wide, above the company's name.
    const image = await pdf.embedPng(input.logo);
    const scale = Math.min(48 / image.height, 160 / image.width, 1);
    page.drawImage(image, {
      x: M,
      y: y - image.height * scale + 6,
      width: image.width * scale,
      height: image.height * scale,
    });
    y -= image.height * scale + 8;
  }
  text(company.name, M, y - 10, { size: 18, f: bold, color: accent });
  right(invoice.number ? 'INVOICE' : 'DRAFT INVOICE', W - M, y - 10, { size: 18, f: bold, color: brand });
  y -= 30;
  const addr = company.address;
  const companyLines = [
    addr ? [addr.line1, addr.line2].filter(Boolean).join(', ') : '',
    addr ? [addr.city, addr.state, addr.postalCode].filter(Boolean).join(', ') : '',
    [company.email, company.phone].filter(Boolean).join(' | '),
    template?.gstNumber ? `GSTIN: ${template.gstNumber}` : '',
  ].filter(Boolean);
  const meta: [string, string][] = [
    ['Invoice no.', invoice.number ?? 'Draft'],
    ['Issue date', formatDate(invoice.issueDate)],
    ['Due date', formatDate(invoice.dueDate)],
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
  ];
  if (invoice.period) meta.push(['Period', invoice.period]);
  const top = y;
  for (const line of companyLines) {
    text(line, M, y, { size: 9, color: MUTED });
    y -= 13;
  }
  let my = top;
  for (const [label, value] of meta) {
    right(label, W - M - 120, my, { size: 9, color: MUTED });
    right(value, W - M, my, { size: 9, f: bold });
    my -= 13;
  }
  y = Math.min(y, my) - 10;
  if (template?.headerText) {
    for (const line of wrap(template.headerText, font, 9, W - 2 * M)) {
      text(line, M, y, { size: 9, color: MUTED });
      y -= 12;
    }
    y -= 4;
  }

  page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, color: RULE, thickness: 1 });
  y -= 18;
  text('Bill to', M, y, { size: 9, color: MUTED });
  text('Property', W / 2, y, { size: 9, color: MUTED });
  y -= 14;
  text(invoice.tenantName, M, y, { size: 11, f: bold });
  text(invoice.propertyName, W / 2, y, { size: 11, f: bold });
  y -= 13;
  text(invoice.tenantEmail, M, y, { size: 9, color: MUTED });
  text(`Unit ${invoice.unitNumber}`, W / 2, y, { size: 9, color: MUTED });
  y -= 26;

  // Line items
  const cols = { description: M + 8, kind: M + 250, qty: W - M - 170, price: W - M - 90, amount: W - M - 8 };
  page.drawRectangle({ x: M, y: y - 6, width: W - 2 * M, height: 20, color: brand, opacity: 0.1 });
  text('Description', cols.description, y, { size: 9, f: bold });
  text('Type', cols.kind, y, { size: 9, f: bold });
  right('Qty', cols.qty, y, { size: 9, f: bold });
  right('Unit price', cols.price, y, { size: 9, f: bold });
  right('Amount', cols.amount, y, { size: 9, f: bold });
  y -= 22;
  for (const line of invoice.lineItems) {
    const descLines = wrap(line.description, font, 9, cols.kind - cols.description - 10);
    ensure(descLines.length * 12 + 8);
    text(line.kind.charAt(0).toUpperCase() + line.kind.slice(1), cols.kind, y, { size: 9, color: MUTED });
    right(String(line.quantity), cols.qty, y, { size: 9 });
    right(pdfMoney(line.unitPrice, invoice.currency), cols.price, y, { size: 9 });
    right(pdfMoney(line.amount, invoice.currency), cols.amount, y, { size: 9 });
    for (const d of descLines) {
      text(d, cols.description, y, { size: 9 });
      y -= 12;
    }
    y -= 4;
    page.drawLine({ start: { x: M, y: y + 6 }, end: { x: W - M, y: y + 6 }, color: RULE, thickness: 0.5 });
  }

  // Totals
  ensure(110);
  y -= 8;
  const totals: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotal, false],
    [
      `Tax${invoice.taxRate ? ` (GST ${(invoice.taxRate / 100).toFixed(2).replace(/\.00$/, '')}%)` : ''}`,
      invoice.tax,
      false,
    ],
    ['Total', invoice.total, true],
    ['Amount paid', invoice.amountPaid, false],
    ['Balance due', invoice.balance, true],
  ];
  for (const [label, value, strong] of totals) {
    right(label, W - M - 110, y, {
      size: strong ? 11 : 10,
      f: strong ? bold : font,
      color: strong ? INK : MUTED,
    });
    right(pdfMoney(value, invoice.currency), W - M - 8, y, {
      size: strong ? 11 : 10,
      f: strong ? bold : font,
    });
    y -= strong ? 18 : 15;
  }
  y -= 4;
  for (const line of wrap(`Amount in words: ${amountInWords(invoice.total)}`, font, 9, W - 2 * M)) {
    text(line, M, y, { size: 9, color: MUTED });
    y -= 12;
  }
  y -= 10;

  const section = (heading: string, body: string) => {
    if (!body.trim()) return;
    const lines = wrap(body, font, 9, W - 2 * M);
    ensure(lines.length * 12 + 20);
    text(heading, M, y, { size: 10, f: bold });
    y -= 14;
    for (const line of lines) {
      text(line, M, y, { size: 9 });
      y -= 12;
    }
    y -= 8;
  };
  section('Payment instructions', template?.paymentInstructions ?? '');
  section('Notes', [invoice.notes, template?.notes ?? ''].filter((s) => s.trim()).join('\n'));
  if (invoice.status === 'void') section('Void', invoice.voidReason ?? 'This invoice is void.');

  const pages = pdf.getPages();
  pages.forEach((p, index) => {
    const footer = `${template?.footerText ? `${ascii(template.footerText)}  -  ` : ''}${title} - page ${index + 1} of ${pages.length}`;
    p.drawText(footer.slice(0, 140), { x: M, y: 28, size: 8, font, color: MUTED });
  });
  return pdf.save();
}
