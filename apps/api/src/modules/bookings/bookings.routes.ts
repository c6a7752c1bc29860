import {
  ZAgreementTemplateBody,
  ZAgreementTemplateDto,
  ZBookingCancelBody,
  ZBookingCheckoutDto,
  ZBookingCreateBody,
  ZBookingDetailDto,
  ZBookingDto,
  ZBookingInstallmentParams,
  ZBookingListQuery,
  ZBookingStatsDto,
  ZBookingStatusBody,
  ZIdParams,
  ZSignAgreementBody,
  ZVerifyBookingInstallmentBody,
  ZVerifyBookingPaymentBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { ok, okList, pageOf } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['bookings'];

export const bookingsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const bookings = services.bookings;
  const templates = services.agreementTemplates;

  app.post(
    '/',
    {
      config: { access: access.user },
      schema: { tags, body: ZBookingCreateBody, response: { 201: zOk(ZBookingCheckoutDto) } },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await bookings.create(requireUser(request.auth), request.body));
    },
  );

  app.get(
    '/',
    {
      config: { access: access.user, pageCache: true },
      schema: { tags, querystring: ZBookingListQuery, response: { 200: zOkList(ZBookingDto) } },
    },
    async (request) => {
      const { rows, total, hasNext } = await bookings.list(requireUser(request.auth), request.query);
      return okList(rows, { ...pageOf(request.query.page, request.query.limit, total), hasNext });
    },
  );

  app.post(
    '/verify-payment',
    {
      config: { access: access.user },
      schema: { tags, body: ZVerifyBookingPaymentBody, response: { 200: zOk(ZBookingDetailDto) } },
    },
    async (request) => ok(await bookings.verifyPayment(requireUser(request.auth), request.body)),
  );

  app.post(
    '/verify-installment',
    {
      config: { access: access.user },
      schema: { tags, body: ZVerifyBookingInstallmentBody, response: { 200: zOk(ZBookingDetailDto) } },
    },
    async (request) => ok(await bookings.verifyInstallment(requireUser(request.auth), request.body)),
  );

  app.get(
    '/agreement-template',
    {
      config: { access: access.company('bookings_read') },
      schema: {
        tags,
        summary: "The company's rental agreement template (the default one until the company saves its own)",
        response: { 200: zOk(ZAgreementTemplateDto) },
      },
    },
    async (request) => ok(await templates.get(requireCompany(request.auth))),
  );

  app.put(
    '/agreement-template',
    {
      config: { access: access.company('bookings_write') },
      schema: {
        tags,
        summary: 'Saves the rental agreement template used by every agreement generated afterwards',
        body: ZAgreementTemplateBody,
        response: { 200: zOk(ZAgreementTemplateDto) },
      },
    },
    async (request) =>
      ok(await templates.put(requireCompany(request.auth), request.body), 'Agreement template saved'),
  );

  app.get(
    '/stats',
    {
      config: { access: access.company('bookings_read'), pageCache: true },
      schema: { tags, response: { 200: zOk(ZBookingStatsDto) } },
    },
    async (request) => ok(await bookings.stats(requireCompany(request.auth))),
  );

  app.patch(
    '/:id/status',
    {
      config: { access: access.company('bookings_update') },
      schema: { tags, params: ZIdParams, body: ZBookingStatusBody, response: { 200: zOk(ZBookingDto) } },
    },
    async (request) =>
      ok(await bookings.updateStatus(requireCompany(request.auth), request.params.id, request.body)),
  );

  app.get(
    '/:id',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZBookingDetailDto) } },
    },
    async (request) => ok(await bookings.detail(requireUser(request.auth), request.params.id)),
  );

  app.post(
    '/:id/installment/:n',
    {
      config: { access: access.user },
      schema: { tags, params: ZBookingInstallmentParams, response: { 200: zOk(ZBookingCheckoutDto) } },
    },
    async (request) =>
      ok(await bookings.installmentOrder(requireUser(request.auth), request.params.id, request.params.n)),
  );

  app.post(
    '/:id/full-payment',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZBookingCheckoutDto) } },
    },
    async (request) => ok(await bookings.fullPaymentOrder(requireUser(request.auth), request.params.id)),
  );

  app.post(
    '/:id/generate-agreement',
    {
      config: { access: access.company('bookings_update') },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZBookingDto) } },
    },
    async (request) => ok(await bookings.generateAgreement(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/:id/sign-agreement',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, body: ZSignAgreementBody, response: { 200: zOk(ZBookingDto) } },
    },
    async (request) =>
      ok(
        await bookings.signAgreement(requireUser(request.auth), request.params.id, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        }),
      ),
  );

  app.get(
    '/:id/agreement/file',
    {
      config: { access: access.optional },
      schema: {
        tags,
        summary:
          'The agreement PDF (its signed link from the booking lives 5 minutes; or signed in as booker or staff)',
        params: ZIdParams,
        querystring: z.object({
          version: z.enum(['unsigned', 'signed']).default('unsigned'),
          exp: z.coerce.number().int().min(0).max(1e11).optional().catch(undefined),
          sig: z.string().max(100).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const { data, sha256 } = await bookings.agreementFile(
        request.auth,
        request.params.id,
        request.query.version,
        request.query.exp,
        request.query.sig,
      );
      const name = `agreement-${request.params.id.slice(0, 8)}${request.query.version === 'signed' ? '-signed' : ''}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(data.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-sha256', sha256)
        .send(data);
    },
  );

  app.patch(
    '/:id/cancel',
    {
      config: { access: access.user },
      schema: { tags, params: ZIdParams, body: ZBookingCancelBody, response: { 200: zOk(ZBookingDto) } },
    },
    async (request) =>
      ok(
        await bookings.cancel(requireUser(request.auth), request.params.id, request.body.cancellationReason),
      ),
  );
};
