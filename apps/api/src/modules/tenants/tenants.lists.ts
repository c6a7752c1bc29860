import { TENANT_STATUSES, type TenantDto, type TenantListQuery, type TenantStatus } from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import { badRequest, notFound } from '../../core/errors';
import { boundedPageOf } from '../../core/http';
import type { DbOrTx } from '../../db/client';
import { toTenantListItem } from './tenants.dto';
import type { TenantReads } from './tenants.reads';
import { createTenantsRepo } from './tenants.repo';

export function isTenantStatus(value: string): value is TenantStatus {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

export function unknownStatus(status: string) {
  return badRequest(`Unknown status "${status}": use one of ${TENANT_STATUSES.join(', ')}`, 'status');
}

/** Reading tenants: the company's lists (by status, by company), one tenant, and a person's own tenancies. */
export function tenantLists(db: DbOrTx, reads: TenantReads) {
  async function list(ctx: CompanyContext, query: TenantListQuery) {
    const statuses = [...(query.status ?? []), ...(query['status[]'] ?? [])];
    const { rows, total, exact } = await createTenantsRepo(db).list(
      ctx.companyId,
      // Not `{ ...query, statuses }`: on Node 20 a spread followed by fields costs microseconds (maintenance.dto.ts).
      Object.assign({}, query, { statuses }),
    );
    const now = new Date();
    return {
      data: rows.map((row) => toTenantListItem(row, now)),
      pagination: boundedPageOf(query.page, query.limit, { total, exact }, rows.length),
    };
  }

  return {
    list,

    async byCompany(ctx: CompanyContext, companyId: string, query: TenantListQuery) {
      if (companyId !== ctx.companyId) throw notFound('Company');
      return list(ctx, query);
    },

    /** 404 unless the tenant is one of the company's (before reading an upload). */
    async assertExists(ctx: CompanyContext, tenantId: string): Promise<void> {
      await reads.mustFind(ctx.companyId, tenantId);
    },

    async get(ctx: CompanyContext, tenantId: string): Promise<TenantDto> {
      return reads.get(ctx.companyId, tenantId);
    },

    /** The signed-in person's own tenancies (the tenant area), with their documents. */
    async mine(auth: AuthContext) {
      const rows = await createTenantsRepo(db).ofUser(auth.userId);
      return Promise.all(rows.map((row) => reads.detail(row)));
    },
  };
}
