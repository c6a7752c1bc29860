import {
  ZIdParams,
  ZTenantBehaviorDto,
  ZTenantCompliance,
  ZTenantDto,
  ZTenantDuesDto,
  ZTenantFinancialsBody,
  ZTenantIncidentBody,
  ZTenantNoteBody,
  ZTenantPaymentDto,
  ZTenantPaymentsQuery,
  ZTenantRatingBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCompany } from '../../core/access';
import { ok } from '../../core/http';
import { read, tags, tenantResponse, write } from './tenants.route-access';
import type { TenantsService } from './tenants.service';

/** A tenancy's dues and payments, notes, complaints, warnings, compliance and ratings. */
export function registerTenantRecordRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  tenants: TenantsService,
) {
  app.get(
    '/:id/dues',
    { config: { access: read }, schema: { tags, params: ZIdParams, response: { 200: zOk(ZTenantDuesDto) } } },
    async (request) => ok(await tenants.dues(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id/financials',
    {
      config: { access: write },
      schema: {
        tags,
        params: ZIdParams,
        body: ZTenantFinancialsBody,
        response: { 200: zOk(ZTenantDuesDto) },
      },
    },
    async (request) =>
      ok(
        await tenants.setFinancials(requireCompany(request.auth), request.params.id, request.body),
        'Dues updated',
      ),
  );

  app.get(
    '/:id/payments',
    {
      config: { access: read },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZTenantPaymentsQuery,
        response: { 200: zOkList(ZTenantPaymentDto) },
      },
    },
    async (request) => {
      const { data, pagination } = await tenants.payments(
        requireCompany(request.auth),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, pagination };
    },
  );

  app.post(
    '/:id/notes',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantNoteBody, response: { 201: zOk(ZTenantDto) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await tenants.addEntry(requireCompany(request.auth), request.params.id, 'note', request.body),
            'Note added',
          ),
        ),
  );

  app.put(
    '/:id/compliance',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantCompliance, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.setCompliance(requireCompany(request.auth), request.params.id, request.body),
        'Compliance updated',
      ),
  );

  app.get(
    '/:id/behavior',
    {
      config: { access: read },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZTenantBehaviorDto) } },
    },
    async (request) => ok(await tenants.behavior(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/:id/complaints',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantIncidentBody, response: { 201: zOk(ZTenantDto) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await tenants.addEntry(
              requireCompany(request.auth),
              request.params.id,
              'complaint',
              request.body,
            ),
            'Complaint recorded',
          ),
        ),
  );

  app.post(
    '/:id/warnings',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantIncidentBody, response: { 201: zOk(ZTenantDto) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await tenants.addEntry(requireCompany(request.auth), request.params.id, 'warning', request.body),
            'Warning recorded',
          ),
        ),
  );

  app.put(
    '/:id/rating',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantRatingBody, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.setRatings(requireCompany(request.auth), request.params.id, request.body.ratings),
        'Rating saved',
      ),
  );
}
