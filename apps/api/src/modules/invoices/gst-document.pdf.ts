import {
  amountInWords,
  type CreditNoteDto,
  type CreditNoteLine,
  type gstDocumentFields,
  type InvoiceLine,
  SAC_RESIDENTIAL_RENT,
  stateCodeOfGstin,
} from '@rentora/shared';
import type { RGB } from 'pdf-lib';
import {
  addressLine,
  contactLine,
  type DocumentCompany,
  MUTED,
  type PdfCanvas,
  pdfRate,
  type TableColumn,
  type TableRow,
} from '../../core/pdf-kit';

/**
 * The parts an invoice and a credit note share as GST documents (CGST Rules 46, 49 and 53): the supplier and its
 * GSTIN, the recipient and theirs, the place of supply, the lines with SAC and CGST + SGST or IGST, the tax totals,
 * the reverse-charge statement and the amount in words.
 */

/** The GST facts of a document (an invoice or a credit note: they carry the same fields). */
export type GstDocument = Pick<
  CreditNoteDto,
  keyof typeof gstDocumentFields | 'tenantName' | 'propertyName' | 'unitNumber'
>;

type GstLine = (InvoiceLine | CreditNoteLine) & { quantity?: number };

export const documentTitle = (doc: Pick<GstDocument, 'documentType'>): string =>
  doc.documentType === 'tax_invoice' ? 'TAX INVOICE' : 'BILL OF SUPPLY';

export const isInterStateDocument = (doc: GstDocument): boolean =>
  !!doc.supplierGstin &&
  !!doc.placeOfSupply &&
  stateCodeOfGstin(doc.supplierGstin) !== doc.placeOfSupply.code;

/**
 * The header: the supplier (legal name, address, GSTIN, contact; the company's own name and address when the
 * document has none) on the left, the title and `meta` on the right. Leaves the pen below both.
 */
export function drawSupplierHeader(
  c: PdfCanvas,
  doc: GstDocument,
  company: DocumentCompany,
  look: { title: string; brand: RGB; accent: RGB },
  meta: [string, string][],
): void {
  const half = c.inner / 2 - 10;
  const nameBottom = c.block(
    [[doc.supplierLegalName || company.name, { size: 16, bold: true, color: look.accent }]],
    c.M,
    c.y - 10,
    half,
  );
  c.right(look.title, c.W - c.M, c.y - 10, { size: 16, bold: true, color: look.brand });
  const top = Math.min(nameBottom, c.y - 30) - 2;
  const left = c.block(
    [
      [doc.supplierAddress || addressLine(company.address), { color: MUTED }],
      [doc.supplierGstin ? `GSTIN: ${doc.supplierGstin}` : '', { bold: true }],
      [contactLine(company), { color: MUTED }],
    ],
    c.M,
    top,
    half,
  );
  const right = c.pairs(meta, top);
  c.y = Math.min(left, right) - 8;
}

/** Recipient (legal name, address, GSTIN) on the left; property, unit and place of supply on the right. */
export function drawParties(c: PdfCanvas, doc: GstDocument, recipientHeading: string, email?: string): void {
  c.ensure(90);
  c.rule();
  c.y -= 18;
  const half = c.inner / 2 - 10;
  const mid = c.M + c.inner / 2;
  c.text(recipientHeading, c.M, c.y, { size: 9, color: MUTED });
  c.text('Property', mid, c.y, { size: 9, color: MUTED });
  const top = c.y - 14;
  const left = c.block(
    [
      [doc.recipientLegalName || doc.tenantName, { size: 11, bold: true }],
      [doc.recipientAddress, { color: MUTED }],
      [
        doc.recipientGstin ? `GSTIN: ${doc.recipientGstin}` : 'GSTIN: Unregistered',
        { bold: !!doc.recipientGstin },
      ],
      [email ?? '', { color: MUTED }],
    ],
    c.M,
    top,
    half,
  );
  const pos = doc.placeOfSupply;
  const right = c.block(
    [
      [doc.propertyName, { size: 11, bold: true }],
      [`Unit ${doc.unitNumber}`, { color: MUTED }],
      [`Place of supply: ${pos ? `${pos.code}-${pos.name}` : '-'}`, {}],
      [pos ? `Inter-state supply: ${isInterStateDocument(doc) ? 'Yes' : 'No'}` : '', {}],
    ],
    mid,
    top,
    half,
  );
  c.y = Math.min(left, right) - 14;
}

const NO_TAX_NOTE: Record<string, string> = {
  exempt: 'Exempt',
  non_supply: 'Not a supply',
  unregistered: 'No tax',
};

/**
 * The lines: description, SAC, (quantity), value, then CGST and SGST or IGST (rate and amount) as the document uses
 * them; a bill of supply has one "GST" column saying why nothing is charged. Amounts in the table are rupees
 * (the headers say "(₹)").
 */
export function drawGstLines(c: PdfCanvas, doc: GstDocument, lines: readonly GstLine[], tint: RGB): void {
  const withQty = lines.some((l) => l.quantity !== undefined);
  const columns: TableColumn[] = [
    { header: 'Description' },
    { header: 'SAC', width: 44 },
    ...(withQty ? [{ header: 'Qty', width: 30, align: 'right' as const }] : []),
    { header: 'Taxable value (₹)', width: 68, align: 'right' },
  ];
  const head = (l: GstLine) => [
    l.description,
    l.sac ?? '-',
    ...(withQty ? [String(l.quantity ?? '')] : []),
    c.amount(l.taxableValue),
  ];
  const taxFrom = columns.length;
  const taxed = (l: GstLine) => l.treatment === 'taxable' || l.treatment === 'reverse_charge';
  const split = lines.some((l) => l.cgstRate > 0);
  const integrated = lines.some((l) => l.igstRate > 0);
  if (doc.documentType === 'bill_of_supply' || (!split && !integrated)) {
    columns.push({ header: 'GST', width: 80 });
    const rows = lines.map((l) => ({ cells: [...head(l), NO_TAX_NOTE[l.treatment] ?? 'Nil'] }));
    c.table(columns, rows, tint);
    return;
  }
  const parts: (readonly ['CGST' | 'SGST' | 'IGST', 'cgst' | 'sgst' | 'igst'])[] = [
    ...(split
      ? ([
          ['CGST', 'cgst'],
          ['SGST', 'sgst'],
        ] as const)
      : []),
    ...(integrated ? ([['IGST', 'igst']] as const) : []),
  ];
  for (const [label] of parts) {
    columns.push({ header: `${label} rate`, width: 36, align: 'right' });
    columns.push({ header: `${label} (₹)`, width: 58, align: 'right' });
  }
  const rows: TableRow[] = lines.map((l) => {
    if (!taxed(l)) {
      return {
        cells: [...head(l), ...parts.flatMap(() => ['', ''])],
        span: { from: taxFrom, text: NO_TAX_NOTE[l.treatment] ?? 'Nil' },
      };
    }
    return {
      cells: [...head(l), ...parts.flatMap(([, key]) => [pdfRate(l[`${key}Rate`]), c.amount(l[key])])],
    };
  });
  c.table(columns, rows, tint);
}

/** One rate for a component when every taxed line has the same one: "CGST @ 9%". */
function componentLabel(label: string, rates: number[]): string {
  const distinct = [...new Set(rates.filter((r) => r > 0))];
  return distinct.length === 1 ? `${label} @ ${pdfRate(distinct[0]!)}` : label;
}

/**
 * The totals of the supplies: taxable value, deposits (not a supply), and the tax the document collects by
 * component. On reverse charge the tax is stated separately (see `reverseChargeLines`), not added.
 */
export function gstTotalRows(doc: GstDocument, lines: readonly GstLine[]): [string, number][] {
  const rows: [string, number][] = [['Taxable value', doc.taxableValue]];
  const nonSupply = lines.filter((l) => l.treatment === 'non_supply').reduce((s, l) => s + l.amount, 0);
  if (nonSupply) rows.push(['Deposit (not a supply)', nonSupply]);
  if (doc.documentType === 'tax_invoice' && !doc.reverseCharge) {
    const uses = (key: 'cgstRate' | 'igstRate') => lines.some((l) => l[key] > 0);
    if (uses('cgstRate')) {
      rows.push([
        componentLabel(
          'CGST',
          lines.map((l) => l.cgstRate),
        ),
        doc.cgst,
      ]);
      rows.push([
        componentLabel(
          'SGST',
          lines.map((l) => l.sgstRate),
        ),
        doc.sgst,
      ]);
    }
    if (uses('igstRate'))
      rows.push([
        componentLabel(
          'IGST',
          lines.map((l) => l.igstRate),
        ),
        doc.igst,
      ]);
  }
  return rows;
}

/** Right-aligned label/amount rows; `strong` rows bold and larger. */
export function drawTotals(
  c: PdfCanvas,
  rows: readonly [string, number, boolean?][],
  currency = 'INR',
): void {
  c.ensure(rows.length * 16 + 20);
  c.y -= 4;
  for (const [label, value, strong] of rows) {
    const size = strong ? 11 : 10;
    c.right(label, c.W - c.M - 120, c.y, { size, bold: !!strong, color: strong ? undefined : MUTED });
    c.right(c.money(value, currency), c.W - c.M - 4, c.y, { size, bold: !!strong });
    c.y -= strong ? 18 : 15;
  }
  c.y -= 4;
}

/**
 * The statements under the totals: reverse charge (with the tax the recipient owes, which the total leaves out),
 * why a bill of supply charges nothing, and the total in words.
 */
export function drawGstStatements(
  c: PdfCanvas,
  doc: GstDocument,
  lines: readonly GstLine[],
  total: number,
): void {
  if (doc.documentType === 'tax_invoice') {
    c.paragraph(`Tax payable on reverse charge: ${doc.reverseCharge ? 'Yes' : 'No'}`, { bold: true });
    if (doc.reverseCharge) {
      const parts = [
        doc.cgst ? `CGST ${c.money(doc.cgst)}` : '',
        doc.sgst ? `SGST ${c.money(doc.sgst)}` : '',
        doc.igst ? `IGST ${c.money(doc.igst)}` : '',
      ].filter(Boolean);
      c.paragraph(
        `Tax payable by the recipient on reverse charge: ${c.money(doc.reverseChargeTax)} (${parts.join(' + ')}). ` +
          'It is not included in the total.',
      );
    }
  } else if (lines.some((l) => l.treatment === 'exempt')) {
    c.paragraph(`Exempt supply of residential dwelling (SAC ${SAC_RESIDENTIAL_RENT})`, { bold: true });
  } else if (!doc.supplierGstin) {
    c.paragraph('Composition/unregistered supplier: no tax charged', { bold: true });
  }
  c.y -= 2;
  c.paragraph(`Amount in words: ${amountInWords(total)}`, { color: MUTED });
  c.y -= 8;
}
