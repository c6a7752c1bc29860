import {
  amountInWords,
  LEDGER_KIND_LABELS,
  LEDGER_STATUS_LABELS,
  type LedgerPaymentDetailDto,
} from '@rentora/shared';
import {
  addressLine,
  DEFAULT_BRAND as BRAND,
  contactLine,
  type DocumentCompany,
  MUTED,
  PdfCanvas,
} from '../../core/pdf-kit';

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
 * A one-page A4 receipt of one ledger row: company, receipt number (from the receipt series of its financial year),
 * the date the money was paid (in the company's zone), payer, amount and amount in words, method, reference and gateway ids, and
 * what it paid (invoice number, booking, installment), property and unit.
 */
export async function renderReceiptPdf(input: {
  payment: LedgerPaymentDetailDto;
  company: DocumentCompany;
}): Promise<Uint8Array> {
  const { payment, company } = input;
  const refund = payment.status === 'refunded';
  const title = `${refund ? 'Refund receipt' : 'Receipt'} ${payment.receiptNumber}`;
  const c = await PdfCanvas.create({ title, author: company.name, timeZone: company.timeZone, margin: 56 });
  const { M, W } = c;

  c.band(BRAND);
  c.text(company.name, M, c.y - 10, { size: 18, bold: true });
  c.right(refund ? 'REFUND RECEIPT' : 'PAYMENT RECEIPT', W - M, c.y - 10, {
    size: 16,
    bold: true,
    color: BRAND,
  });
  c.y = c.block(
    [
      [addressLine(company.address), { color: MUTED }],
      [contactLine(company), { color: MUTED }],
    ],
    M,
    c.y - 30,
    c.inner / 2,
  );
  c.y -= 8;
  c.rule();
  c.y -= 26;

  c.text(refund ? 'Amount refunded' : 'Amount received', M, c.y, { color: MUTED });
  c.right(`Receipt no. ${payment.receiptNumber}`, W - M, c.y, { bold: true });
  c.y -= 24;
  c.text(c.money(payment.amount, payment.currency), M, c.y, { size: 24, bold: true, color: BRAND });
  c.right(`${refund ? 'Refunded on' : 'Paid on'} ${c.date(payment.paidAt)}`, W - M, c.y + 6);
  c.y -= 20;
  c.paragraph(amountInWords(payment.amount), { size: 10, color: MUTED });
  c.y -= 14;

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
    c.text(label, M, c.y, { color: MUTED });
    c.y = c.block([[value, { size: 10, bold: true }]], M + 160, c.y, c.inner - 160) - 4;
    c.rule(c.y + 8, 0.5);
  }
  if (payment.refundedAmount > 0) {
    c.y -= 6;
    const count = payment.refunds.length;
    c.paragraph(
      `Refunded since: ${c.money(payment.refundedAmount, payment.currency)} (${count} refund${count === 1 ? '' : 's'})`,
      { size: 10, bold: true },
    );
  }
  c.y -= 20;
  c.paragraph('This receipt was issued electronically and is valid without a signature.', { color: MUTED });
  c.footer(() => `${company.name} - ${title}`);
  return c.save();
}
