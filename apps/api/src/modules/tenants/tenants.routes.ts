import fastifyMultipart from '@fastify/multipart';
import {
  TENANT_DOCUMENT_UPLOAD,
  type TenantDocumentType,
  ZIdParams,
  ZOkMessage,
  ZRentalUnitUserParams,
  ZTenantBehaviorDto,
  ZTenantCodeDto,
  ZTenantCodeValidateBody,
  ZTenantCompanyParams,
  ZTenantCompliance,
  ZTenantCreateBody,
  ZTenantDocParams,
  ZTenantDocumentDto,
  ZTenantDocumentType,
  ZTenantDocumentUpdateBody,
  ZTenantDto,
  ZTenantDuesDto,
  ZTenantExtendBody,
  ZTenantFinancialsBody,
  ZTenantIncidentBody,
  ZTenantListItemDto,
  ZTenantListQuery,
  ZTenantMoveOutBody,
  ZTenantNoteBody,
  ZTenantPaymentDto,
  ZTenantPaymentsQuery,
  ZTenantPortalDto,
  ZTenantRatingBody,
  ZTenantRejectBody,
  ZTenantStatusBody,
  ZTenantStatusParams,
  ZTenantTransferBody,
  ZTenantUpdateBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { AppError, badRequest } from '../../core/errors';
import { ok, okList, okMessage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['tenants'];
const read = access.company('tenants_read');
const write = access.companyAny('tenants_write', 'tenants_update');
const remove = access.companyAny('tenants_delete', 'tenants_write');
const tenantResponse = { 200: zOk(ZTenantDto) };

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
    async (request) => {
      const { data, pagination } = await tenants.list(requireCompany(request.auth), request.query);
      return okList(data, pagination);
    },
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
    '/status/:status',
    {
      config: { access: read, pageCache: true },
      schema: {
        tags,
        params: ZTenantStatusParams,
        querystring: ZTenantListQuery,
        response: { 200: zOkList(ZTenantListItemDto) },
      },
    },
    async (request) => {
      const { data, pagination } = await tenants.byStatus(
        requireCompany(request.auth),
        request.params.status,
        request.query,
      );
      return okList(data, pagination);
    },
  );

  app.get(
    '/company/:companyId',
    {
      config: { access: read, pageCache: true },
      schema: {
        tags,
        params: ZTenantCompanyParams,
        querystring: ZTenantListQuery,
        response: { 200: zOkList(ZTenantListItemDto) },
      },
    },
    async (request) => {
      const { data, pagination } = await tenants.byCompany(
        requireCompany(request.auth),
        request.params.companyId,
        request.query,
      );
      return okList(data, pagination);
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
      return okList(data, pagination);
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

  app.get(
    '/:id/documents',
    {
      config: { access: read },
      schema: {
        tags,
        params: ZIdParams,
        response: {
          200: zOk(z.object({ documents: z.array(ZTenantDocumentDto), documentsComplete: z.boolean() })),
        },
      },
    },
    async (request) => ok(await tenants.documents(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/:id/documents',
    {
      config: { access: write },
      schema: {
        tags,
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        description: `multipart/form-data: \`document\` (PDF, JPEG, PNG or WebP, at most ${TENANT_DOCUMENT_UPLOAD.maxBytes / 1024 / 1024} MB) and \`type\`.`,
        response: { 201: zOk(ZTenantDocumentDto) },
      },
    },
    async (request, reply) => {
      const ctx = requireCompany(request.auth);
      await tenants.assertExists(ctx, request.params.id);
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data in the field "document"',
        );
      }
      let type: TenantDocumentType | undefined;
      let file: { fileName: string; data: Buffer } | undefined;
      const parts = request.parts({
        limits: { fileSize: TENANT_DOCUMENT_UPLOAD.maxBytes, files: 1, fields: 5, fieldSize: 200, parts: 8 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'type') {
            const parsed = ZTenantDocumentType.safeParse(part.value);
            if (!parsed.success) throw badRequest('Choose the document type', 'type');
            type = parsed.data;
          }
          continue;
        }
        if (part.fieldname !== 'document') {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname}"`, 'document');
        }
        const data = await part.toBuffer();
        file = { fileName: part.filename ?? 'document', data };
      }
      if (!file || file.data.length === 0)
        throw badRequest('Attach the file in the field "document"', 'document');
      if (!type) throw badRequest('Choose the document type', 'type');
      const document = await tenants.addDocument(ctx, request.params.id, { type, ...file });
      return reply.status(201).send(ok(document, 'Document uploaded'));
    },
  );

  app.put(
    '/:id/documents/:docId',
    {
      config: { access: write },
      schema: {
        tags,
        params: ZTenantDocParams,
        body: ZTenantDocumentUpdateBody,
        response: { 200: zOk(ZTenantDocumentDto) },
      },
    },
    async (request) =>
      ok(
        await tenants.verifyDocument(
          requireCompany(request.auth),
          request.params.id,
          request.params.docId,
          request.body.verified,
        ),
        request.body.verified ? 'Document verified' : 'Document unverified',
      ),
  );

  app.delete(
    '/:id/documents/:docId',
    { config: { access: remove }, schema: { tags, params: ZTenantDocParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await tenants.deleteDocument(requireCompany(request.auth), request.params.id, request.params.docId);
      return okMessage('Document deleted');
    },
  );

  app.get(
    '/:id/documents/:docId/file',
    {
      config: { access: access.optional },
      schema: {
        tags,
        summary: 'A document file by its signed link (the links in document lists live 5 minutes)',
        params: ZTenantDocParams,
        querystring: z.object({
          exp: z.coerce.number().int().min(0).max(1e11).optional().catch(undefined),
          sig: z.string().max(100).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const { document, file } = await tenants.documentFile(
        request.params.id,
        request.params.docId,
        request.query.exp,
        request.query.sig,
      );
      const safeName = document.fileName.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'document';
      return reply
        .header('content-type', document.mimeType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};

export const tenantCodesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const tenants = services.tenants;
  const codeTags = ['tenant-codes'];

  app.get(
    '/:rentalUnitUserId',
    {
      config: { access: read },
      schema: { tags: codeTags, params: ZRentalUnitUserParams, response: { 200: zOk(ZTenantCodeDto) } },
    },
    async (request) =>
      ok(await tenants.getCode(requireCompany(request.auth), request.params.rentalUnitUserId)),
  );

  app.post(
    '/generate/:rentalUnitUserId',
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
};
