import type {
  MaintenancePriority,
  MaintenancePublicRequestDto,
  TenantPortalMaintenanceDto,
} from '@rentora/shared';
import type { AppDeps } from '../../core/app-deps';
import { AppError, notFound } from '../../core/errors';
import { fullName } from './maintenance.members';
import { createMaintenanceRepo } from './maintenance.repo';
import type { Actor, MaintenanceRequestsService } from './maintenance.service';
import { createTenantMaintenanceRepo } from './maintenance.tenant.repo';

/** Portal calls per IP and rate-limit window (the tenant code check itself allows 30). */
export const TENANT_PORTAL_CALLS_PER_IP = 120;

/**
 * Maintenance from the tenant portal (`/tenant-portal/{tenantCode}`), without an account session: the holder of a
 * current tenancy's code files requests for that unit, sees that tenancy's requests with public comments only, and
 * comments on them.
 */
type Deps = Pick<AppDeps, 'db' | 'limiter'> & { requests: MaintenanceRequestsService };

export function createTenantPortalMaintenanceService(deps: Deps) {
  const { db, limiter } = deps;
  const { requests } = deps;
  const repo = createMaintenanceRepo(db);
  const tenants = createTenantMaintenanceRepo(db);

  async function tenancyOf(ip: string, code: string, companyId?: string) {
    await limiter.hit(`tenant-portal-maintenance:ip:${ip}`, TENANT_PORTAL_CALLS_PER_IP);
    const invalid = () => new AppError('NOT_FOUND', 'Invalid tenant code');
    const row = await tenants.tenancyOfCode(code.toUpperCase(), companyId);
    if (!row || !['active', 'notice_given'].includes(row.tenancyStatus)) throw invalid();
    return row;
  }

  const actorOf = (row: { userId: string; firstName: string; lastName: string }): Actor => ({
    type: 'tenant',
    userId: row.userId,
    name: fullName(row),
  });

  async function requestOf(tenantId: string, companyId: string, id: string) {
    const row = await repo.find(companyId, id);
    if (!row || row.request.tenantId !== tenantId) throw notFound('Maintenance request');
    return row;
  }

  return {
    async view(ip: string, code: string, companyId?: string): Promise<TenantPortalMaintenanceDto> {
      const tenancy = await tenancyOf(ip, code, companyId);
      const [types, ids] = await Promise.all([
        tenants.activeTypesOfCompany(tenancy.companyId),
        tenants.requestIdsOfTenancy(tenancy.companyId, tenancy.tenantId),
      ]);
      const rows = [];
      for (const { id } of ids) {
        const row = await repo.find(tenancy.companyId, id);
        if (row) rows.push(row);
      }
      return {
        tenant: { firstName: tenancy.firstName },
        companyName: tenancy.companyName,
        propertyName: tenancy.propertyName,
        unitNumber: tenancy.unitNumber,
        types: types.map((t) => ({ _id: t.id, name: t.name, key: t.key })),
        requests: await requests.publicDtos(rows),
      };
    },

    async create(
      ip: string,
      code: string,
      companyId: string | undefined,
      input: { type: string; title: string; description: string; priority?: MaintenancePriority },
    ): Promise<MaintenancePublicRequestDto> {
      const tenancy = await tenancyOf(ip, code, companyId);
      const row = await requests.create({
        companyId: tenancy.companyId,
        type: input.type,
        priority: input.priority,
        propertyId: tenancy.propertyId,
        rentalUnitId: tenancy.rentalUnitId,
        title: input.title,
        description: input.description,
        source: 'tenant',
        requester: {
          type: 'tenant',
          userId: tenancy.userId,
          name: fullName(tenancy),
          email: tenancy.email,
          phone: tenancy.phone,
        },
        tenantId: tenancy.tenantId,
        actor: actorOf(tenancy),
      });
      const [dto] = await requests.publicDtos([await requestOf(tenancy.tenantId, tenancy.companyId, row.id)]);
      return dto!;
    },

    async comment(ip: string, code: string, companyId: string | undefined, id: string, comment: string) {
      const tenancy = await tenancyOf(ip, code, companyId);
      await requestOf(tenancy.tenantId, tenancy.companyId, id);
      await requests.addComment(tenancy.companyId, id, comment, actorOf(tenancy));
      const [dto] = await requests.publicDtos([await requestOf(tenancy.tenantId, tenancy.companyId, id)]);
      return dto!;
    },
  };
}

export type TenantPortalMaintenanceService = ReturnType<typeof createTenantPortalMaintenanceService>;
