import {
  amountInWords,
  formatDate,
  formatMoney,
  formatMonth,
  REVENUE_STAMP_THRESHOLD,
  type RentReceiptsDto,
} from '@rentora/shared';
import { DEFAULT_BRAND as BRAND, MUTED, PdfCanvas } from '../../core/pdf-kit';
import { methodLabel } from '../payments/payments.service';

/**
 * A rent receipt for the tenant's HRA claim: one month (`month` "2026-11") or the annual statement of a financial
 * year. Landlord and PAN, tenant, unit address, period, amount in figures and words, each payment's date and
 * reference, the revenue-stamp note for rent received in cash above ₹5,000, and the landlord's signature.
 */
export async function renderRentReceiptPdf(
  receipts: RentReceiptsDto,
  month: string | null,
  timeZone: string,
): Promise<Uint8Array> {
  const months = month ? receipts.months.filter((m) => m.month === month) : receipts.months;
  const total = months.reduce((sum, m) => sum + m.rentPaid, 0);
  const title = month ? 'RENT RECEIPT' : 'ANNUAL RENT STATEMENT';
  const fyStart = Number(receipts.financialYear.slice(0, 4));
  const period = month
    ? formatMonth(month)
    : `${formatDate(`${fyStart}-04-01`)} to ${formatDate(`${fyStart + 1}-03-31`)} (FY ${receipts.financialYear})`;
  const c = await PdfCanvas.create({
    title: `${title} ${period}`,
    author: receipts.landlordName,
    timeZone,
    margin: 56,
  });
  const { M, W } = c;

  c.band(BRAND);
  c.text(receipts.landlordName, M, c.y - 10, { size: 16, bold: true });
  c.right(title, W - M, c.y - 10, { size: 14, bold: true, color: BRAND });
  c.y -= 34;
  c.text(`Landlord PAN: ${receipts.landlordPan ?? 'not given'}`, M, c.y, { color: MUTED });
  c.y -= 16;
  c.rule();
  c.y -= 24;

  c.text('Rent received', M, c.y, { color: MUTED });
  c.y -= 24;
  c.text(c.money(total), M, c.y, { size: 22, bold: true, color: BRAND });
  c.y -= 18;
  c.paragraph(amountInWords(total), { size: 10, color: MUTED });
  c.y -= 10;
  for (const [label, value] of [
    ['Received from', receipts.tenantName],
    ['For the rent of', receipts.unitAddress],
    ['Period', period],
    ['Landlord', receipts.landlordName],
    ['Landlord PAN', receipts.landlordPan ?? 'not given'],
  ] as const) {
    c.text(label, M, c.y, { color: MUTED });
    c.y = c.block([[value, { size: 10, bold: true }]], M + 130, c.y, c.inner - 130) - 4;
    c.rule(c.y + 8, 0.5);
  }
  c.y -= 12;

  if (!month) {
    c.table(
      [
        { header: 'Month', width: 140 },
        { header: 'Payments' },
        { header: 'Rent paid', width: 110, align: 'right' },
      ],
      receipts.months.map((m) => ({
        cells: [
          formatMonth(m.month),
          m.payments.map((p) => c.date(p.paidAt)).join(', ') || '-',
          c.money(m.rentPaid),
        ],
      })),
      BRAND,
      9,
    );
  }
  const paid = months.flatMap((m) => m.payments);
  c.table(
    [
      { header: 'Date', width: 70 },
      { header: 'Invoice', width: 90 },
      { header: 'Method / reference' },
      { header: 'Receipt', width: 90 },
      { header: 'Rent', width: 85, align: 'right' },
    ],
    paid.length
      ? paid.map((p) => ({
          cells: [
            c.date(p.paidAt),
            p.invoiceNumber ?? '',
            [methodLabel(p.method), p.reference, p.tds ? `TDS ${c.money(p.tds)}` : '']
              .filter(Boolean)
              .join(' - '),
            p.receiptNumber ?? '',
            c.money(p.rent),
          ],
        }))
      : [{ cells: ['', '', 'No rent received in this period', '', ''] }],
    BRAND,
    8,
  );

  const stamped = months.filter((m) => m.cashRent > REVENUE_STAMP_THRESHOLD);
  if (stamped.length > 0) {
    c.paragraph(
      `Rent received in cash above ${formatMoney(REVENUE_STAMP_THRESHOLD)} (${stamped.map((m) => formatMonth(m.month)).join(', ')}): a revenue stamp is affixed and signed across by the landlord.`,
      { size: 9, bold: true },
    );
    c.y -= 6;
  }
  c.ensure(90);
  c.y -= 30;
  c.text('Revenue stamp', M, c.y, { color: MUTED });
  c.right("Landlord's signature", W - M, c.y, { color: MUTED });
  c.y -= 40;
  c.rule(c.y, 0.5);
  c.y -= 16;
  c.paragraph(
    'Issued for the tenant to claim house rent allowance. TDS, where shown, was deducted by the tenant and counts as rent paid.',
    { size: 8, color: MUTED },
  );
  c.footer((i, n) => `${receipts.landlordName} - ${title} ${period} - page ${i} of ${n}`);
  return c.save();
}
