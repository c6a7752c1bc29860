import { nextRentDueDate, type TenantDto, tenantMonthlyTotal } from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { pageOf } from '../../core/http';
import type { Db } from '../../db/client';
import { setTenantDues } from '../invoices/invoices.service';
import { duesOf } from './tenants.dto';
import { listTenantPayments } from './tenants.payments';
import type { TenantReads } from './tenants.reads';
import { createTenantRecordsRepo } from './tenants.records.repo';
import { createTenantsRepo } from './tenants.repo';

/** A tenancy's account (dues, payments) and record (notes, complaints, warnings, compliance, ratings). */
export function tenantRecords(db: Db, reads: TenantReads) {
  const { mustFind } = reads;

  async function dues(ctx: CompanyContext, tenantId: string) {
    const row = await mustFind(ctx.companyId, tenantId);
    return {
      ...duesOf(row),
      monthlyTotal: tenantMonthlyTotal({
        rentAmount: row.rent,
        maintenanceCharges: row.maintenanceCharges,
      }),
      nextRentDueDate: nextRentDueDate(row.rentDueDay),
      currency: row.currency,
    };
  }

  return {
    dues,

    async setFinancials(
      ctx: CompanyContext,
      tenantId: string,
      input: { rent?: number; maintenance?: number; utilities?: number; penalties?: number },
    ) {
      await mustFind(ctx.companyId, tenantId);
      // The figures shown become the ones asked for; they still follow the tenancy's invoices afterwards.
      await db.transaction((tx) => setTenantDues(tx, ctx.companyId, tenantId, input));
      return dues(ctx, tenantId);
    },

    async payments(ctx: CompanyContext, tenantId: string, page: { page: number; limit: number }) {
      await mustFind(ctx.companyId, tenantId);
      const result = await listTenantPayments(db, ctx.companyId, tenantId, page);
      return { data: result.data, pagination: pageOf(result.page, result.limit, result.total) };
    },

    async addEntry(
      ctx: CompanyContext,
      tenantId: string,
      kind: 'note' | 'complaint' | 'warning',
      input: { content: string; type: string },
    ): Promise<TenantDto> {
      await mustFind(ctx.companyId, tenantId);
      await createTenantRecordsRepo(db).insertEntry({
        companyId: ctx.companyId,
        tenantId,
        kind,
        type: input.type,
        content: input.content,
        authorUserId: ctx.userId,
      });
      return reads.get(ctx.companyId, tenantId);
    },

    async setCompliance(
      ctx: CompanyContext,
      tenantId: string,
      input: Record<string, boolean | string | undefined>,
    ) {
      const row = await mustFind(ctx.companyId, tenantId);
      const compliance: Record<string, boolean | string> = { ...row.compliance };
      for (const [key, value] of Object.entries(input)) if (value !== undefined) compliance[key] = value;
      await createTenantsRepo(db).update(ctx.companyId, tenantId, { compliance });
      return reads.get(ctx.companyId, tenantId);
    },

    async setRatings(ctx: CompanyContext, tenantId: string, input: Record<string, number | undefined>) {
      const row = await mustFind(ctx.companyId, tenantId);
      const ratings: Record<string, number> = { ...row.ratings };
      for (const [key, value] of Object.entries(input)) if (value !== undefined) ratings[key] = value;
      await createTenantsRepo(db).update(ctx.companyId, tenantId, { ratings });
      return reads.get(ctx.companyId, tenantId);
    },

    async behavior(ctx: CompanyContext, tenantId: string) {
      const tenant = await reads.get(ctx.companyId, tenantId);
      return { complaints: tenant.complaints, warnings: tenant.warnings, ratings: tenant.ratings };
    },
  };
}
