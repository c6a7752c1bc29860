import {
  businessDate,
  financialYearOf,
  financialYearStarting,
  HRA_PAN_THRESHOLD,
  type InvoiceLine,
  monthsOfFinancialYear,
  type RentPaymentDto,
  type RentReceiptPdfQuery,
  type RentReceiptsDto,
  rentShareOf,
  startOfBusinessDate,
} from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import { AppError, notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import type { GstService } from '../gst/gst.service';
import { renderRentReceiptPdf } from './rent-receipts.pdf';
import { createRentReceiptsRepo } from './rent-receipts.repo';

/** A tenancy opened by a tenant portal code. */
type PortalTenancy = { companyId: string; tenantId: string };
type Tenancy = NonNullable<Awaited<ReturnType<ReturnType<typeof createRentReceiptsRepo>['tenancy']>>>;

/** What of an invoice is rent: its rent lines with the tax collected on them (reverse charge: the tenant pays it). */
function rentOfInvoice(
  lines: { kind: InvoiceLine['kind']; amount: number; cgst?: number; sgst?: number; igst?: number }[],
  reverseCharge: boolean,
): number {
  return lines
    .filter((line) => line.kind === 'rent')
    .reduce(
      (sum, l) => sum + l.amount + (reverseCharge ? 0 : (l.cgst ?? 0) + (l.sgst ?? 0) + (l.igst ?? 0)),
      0,
    );
}

/**
 * HRA rent receipts: the rent a tenancy paid in a financial year, month by month. Each payment of the tenancy's
 * invoices (money received plus the TDS deducted with it) pays rent in proportion of the invoice's rent lines (with
 * their tax) to its total, so a bill of rent and maintenance counts its rent part only. A payment belongs to the
 * month of its date in India. Above ₹1,00,000 of rent a year the landlord's PAN must be on the receipt.
 */
export function rentReceipts(db: Db, gst: GstService) {
  const repo = createRentReceiptsRepo(db);

  async function build(tenancy: Tenancy, fyLabel: string): Promise<RentReceiptsDto> {
    const fy = financialYearStarting(Number(fyLabel.slice(0, 4)));
    const [supplier, rows] = await Promise.all([
      gst.supplier(tenancy.companyId),
      repo.paymentsBetween(
        tenancy.companyId,
        tenancy.id,
        startOfBusinessDate(fy.from),
        startOfBusinessDate(`${fy.startYear + 1}-04-01`),
      ),
    ]);
    const months = monthsOfFinancialYear(fy.label).map((month) => ({
      month,
      rentPaid: 0,
      cashRent: 0,
      payments: [] as RentPaymentDto[],
    }));
    for (const row of rows) {
      const rent = rentShareOf(
        row.amount + row.tds,
        rentOfInvoice(row.lineItems, row.reverseCharge),
        row.total,
      );
      if (rent <= 0) continue;
      const slot = months.find((m) => m.month === businessDate(row.paidAt).slice(0, 7));
      if (!slot) continue;
      slot.rentPaid += rent;
      if (row.method === 'cash') slot.cashRent += rent;
      slot.payments.push({
        paidAt: row.paidAt.toISOString(),
        invoiceNumber: row.invoiceNumber,
        method: row.method,
        reference: row.reference,
        receiptNumber: row.receiptNumber,
        amount: row.amount,
        tds: row.tds,
        rent,
      });
    }
    const total = months.reduce((sum, m) => sum + m.rentPaid, 0);
    const address = [
      tenancy.addressLine1,
      tenancy.addressLine2,
      tenancy.city,
      tenancy.state,
      tenancy.postalCode,
    ]
      .filter(Boolean)
      .join(', ');
    const panRequired = total > HRA_PAN_THRESHOLD;
    if (panRequired && !supplier.pan) {
      throw new AppError(
        'UNPROCESSABLE',
        "Rent paid this year is above ₹1,00,000: the landlord's PAN must be on the receipt. Add the company's PAN in its tax settings.",
        { details: [{ path: 'pan', message: 'The landlord PAN is missing' }] },
      );
    }
    return {
      tenantId: tenancy.id,
      financialYear: fy.label,
      tenantName: `${tenancy.firstName} ${tenancy.lastName}`.trim(),
      propertyName: tenancy.propertyName,
      unitNumber: tenancy.unitNumber,
      unitAddress: `Unit ${tenancy.unitNumber}, ${tenancy.propertyName}, ${address}`,
      landlordName: supplier.legalName || tenancy.companyName,
      landlordPan: supplier.pan,
      panRequired,
      total,
      months,
    };
  }

  async function companyTenancy(of: PortalTenancy): Promise<Tenancy> {
    const tenancy = await repo.tenancy(of);
    if (!tenancy) throw notFound('Tenant');
    return tenancy;
  }

  const staffTenancy = (ctx: CompanyContext, tenantId: string) =>
    companyTenancy({ companyId: ctx.companyId, tenantId });

  async function ownTenancy(ctx: AuthContext, tenantId: string): Promise<Tenancy> {
    const tenancy = await repo.tenancy({ tenantId, userId: ctx.userId });
    if (!tenancy) throw notFound('Tenant');
    return tenancy;
  }

  async function pdfOf(tenancy: Tenancy, query: RentReceiptPdfQuery) {
    const fyLabel = query.month ? financialYearOf(`${query.month}-01`).label : query.fy!;
    const receipts = await build(tenancy, fyLabel);
    const bytes = await renderRentReceiptPdf(receipts, query.month ?? null, tenancy.companyTimeZone);
    const name = query.month ? `rent-receipt-${query.month}.pdf` : `rent-statement-${fyLabel}.pdf`;
    return { bytes, fileName: name };
  }

  return {
    /** GET /tenants/{id}/rent-receipts: staff, any tenancy of their company. */
    forTenancy: async (ctx: CompanyContext, tenantId: string, fy: string) =>
      build(await staffTenancy(ctx, tenantId), fy),
    pdfForTenancy: async (ctx: CompanyContext, tenantId: string, query: RentReceiptPdfQuery) =>
      pdfOf(await staffTenancy(ctx, tenantId), query),
    /** The tenancy a tenant portal code opened (the code is checked by the caller). */
    forPortal: async (tenancy: PortalTenancy, fy: string) => build(await companyTenancy(tenancy), fy),
    portalPdf: async (tenancy: PortalTenancy, query: RentReceiptPdfQuery) =>
      pdfOf(await companyTenancy(tenancy), query),
    /** The signed-in tenant's own tenancy (tenant area); anyone else's is 404. */
    mine: async (ctx: AuthContext, tenantId: string, fy: string) =>
      build(await ownTenancy(ctx, tenantId), fy),
    minePdf: async (ctx: AuthContext, tenantId: string, query: RentReceiptPdfQuery) =>
      pdfOf(await ownTenancy(ctx, tenantId), query),
  };
}

export type RentReceipts = ReturnType<typeof rentReceipts>;
