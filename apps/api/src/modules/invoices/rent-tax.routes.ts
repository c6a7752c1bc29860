import fastifyMultipart from '@fastify/multipart';
import {
  TDS_CERTIFICATE_UPLOAD,
  ZIdParams,
  ZRentReceiptPdfQuery,
  ZRentReceiptsDto,
  ZRentReceiptsQuery,
  ZTdsDto,
  ZTdsListQuery,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { AppError, badRequest } from '../../core/errors';
import { ok, okPage, sendPdf } from '../../core/http';
import type { ServicesOption } from '../../services';

const receiptTags = ['Rent receipts'];
const tdsTags = ['TDS'];

/**
 * HRA rent receipts under /tenants: staff read any tenancy of their company (`tenants_read`); the signed-in tenant
 * reads their own tenancy under /tenants/me/{id} (anyone else's is 404).
 */
export const rentReceiptsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const receipts = services.invoices.rentReceipts;
  const read = access.company('tenants_read');

  app.get(
    '/:id/rent-receipts',
    {
      config: { access: read },
      schema: {
        tags: receiptTags,
        summary: 'Rent paid by a tenancy in a financial year, month by month (HRA)',
        params: ZIdParams,
        querystring: ZRentReceiptsQuery,
        response: { 200: zOk(ZRentReceiptsDto) },
      },
    },
    async (request) =>
      ok(await receipts.forTenancy(requireCompany(request.auth), request.params.id, request.query.fy)),
  );

  app.get(
    '/:id/rent-receipts/pdf',
    {
      config: { access: read },
      schema: {
        tags: receiptTags,
        summary: 'The annual rent statement (fy) or one month’s rent receipt (month), as PDF',
        params: ZIdParams,
        querystring: ZRentReceiptPdfQuery,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await receipts.pdfForTenancy(requireCompany(request.auth), request.params.id, request.query),
      ),
  );

  app.get(
    '/me/:id/rent-receipts',
    {
      config: { access: access.user },
      schema: {
        tags: receiptTags,
        summary: "The signed-in tenant's own rent receipts of a financial year",
        params: ZIdParams,
        querystring: ZRentReceiptsQuery,
        response: { 200: zOk(ZRentReceiptsDto) },
      },
    },
    async (request) =>
      ok(await receipts.mine(requireUser(request.auth), request.params.id, request.query.fy)),
  );

  app.get(
    '/me/:id/rent-receipts/pdf',
    {
      config: { access: access.user },
      schema: {
        tags: receiptTags,
        summary: "The signed-in tenant's own rent statement (fy) or month's receipt (month), as PDF",
        params: ZIdParams,
        querystring: ZRentReceiptPdfQuery,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await receipts.minePdf(requireUser(request.auth), request.params.id, request.query)),
  );
};

/** TDS on rent under /payments: the year's deductions and their certificates. */
export const tdsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const tds = services.invoices.tds;
  await app.register(fastifyMultipart, {
    limits: { fileSize: TDS_CERTIFICATE_UPLOAD.maxBytes, files: 1, fields: 2, parts: 4 },
  });

  app.get(
    '/tds',
    {
      config: { access: access.company('payments_read') },
      schema: {
        tags: tdsTags,
        summary: 'TDS deducted by tenants in a financial year, pending certificates first, by tenant',
        querystring: ZTdsListQuery,
        response: { 200: zOkList(ZTdsDto) },
      },
    },
    async (request) => okPage(await tds.list(requireCompany(request.auth), request.query)),
  );

  app.post(
    '/:id/tds-certificate',
    {
      config: { access: access.company('payments_write') },
      schema: {
        tags: tdsTags,
        summary: 'Upload the TDS certificate (Form 16A / 16C, PDF) of a deduction',
        description: `multipart/form-data: \`${TDS_CERTIFICATE_UPLOAD.field}\` (a PDF, at most ${TDS_CERTIFICATE_UPLOAD.maxBytes / 1024 / 1024} MB).`,
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: zOk(ZTdsDto) },
      },
    },
    async (request) => {
      const ctx = requireCompany(request.auth);
      await tds.assertExists(ctx, request.params.id);
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the certificate as multipart/form-data in the field "${TDS_CERTIFICATE_UPLOAD.field}"`,
        );
      }
      let file: { fileName: string; data: Buffer } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== TDS_CERTIFICATE_UPLOAD.field) {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname}"`, TDS_CERTIFICATE_UPLOAD.field);
        }
        file = { fileName: part.filename ?? 'certificate.pdf', data: await part.toBuffer() };
      }
      if (!file || file.data.length === 0) {
        throw badRequest(
          `Attach the PDF in the field "${TDS_CERTIFICATE_UPLOAD.field}"`,
          TDS_CERTIFICATE_UPLOAD.field,
        );
      }
      return ok(await tds.uploadCertificate(ctx, request.params.id, file), 'Certificate received');
    },
  );

  app.get(
    '/tds/:id/certificate',
    {
      config: { access: access.company('payments_read') },
      schema: { tags: tdsTags, summary: 'The uploaded TDS certificate (PDF)', params: ZIdParams },
    },
    async (request, reply) => {
      const { file, fileName } = await tds.certificateFile(requireCompany(request.auth), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${fileName.replace(/[^\w.-]+/g, '_').slice(0, 100)}"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};
