import fastifyMultipart from '@fastify/multipart';
import {
  ZIdParams,
  ZImportFields,
  ZImportJobDto,
  ZImportListQuery,
  ZImportTemplateQuery,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { AppError, badRequest } from '../../core/errors';
import { ok, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['imports'];
/** Members who may import at least one kind; each kind's own permission is checked against the request. */
const importer = access.companyAny('properties_write', 'rentalunit_write', 'tenants_write');

/** The multipart upload: the file in `file`, the fields `kind` and `dryRun` (the file at most IMPORT_LIMIT_BYTES: 413). */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the spreadsheet as multipart/form-data in the field "file"',
    );
  }
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | null = null;
  for await (const part of request.parts({ limits: { files: 1, fields: 4, fieldSize: 100 } })) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value ?? '');
    else if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest(`Unexpected file field "${part.fieldname}"`, 'file');
    } else file = { fileName: part.filename, data: await part.toBuffer() };
  }
  if (!file || file.data.length === 0) throw badRequest('Attach a CSV or XLSX file', 'file');
  return { ...ZImportFields.parse(fields), ...file };
}

/** Spreadsheet imports of properties, units and tenancies; mounted at /api/imports. */
export const importsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { imports } = services;
  await app.register(fastifyMultipart, { limits: { fileSize: app.deps.config.importLimitBytes, files: 1 } });

  app.get(
    '/template',
    {
      config: { access: importer },
      schema: {
        tags,
        summary:
          'The template of a kind: its headers, an example row and (XLSX) the values each column takes',
        querystring: ZImportTemplateQuery,
      },
    },
    async (request, reply) => {
      const file = await imports.template(request.query.kind, request.query.format);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.post(
    '/',
    {
      config: { access: importer },
      schema: {
        tags,
        summary: 'Uploads a CSV or XLSX file and queues its import (a dry run unless dryRun is false)',
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `file` (CSV or XLSX, told by its content), `kind` (properties | units | tenancies), `dryRun` (true | false, default true).',
        response: { 202: zOk(ZImportJobDto) },
      },
    },
    async (request, reply) => {
      const ctx = requireCompany(request.auth);
      const job = await imports.start(ctx, await readUpload(request));
      return reply.code(202).send(ok(job, 'Import queued'));
    },
  );

  app.get(
    '/',
    {
      config: { access: importer },
      schema: {
        tags,
        summary: 'Import history',
        querystring: ZImportListQuery,
        response: { 200: zOkList(ZImportJobDto) },
      },
    },
    async (request) => okPage(await imports.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/:id',
    {
      config: { access: importer },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZImportJobDto) } },
    },
    async (request) => ok(await imports.get(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/:id/commit',
    {
      config: { access: importer },
      schema: {
        tags,
        summary: 'Imports the valid rows of a validated dry run',
        params: ZIdParams,
        response: { 202: zOk(ZImportJobDto) },
      },
    },
    async (request, reply) => {
      const job = await imports.commit(requireCompany(request.auth), request.params.id);
      return reply.code(202).send(ok(job, 'Import started'));
    },
  );
};
