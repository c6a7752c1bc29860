import {
  type MaintenancePublicRequestDto,
  makePagePagination,
  type PagePagination,
  type TenantMaintenanceOptionsDto,
  type TenantRequestCreateBody,
  type ZTenantRequestListQuery,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { notFound } from '../../core/errors';
import { findCurrentTenancies } from '../tenants/tenants.service';
import { fullName } from './maintenance.members';
import { createMaintenanceRepo } from './maintenance.repo';
import type { Actor, MaintenanceRequestsService } from './maintenance.service';
import { createTenantMaintenanceRepo } from './maintenance.tenant.repo';

type TenantListQuery = z.infer<typeof ZTenantRequestListQuery>;

/**
 * The tenant side: a signed-in person files requests only for a unit they currently rent, sees only their own,
 * with public comments (never internal notes), and can comment and add photos.
 */
type Deps = Pick<AppDeps, 'db'> & { requests: MaintenanceRequestsService };

export function createTenantMaintenanceService(deps: Deps) {
  const { db } = deps;
  const { requests } = deps;
  const repo = createMaintenanceRepo(db);
  const tenants = createTenantMaintenanceRepo(db);

  const actorOf = (auth: AuthContext): Actor => ({
    type: 'tenant',
    userId: auth.userId,
    name: fullName(auth.user),
  });

  async function own(auth: AuthContext, id: string) {
    const row = await repo.findAnyCompany(id);
    if (!row || row.request.requesterUserId !== auth.userId || row.request.requesterType !== 'tenant') {
      throw notFound('Maintenance request');
    }
    return row;
  }

  async function dto(auth: AuthContext, id: string): Promise<MaintenancePublicRequestDto> {
    const [result] = await requests.publicDtos([await own(auth, id)]);
    return result!;
  }

  return {
    async options(auth: AuthContext): Promise<TenantMaintenanceOptionsDto> {
      const tenancies = await findCurrentTenancies(db, auth.userId);
      if (tenancies.length === 0) return { units: [] };
      const unitRows = await tenants.unitsWithNames(tenancies.map((t) => t.rentalUnitId));
      const typeRows = await tenants.activeTypesOf([...new Set(tenancies.map((t) => t.companyId))]);
      return {
        units: tenancies.flatMap((tenancy) => {
          const unit = unitRows.find((u) => u.id === tenancy.rentalUnitId);
          if (!unit) return [];
          return [
            {
              tenantId: tenancy.tenantId,
              companyId: tenancy.companyId,
              companyName: unit.companyName,
              propertyId: tenancy.propertyId,
              propertyName: unit.propertyName,
              rentalUnitId: tenancy.rentalUnitId,
              unitNumber: unit.unitNumber,
              types: typeRows
                .filter((t) => t.companyId === tenancy.companyId)
                .map((t) => ({ _id: t.id, name: t.name, key: t.key })),
            },
          ];
        }),
      };
    },

    async create(auth: AuthContext, input: TenantRequestCreateBody): Promise<MaintenancePublicRequestDto> {
      const tenancy = (await findCurrentTenancies(db, auth.userId)).find(
        (t) => t.rentalUnitId === input.rentalUnitId,
      );
      if (!tenancy) throw notFound('Rental unit');
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
          userId: auth.userId,
          name: fullName(auth.user),
          email: auth.user.email,
          phone: auth.user.phone,
        },
        tenantId: tenancy.tenantId,
        actor: actorOf(auth),
      });
      return dto(auth, row.id);
    },

    async list(
      auth: AuthContext,
      query: TenantListQuery,
    ): Promise<{ data: MaintenancePublicRequestDto[]; pagination: PagePagination }> {
      const { rows, total } = await repo.list(null, {
        requesterUserId: auth.userId,
        status: query.status,
        page: query.page,
        limit: query.limit,
        sortBy: 'createdAt',
        sortOrder: 'desc',
        search: undefined,
      });
      return {
        data: await requests.publicDtos(rows),
        pagination: makePagePagination(query.page, query.limit, total),
      };
    },

    get: dto,

    async comment(auth: AuthContext, id: string, comment: string) {
      const row = await own(auth, id);
      await requests.addComment(row.request.companyId, id, comment, actorOf(auth), {
        requesterUserId: auth.userId,
      });
      return dto(auth, id);
    },

    async media(auth: AuthContext, id: string, request: FastifyRequest) {
      const row = await own(auth, id);
      await requests.addMedia(row.request.companyId, id, request, actorOf(auth), {
        requesterUserId: auth.userId,
      });
      return dto(auth, id);
    },
  };
}

export type TenantMaintenanceService = ReturnType<typeof createTenantMaintenanceService>;
