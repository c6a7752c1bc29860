import fastifyMultipart from '@fastify/multipart';
import {
  TENANT_DOCUMENT_UPLOAD,
  ZIdParams,
  ZPortalRentReceiptPdfQuery,
  ZPortalRentReceiptsQuery,
  ZRentalUnitUserParams,
  ZRentReceiptsDto,
  ZTenantCodeDto,
  ZTenantCodeValidateBody,
  ZTenantCreateBody,
  ZTenantDto,
  ZTenantListItemDto,
  ZTenantListQuery,
  ZTenantPortalCodeParams,
  ZTenantPortalDto,
  ZTenantUpdateBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { ok, okPage, sendPdf } from '../../core/http';
import type { ServicesOption } from '../../services';
import { registerTenantDocumentRoutes } from './tenants.documents.routes';
import { registerTenancyLifecycleRoutes } from './tenants.lifecycle.routes';
import { registerTenantRecordRoutes } from './tenants.records.routes';
import { read, tags, tenantResponse, write } from './tenants.route-access';

export const tenantsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const tenants = services.tenants;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.min(app.deps.config.uploadLimitBytes, TENANT_DOCUMENT_UPLOAD.maxBytes),
      files: 1,
    },
  });

  app.get(
    '/',
    {
      config: { access: read, pageCache: true },
      schema: { tags, querystring: ZTenantListQuery, response: { 200: zOkList(ZTenantListItemDto) } },
    },
    async (request) => okPage(await tenants.list(requireCompany(request.auth), request.query)),
  );

  app.post(
    '/',
    {
      config: { access: access.company('tenants_write') },
      schema: { tags, body: ZTenantCreateBody, response: { 201: zOk(ZTenantDto) } },
    },
    async (request, reply) => {
      const tenant = await tenants.create(requireCompany(request.auth), request.body);
      return reply.status(201).send(ok(tenant, 'Tenant added'));
    },
  );

  app.get(
    '/me',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "The signed-in person's own tenancies",
        response: { 200: zOk(z.array(ZTenantDto)) },
      },
    },
    async (request) => {
      return ok(await tenants.mine(requireUser(request.auth)));
    },
  );

  app.get(
    '/:id',
    { config: { access: read }, schema: { tags, params: ZIdParams, response: tenantResponse } },
    async (request) => ok(await tenants.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZTenantUpdateBody, response: tenantResponse },
    },
    async (request) =>
      ok(
        await tenants.update(requireCompany(request.auth), request.params.id, request.body),
        'Tenant updated',
      ),
  );

  registerTenancyLifecycleRoutes(app, tenants);
  registerTenantRecordRoutes(app, tenants);
  registerTenantDocumentRoutes(app, tenants);
};

export const tenantCodesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const tenants = services.tenants;
  const codeTags = ['tenant-codes'];

  app.get(
    '/:rentalUnitUserId',
    {
      config: { access: read },
      schema: {
        tags: codeTags,
        summary: "The tenancy's portal code; data is null while it has none (an unknown tenancy is 404)",
        params: ZRentalUnitUserParams,
        response: { 200: zOk(ZTenantCodeDto.nullable()) },
      },
    },
    async (request) =>
      ok(await tenants.getCode(requireCompany(request.auth), request.params.rentalUnitUserId)),
  );

  app.post(
    '/:rentalUnitUserId/generate',
    {
      config: { access: write },
      schema: { tags: codeTags, params: ZRentalUnitUserParams, response: { 200: zOk(ZTenantCodeDto) } },
    },
    async (request) =>
      ok(
        await tenants.generateCode(requireCompany(request.auth), request.params.rentalUnitUserId),
        'Tenant code generated',
      ),
  );

  app.post(
    '/validate',
    {
      config: { access: access.public },
      schema: { tags: codeTags, body: ZTenantCodeValidateBody, response: { 200: zOk(ZTenantPortalDto) } },
    },
    async (request) =>
      ok(await tenants.validateCode(request.ip, request.body.tenantCode, request.body.companyId)),
  );

  // HRA rent receipts of the code's tenancy, for the tenant portal (no account); an unknown code is 404.
  const receipts = services.invoices.rentReceipts;
  const portalTenancy = (request: {
    ip: string;
    params: { tenantCode: string };
    query: { companyId?: string };
  }) => tenants.portalTenancy(request.ip, request.params.tenantCode.toUpperCase(), request.query.companyId);

  app.get(
    '/:tenantCode/rent-receipts',
    {
      config: { access: access.public },
      schema: {
        tags: codeTags,
        summary: "The code's tenancy's rent paid in a financial year, month by month (HRA)",
        params: ZTenantPortalCodeParams,
        querystring: ZPortalRentReceiptsQuery,
        response: { 200: zOk(ZRentReceiptsDto) },
      },
    },
    async (request) => ok(await receipts.forPortal(await portalTenancy(request), request.query.fy)),
  );

  app.get(
    '/:tenantCode/rent-receipts/pdf',
    {
      config: { access: access.public },
      schema: {
        tags: codeTags,
        summary: "The code's tenancy's rent statement (fy) or month's receipt (month), as PDF",
        params: ZTenantPortalCodeParams,
        querystring: ZPortalRentReceiptPdfQuery,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await receipts.portalPdf(await portalTenancy(request), request.query)),
  );
};

/**
 * `GET /api/companies/{id}/tenants`: the tenants of the current company by its id (404 for another company); the
 * same list as `GET /api/tenants`, whose `status` filter replaces the former `/tenants/status/{status}`.
 */
export const companyTenantsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const tenants = services.tenants;
  app.get(
    '/:id/tenants',
    {
      config: { access: read, pageCache: true },
      schema: {
        tags,
        summary: 'List the tenants of a company',
        params: ZIdParams,
        querystring: ZTenantListQuery,
        response: { 200: zOkList(ZTenantListItemDto) },
      },
    },
    async (request) =>
      okPage(await tenants.byCompany(requireCompany(request.auth), request.params.id, request.query)),
  );
};
