import {
  ZIdParams,
  ZTenantExtendBody,
  ZTenantMoveOutBody,
  ZTenantRejectBody,
  ZTenantStatusBody,
  ZTenantTransferBody,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCompany } from '../../core/access';
import { ok } from '../../core/http';
import { tags, tenantResponse, write } from './tenants.route-access';
import type { TenantsService } from './tenants.service';

/** Approval, rejection, status changes, move-out, lease extension and transfer of a tenancy. */
export function registerTenancyLifecycleRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  tenants: TenantsService,
) {
  app.put(
    '/:id/approve',
    { config: { access: write }, schema: { tags, params: ZIdParams, response: tenantResponse } },
    async (request) =>
      ok(await tenants.approve(requireCompany(request.auth), request.params.id), 'Tenant approved'),
  );

  app.put(
    '/:id/reject',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantRejectBody, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.reject(requireCompany(request.auth), request.params.id, request.body.rejectionReason),
        'Tenant rejected',
      ),
  );

  app.put(
    '/:id/status',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantStatusBody, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.setStatus(
          requireCompany(request.auth),
          request.params.id,
          request.body.status,
          request.body.reason,
        ),
        'Status updated',
      ),
  );

  app.put(
    '/:id/move-out',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantMoveOutBody, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.moveOut(
          requireCompany(request.auth),
          request.params.id,
          request.body.moveOutDate,
          request.body.reason,
        ),
        'Tenant moved out',
      ),
  );

  app.put(
    '/:id/extend-lease',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantExtendBody, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.extendLease(
          requireCompany(request.auth),
          request.params.id,
          request.body.newEndDate,
          request.body.rentAmount,
        ),
        'Lease extended',
      ),
  );

  app.put(
    '/:id/transfer',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantTransferBody, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.transfer(requireCompany(request.auth), request.params.id, request.body),
        'Tenant transferred',
      ),
  );
}
