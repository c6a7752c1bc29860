import {
  ZIdParams,
  ZInvoiceTemplateBody,
  ZInvoiceTemplateDto,
  ZInvoiceTemplateUpdateBody,
  ZOkMessage,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCompany } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { createInvoiceTemplatesService } from './invoice-templates.service';
import { read, remove, update, write, ZPage } from './invoices.route-access';

const templateTags = ['invoice-templates'];

/** The invoice-template routes: list, create, read, update, logo upload and read, delete. */
export function registerInvoiceTemplateRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  templates: ReturnType<typeof createInvoiceTemplatesService>,
) {
  app.get(
    '/',
    {
      config: { access: read, pageCache: true },
      schema: { tags: templateTags, querystring: ZPage, response: { 200: zOkList(ZInvoiceTemplateDto) } },
    },
    async (request) => okPage(await templates.list(requireCompany(request.auth), request.query)),
  );

  app.post(
    '/',
    {
      config: { access: write },
      schema: { tags: templateTags, body: ZInvoiceTemplateBody, response: { 201: zOk(ZInvoiceTemplateDto) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await templates.create(requireCompany(request.auth), request.body), 'Template created')),
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: { tags: templateTags, params: ZIdParams, response: { 200: zOk(ZInvoiceTemplateDto) } },
    },
    async (request) => ok(await templates.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: update },
      schema: {
        tags: templateTags,
        params: ZIdParams,
        body: ZInvoiceTemplateUpdateBody,
        response: { 200: zOk(ZInvoiceTemplateDto) },
      },
    },
    async (request) =>
      ok(
        await templates.update(requireCompany(request.auth), request.params.id, request.body),
        'Template updated',
      ),
  );

  app.post(
    '/:id/logo',
    {
      config: { access: update },
      schema: {
        tags: templateTags,
        summary:
          'Uploads the logo (multipart/form-data, one image in the field "images"; JPEG, PNG, WebP or AVIF)',
        params: ZIdParams,
        response: { 200: zOk(ZInvoiceTemplateDto) },
      },
    },
    async (request) =>
      ok(
        await templates.uploadLogo(requireCompany(request.auth), request.params.id, request),
        'Logo uploaded',
      ),
  );

  app.get(
    '/:id/logo',
    {
      config: { access: read },
      schema: { tags: templateTags, summary: "The template's logo (a small WebP)", params: ZIdParams },
    },
    async (request, reply) => {
      const file = await templates.logo(requireCompany(request.auth), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: remove },
      schema: { tags: templateTags, params: ZIdParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await templates.remove(requireCompany(request.auth), request.params.id);
      return okMessage('Template deleted');
    },
  );
}
