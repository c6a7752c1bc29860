import type { DepositDto, DepositReceiptBody, SettlementDto } from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PaymentsService } from '../payments/payments.service';
import { depositOf, recordReceipt } from './deposits.ledger';
import { renderSettlementPdf } from './deposits.pdf';
import { invoiceNumberOf, settlementOf, tenanciesOfUser } from './deposits.repo';
import { settlements } from './deposits.settlement';

export { onDepositPaid, onInvoicePaymentRecorded } from './deposits.ledger';

interface Deps {
  db: Db;
  invoices: InvoicesService;
  payments: PaymentsService;
}

/**
 * Security deposits: the ledger of a tenancy's deposit (deposits.ledger: money held, never income), the move-out
 * settlement (deposits.settlement: deductions, refund or shortfall invoice) and its statement (deposits.pdf). The
 * paid hooks that hold deposit money as it arrives are registered in services.ts.
 */
export function createDepositsService(deps: Deps) {
  const { db, invoices } = deps;
  const settlement = settlements(db, invoices, deps.payments);

  async function statement(companyId: string, tenantId: string, view: SettlementDto) {
    const [tenancy, deposit, company] = await Promise.all([
      settlement.tenancy(db, companyId, tenantId),
      depositOf(db, companyId, tenantId),
      invoices.companyOf(companyId),
    ]);
    const shortfallInvoiceNumber = view.shortfallInvoiceId
      ? await invoiceNumberOf(db, companyId, view.shortfallInvoiceId)
      : null;
    const name = `${tenancy.firstName} ${tenancy.lastName}`.trim();
    const bytes = await renderSettlementPdf({
      company,
      tenant: {
        name,
        email: tenancy.email,
        unit: tenancy.unitNumber,
        property: tenancy.propertyName,
        startDate: tenancy.startDate,
        movedOutAt: tenancy.movedOutAt,
      },
      deposit,
      settlement: view,
      shortfallInvoiceNumber,
    });
    return { bytes, fileName: `deposit-settlement-${name.replace(/\s+/g, '-').toLowerCase()}.pdf` };
  }

  /** The tenant's own finalized settlements (the tenant area), newest tenancy first. */
  async function mine(ctx: AuthContext): Promise<{ deposit: DepositDto; settlement: SettlementDto }[]> {
    const out: { deposit: DepositDto; settlement: SettlementDto }[] = [];
    for (const t of await tenanciesOfUser(db, ctx.userId)) {
      const row = await settlementOf(db, t.companyId, t.id);
      if (row?.status !== 'finalized') continue;
      out.push({
        deposit: await depositOf(db, t.companyId, t.id),
        settlement: await settlement.find(t.companyId, t.id),
      });
    }
    return out;
  }

  async function minePdf(ctx: AuthContext, tenantId: string) {
    const own = (await tenanciesOfUser(db, ctx.userId)).find((t) => t.id === tenantId);
    const row = own ? await settlementOf(db, own.companyId, own.id) : undefined;
    if (!own || row?.status !== 'finalized') throw notFound('Settlement');
    return statement(own.companyId, own.id, await settlement.find(own.companyId, own.id));
  }

  return {
    deposit: (ctx: CompanyContext, tenantId: string) => depositOf(db, ctx.companyId, tenantId),
    recordReceipt: (ctx: CompanyContext, tenantId: string, body: DepositReceiptBody) =>
      recordReceipt(db, ctx, tenantId, body),
    draftSettlement: settlement.draft,
    getSettlement: (ctx: CompanyContext, tenantId: string) => settlement.find(ctx.companyId, tenantId),
    updateSettlement: settlement.update,
    finalizeSettlement: settlement.finalize,
    refundSettlement: settlement.refund,
    async settlementPdf(ctx: CompanyContext, tenantId: string) {
      return statement(ctx.companyId, tenantId, await settlement.find(ctx.companyId, tenantId));
    },
    mine,
    minePdf,
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
