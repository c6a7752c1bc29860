import fastifyMultipart from '@fastify/multipart';
import {
  ZCreditNoteBody,
  ZCreditNoteDto,
  ZGenerateRentBody,
  ZGenerateRentResult,
  ZIdParams,
  ZInvoiceCheckoutDto,
  ZInvoiceCreateBody,
  ZInvoiceDetailDto,
  ZInvoiceDto,
  ZInvoiceListItemDto,
  ZInvoiceListQuery,
  ZInvoicePayBody,
  ZInvoicePaymentBody,
  ZInvoiceUpdateBody,
  ZInvoiceVoidBody,
  ZOkMessage,
  ZVerifyInvoicePaymentBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { ok, okMessage, okPage, sendPdf } from '../../core/http';
import { INVOICES_RENT_NOTIFY_JOB } from '../../scheduled-jobs';
import type { ServicesOption } from '../../services';
import { registerInvoiceTemplateRoutes } from './invoice-templates.routes';
import { read, remove, update, write, ZPage } from './invoices.route-access';
import { registerPaymentTrackingRoutes } from './invoices.tracking.routes';

const tags = ['invoices'];
/** Recording money received is a ledger write: payments_write, or invoices_update on the invoice itself. */
const recordMoney = access.companyAny('payments_write', 'invoices_update');
const detail = { 200: zOk(ZInvoiceDetailDto) };

export const invoicesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const invoices = services.invoices;
  const billing = services.billing;

  app.get(
    '/',
    {
      config: { access: read, pageCache: true },
      schema: { tags, querystring: ZInvoiceListQuery, response: { 200: zOkList(ZInvoiceListItemDto) } },
    },
    async (request) => okPage(await invoices.list(requireCompany(request.auth), request.query)),
  );

  app.post(
    '/',
    {
      config: { access: write },
      schema: { tags, body: ZInvoiceCreateBody, response: { 201: zOk(ZInvoiceDetailDto) } },
    },
    async (request, reply) => {
      const invoice = await invoices.create(requireCompany(request.auth), request.body);
      return reply.status(201).send(ok(invoice, invoice.number ? 'Invoice sent' : 'Invoice saved as draft'));
    },
  );

  app.get(
    '/mine',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "The signed-in tenant's own invoices (issued ones)",
        querystring: ZPage,
        response: { 200: zOkList(ZInvoiceDto) },
      },
    },
    async (request) => okPage(await invoices.mine(requireUser(request.auth), request.query)),
  );

  app.get(
    '/mine/:id/pdf',
    {
      config: { access: access.user },
      schema: { tags, summary: 'The PDF of one of my invoices', params: ZIdParams },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.minePdf(requireUser(request.auth), request.params.id)),
  );

  app.post(
    '/generate-rent',
    {
      config: { access: write },
      schema: {
        tags,
        summary:
          "Creates the month's rent invoices for every active tenant (idempotent per tenant and month)",
        body: ZGenerateRentBody,
        response: { 200: zOk(ZGenerateRentResult) },
      },
    },
    async (request) => {
      const ctx = requireCompany(request.auth);
      const since = new Date().toISOString();
      const { invoiceUserIds, ...result } = await billing.generateRent(ctx.companyId, request.body.month, {
        actorUserId: ctx.userId,
      });
      // The tenants hear of it in the background (a durable job), so that a large run answers as soon as it is stored.
      if (invoiceUserIds.length > 0) {
        await app.deps.jobs
          .send(INVOICES_RENT_NOTIFY_JOB, { companyId: ctx.companyId, month: request.body.month, since })
          .catch((error) => request.log.error({ err: error }, 'rent run notifications not queued'));
      }
      return ok(result, `${result.created} rent invoices created`);
    },
  );

  app.post(
    '/verify-payment',
    {
      config: { access: access.user },
      schema: { tags, body: ZVerifyInvoicePaymentBody, response: detail },
    },
    async (request) =>
      ok(await invoices.verifyPayment(requireUser(request.auth), request.body), 'Payment received'),
  );

  app.get(
    '/:id',
    { config: { access: read }, schema: { tags, params: ZIdParams, response: detail } },
    async (request) => ok(await invoices.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: update },
      schema: { tags, params: ZIdParams, body: ZInvoiceUpdateBody, response: detail },
    },
    async (request) =>
      ok(
        await invoices.update(requireCompany(request.auth), request.params.id, request.body),
        'Invoice updated',
      ),
  );

  app.delete(
    '/:id',
    { config: { access: remove }, schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } } },
    async (request) => {
      await invoices.remove(requireCompany(request.auth), request.params.id);
      return okMessage('Draft deleted');
    },
  );

  app.post(
    '/:id/send',
    { config: { access: update }, schema: { tags, params: ZIdParams, response: detail } },
    async (request) =>
      ok(await invoices.send(requireCompany(request.auth), request.params.id), 'Invoice sent'),
  );

  app.post(
    '/:id/void',
    {
      config: { access: update },
      schema: { tags, params: ZIdParams, body: ZInvoiceVoidBody, response: detail },
    },
    async (request) =>
      ok(
        await invoices.voidInvoice(requireCompany(request.auth), request.params.id, request.body.reason),
        'Invoice voided',
      ),
  );

  app.post(
    '/:id/credit-notes',
    {
      config: { access: update },
      schema: {
        tags,
        summary: 'Issue a credit note against an issued invoice (part of it, or all that is left)',
        params: ZIdParams,
        body: ZCreditNoteBody,
        response: { 201: zOk(ZCreditNoteDto) },
      },
    },
    async (request, reply) => {
      const note = await invoices.issueCreditNote(
        requireCompany(request.auth),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(ok(note, `Credit note ${note.number} issued`));
    },
  );

  app.get(
    '/:id/pdf',
    { config: { access: read }, schema: { tags, summary: 'The invoice as a PDF', params: ZIdParams } },
    async (request, reply) =>
      sendPdf(reply, await invoices.pdf(requireCompany(request.auth), request.params.id)),
  );

  const ZPdfLink = z.object({ url: z.string(), expiresAt: z.string() });

  app.get(
    '/:id/pdf-link',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'A 5-minute link to the PDF (for a framed preview)',
        params: ZIdParams,
        response: { 200: zOk(ZPdfLink) },
      },
    },
    async (request) => ok(await invoices.staffPdfLink(requireCompany(request.auth), request.params.id)),
  );

  app.get(
    '/mine/:id/pdf-link',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'A 5-minute link to the PDF of one of my invoices',
        params: ZIdParams,
        response: { 200: zOk(ZPdfLink) },
      },
    },
    async (request) => ok(await invoices.minePdfLink(requireUser(request.auth), request.params.id)),
  );

  app.get(
    '/:id/pdf/view',
    {
      config: { access: access.optional },
      schema: {
        tags,
        summary: 'The PDF by its signed link (the links of /pdf-link live 5 minutes); this app may frame it',
        params: ZIdParams,
        querystring: z.object({
          exp: z.coerce.number().int().min(0).max(1e11).optional().catch(undefined),
          sig: z.string().max(100).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const file = await invoices.signedPdf(request.params.id, request.query.exp, request.query.sig);
      // Our own pages may show it in an iframe; nobody else may frame it.
      reply
        .header('content-security-policy', "frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN');
      return sendPdf(reply, file);
    },
  );

  app.post(
    '/:id/payments',
    {
      config: { access: recordMoney },
      schema: {
        tags,
        summary: 'Records an offline payment',
        params: ZIdParams,
        body: ZInvoicePaymentBody,
        response: { 201: zOk(ZInvoiceDetailDto) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await invoices.recordPayment(requireCompany(request.auth), request.params.id, request.body),
            'Payment recorded',
          ),
        ),
  );

  app.post(
    '/:id/pay',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary:
          'Opens a gateway order for the balance, less the TDS the payer deducts (the tenant, or staff of the company)',
        params: ZIdParams,
        body: ZInvoicePayBody,
        response: { 200: zOk(ZInvoiceCheckoutDto) },
      },
    },
    async (request) =>
      ok(await invoices.pay(requireUser(request.auth), request.params.id, request.body?.tds)),
  );
};

export const invoiceTemplatesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  // The logo upload (one image) is multipart; JSON bodies are unaffected.
  await app.register(fastifyMultipart, { limits: { fileSize: app.deps.config.uploadLimitBytes, files: 1 } });
  registerInvoiceTemplateRoutes(app, services.invoiceTemplates);
};

/** Money overviews under /payments (the ledger's own routes live in modules/payments). */
export const paymentTrackingRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  registerPaymentTrackingRoutes(app, services.billing);
};
