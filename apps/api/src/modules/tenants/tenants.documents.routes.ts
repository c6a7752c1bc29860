import {
  TENANT_DOCUMENT_UPLOAD,
  type TenantDocumentType,
  ZIdParams,
  ZOkMessage,
  ZTenantDocParams,
  ZTenantDocumentDto,
  ZTenantDocumentType,
  ZTenantDocumentUpdateBody,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { AppError, badRequest } from '../../core/errors';
import { ok, okMessage } from '../../core/http';
import { read, remove, tags, write } from './tenants.route-access';
import type { TenantsService } from './tenants.service';

/** A tenancy's documents: list, upload (multipart), verify, delete, and the file by its signed link. */
export function registerTenantDocumentRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  tenants: TenantsService,
) {
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
}
