import { DEDUCTION_REASON_LABELS, type DepositDto, type SettlementDto } from '@rentora/shared';
import { contactLine, DEFAULT_BRAND, type DocumentCompany, INK, MUTED, PdfCanvas } from '../../core/pdf-kit';
import { methodLabel } from '../payments/payments.service';

/**
 * The move-out settlement statement: the landlord and the tenant, the deposit received, each deduction, the refund
 * due (and how it was paid) or the shortfall the tenant owes, and a block for both signatures.
 */
export async function renderSettlementPdf(input: {
  company: DocumentCompany;
  tenant: {
    name: string;
    email: string;
    unit: string;
    property: string;
    startDate: string;
    movedOutAt: string | null;
  };
  deposit: DepositDto;
  settlement: SettlementDto;
  shortfallInvoiceNumber: string | null;
}): Promise<Uint8Array> {
  const { company, tenant, deposit, settlement } = input;
  const title = 'Security deposit settlement';
  const c = await PdfCanvas.create({ title, author: company.name, timeZone: company.timeZone });
  const money = (minor: number) => c.money(minor, settlement.currency);
  c.band(DEFAULT_BRAND);
  c.text(company.name, c.M, c.y, { size: 14, bold: true, color: INK });
  c.y -= 16;
  c.text(contactLine(company), c.M, c.y, { size: 8, color: MUTED });
  c.y -= 24;
  c.text(title.toUpperCase(), c.M, c.y, { size: 12, bold: true });
  c.y -= 18;
  c.y = Math.min(
    c.block(
      [
        [`Tenant: ${tenant.name}`, { bold: true }],
        [tenant.email, {}],
        [`${tenant.property}, unit ${tenant.unit}`, {}],
        [
          `Tenancy from ${c.date(tenant.startDate)}${
            tenant.movedOutAt ? ` to ${c.date(tenant.movedOutAt)}` : ''
          }`,
          {},
        ],
      ],
      c.M,
      c.y,
      c.inner / 2,
    ),
    c.pairs(
      [
        ['Status', settlement.status === 'finalized' ? 'Final' : 'Draft'],
        ['Finalized', settlement.finalizedAt ? c.date(settlement.finalizedAt) : '-'],
        ['Deposit agreed', money(deposit.agreed)],
        ['Deposit held', money(settlement.held)],
      ],
      c.y,
    ),
  );
  c.y -= 12;
  c.table(
    [
      { header: 'Deduction' },
      { header: 'Reason', width: 110 },
      { header: 'Amount', width: 100, align: 'right' },
    ],
    settlement.deductions.length === 0
      ? [{ cells: ['No deductions', '', money(0)] }]
      : settlement.deductions.map((d) => ({
          cells: [d.description, DEDUCTION_REASON_LABELS[d.reason], money(d.amount)],
        })),
    DEFAULT_BRAND,
    9,
  );
  c.y -= 8;
  const rows: [string, string][] = [
    ['Deposit held', money(settlement.held)],
    ['Total deductions', money(settlement.totalDeductions)],
  ];
  if (settlement.shortfall > 0) {
    rows.push(['Owed by the tenant', money(settlement.shortfall)]);
    if (input.shortfallInvoiceNumber) rows.push(['Invoice', input.shortfallInvoiceNumber]);
  } else {
    rows.push(['Refund due', money(settlement.refundDue)]);
  }
  if (settlement.refundStatus === 'refunded' && settlement.refundedAt) {
    rows.push(['Refunded', c.date(settlement.refundedAt)]);
    rows.push([
      'Method',
      `${settlement.refundMethod ? methodLabel(settlement.refundMethod) : ''} ${settlement.refundReference ?? ''}`.trim(),
    ]);
  }
  c.y = c.pairs(rows, c.y, 140, 10) - 30;
  c.ensure(90);
  const half = c.inner / 2;
  for (const [i, who] of ['For the landlord', 'Tenant'].entries()) {
    const x = c.M + i * half;
    c.page.drawLine({
      start: { x, y: c.y },
      end: { x: x + half - 30, y: c.y },
      thickness: 0.5,
      color: MUTED,
    });
    c.text(who === 'Tenant' ? `${who}: ${tenant.name}` : `${who}: ${company.name}`, x, c.y - 12, { size: 8 });
    c.text('Signature and date', x, c.y - 22, { size: 8, color: MUTED });
  }
  c.y -= 40;
  c.footer((page, count) => `${title} - ${tenant.name} - page ${page} of ${count}`);
  return c.save();
}
