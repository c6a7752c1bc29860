import {
  type Address,
  amountInWords,
  LEDGER_KIND_LABELS,
  LEDGER_STATUS_LABELS,
  type LedgerPaymentDetailDto,
} from '@rentora/shared';
import { type PDFFont, rgb } from 'pdf-lib';
import { A4, ascii, formatDate, INK, MUTED, newPdfDocument, pdfMoney, RULE, wrap } from '../../core/pdf';

const BRAND = rgb(0.31, 0.27, 0.9);

const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  card: 'Card',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  other: 'Other',
};

export const methodLabel = (method: string | null) =>
  method ? (METHOD_LABELS[method] ?? method.replace(/_/g, ' ')) : 'Online';

/**
 * A one-page A5-wide receipt of one ledger row: company, receipt number, payer, amount and amount in words, method,
 * reference and gateway ids, and what it paid (invoice number, booking, installment), property and unit.
 */
export async function renderReceiptPdf(input: {
  payment: LedgerPaymentDetailDto;
  company: { name: string; email: string | null; phone: string | null; address: Address | null };
}): Promise<Uint8Array> {
  const { payment, company } = input;
  const refund = payment.status === 'refunded';
  const title = `${refund ? 'Refund receipt' : 'Receipt'} ${payment.receiptNumber}`;
  const { pdf, font, bold } = await newPdfDocument(title, company.name);
  const { width: W, height: H } = A4;
  const M = 56;
  const page = pdf.addPage([W, H]);
  let y = H - M;
  const text = (value: string, x: number, at: number, size = 10, f: PDFFont = font, color = INK) =>
    page.drawText(ascii(value), { x, y: at, size, font: f, color });
  const right = (value: string, xRight: number, at: number, size = 10, f: PDFFont = font, color = INK) =>
    text(value, xRight - f.widthOfTextAtSize(ascii(value), size), at, size, f, color);

  page.drawRectangle({ x: 0, y: H - 8, width: W, height: 8, color: BRAND });
  text(company.name, M, y - 10, 18, bold);
  right(refund ? 'REFUND RECEIPT' : 'PAYMENT RECEIPT', W - M, y - 10, 16, bold, BRAND);
  y -= 30;
  const addr = company.address;
  for (const line of [
    addr ? [addr.line1, addr.line2].filter(Boolean).join(', ') : '',
    addr ? [addr.city, addr.state, addr.postalCode].filter(Boolean).join(', ') : '',
    [company.email, company.phone].filter(Boolean).join(' | '),
  ].filter(Boolean)) {
    text(line, M, y, 9, font, MUTED);
    y -= 13;
  }
  y -= 8;
  page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, color: RULE, thickness: 1 });
  y -= 26;

  text(refund ? 'Amount refunded' : 'Amount received', M, y, 10, font, MUTED);
  right(`Receipt no. ${payment.receiptNumber}`, W - M, y, 10, bold);
  y -= 24;
  text(pdfMoney(payment.amount, payment.currency), M, y, 24, bold, BRAND);
  right(`Date ${formatDate(payment.paidAt)}`, W - M, y + 6, 10);
  y -= 20;
  for (const line of wrap(`${amountInWords(payment.amount)}`, font, 10, W - 2 * M)) {
    text(line, M, y, 10, font, MUTED);
    y -= 13;
  }
  y -= 14;

  const paidFor = payment.invoiceNumber
    ? `Invoice ${payment.invoiceNumber}`
    : payment.installmentNumber
      ? `Booking installment ${payment.installmentNumber}`
      : payment.description || LEDGER_KIND_LABELS[payment.kind];
  const rows: [string, string][] = [
    [refund ? 'Refunded to' : 'Received from', payment.payerName || '-'],
    ['Email', payment.payerEmail ?? ''],
    ['For', paidFor],
    ['Property', payment.propertyName ?? ''],
    ['Unit', payment.unitNumber ?? ''],
    ['Method', methodLabel(payment.method)],
    ['Reference', payment.reference],
    ['Gateway payment id', payment.gatewayPaymentId ?? ''],
    ['Gateway order id', payment.gatewayOrderId ?? ''],
    ['Status', LEDGER_STATUS_LABELS[payment.status]],
    ['Recorded by', payment.recordedByName ?? ''],
  ];
  for (const [label, value] of rows) {
    if (!value) continue;
    text(label, M, y, 10, font, MUTED);
    const lines = wrap(value, bold, 10, W - 2 * M - 160);
    for (const line of lines) {
      text(line, M + 160, y, 10, bold);
      y -= 14;
    }
    y -= 4;
    page.drawLine({ start: { x: M, y: y + 8 }, end: { x: W - M, y: y + 8 }, color: RULE, thickness: 0.5 });
  }
  if (payment.refundedAmount > 0) {
    y -= 6;
    text(
      `Refunded since: ${pdfMoney(payment.refundedAmount, payment.currency)} (${payment.refunds.length} refund${payment.refunds.length === 1 ? '' : 's'})`,
      M,
      y,
      10,
      bold,
    );
    y -= 16;
  }
  y -= 20;
  for (const line of wrap(
    'This receipt was issued electronically and is valid without a signature.',
    font,
    9,
    W - 2 * M,
  )) {
    text(line, M, y, 9, font, MUTED);
    y -= 12;
  }
  page.drawText(`${ascii(company.name)} - ${title}`.slice(0, 140), {
    x: M,
    y: 28,
    size: 8,
    font,
    color: MUTED,
  });
  return pdf.save();
}
