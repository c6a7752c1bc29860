import {
  ZIdParams,
  ZLedgerPaymentDetailDto,
  ZLedgerPaymentDto,
  ZMyPaymentsQuery,
  ZPaymentListQuery,
  ZSandboxCheckoutBody,
  ZSandboxCheckoutResult,
  ZWebhookResult,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { ok, okPage, sendPdf } from '../../core/http';
import type { ServicesOption } from '../../services';

const ledgerRead = access.company('payments_read');

const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const payments = services.payments;
  if (payments.gateway.mode === 'sandbox' && app.deps.config.env !== 'test') {
    app.log.warn(
      'Payments run in SANDBOX mode: no real money moves (set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET)',
    );
  }

  app.post(
    '/sandbox/checkout',
    {
      config: { access: access.user },
      schema: { tags, body: ZSandboxCheckoutBody, response: { 200: zOk(ZSandboxCheckoutResult) } },
    },
    async (request) => {
      const auth = requireUser(request.auth);
      return ok(await payments.sandboxCheckout(auth.userId, request.body.orderId, request.body.outcome));
    },
  );

  const ledger = services.ledger;

  app.get(
    '/',
    {
      config: { access: ledgerRead, pageCache: true },
      schema: {
        tags,
        summary:
          'The payments ledger: every money movement of the company (booking payments, installments, invoice payments online and offline, refunds, failed attempts), newest first',
        querystring: ZPaymentListQuery,
        response: { 200: zOkList(ZLedgerPaymentDto) },
      },
    },
    async (request) => okPage(await ledger.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/mine',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "The signed-in person's own payments (tenant area), newest first",
        querystring: ZMyPaymentsQuery,
        response: { 200: zOkList(ZLedgerPaymentDto) },
      },
    },
    async (request) => okPage(await ledger.mine(requireUser(request.auth), request.query)),
  );

  app.get(
    '/mine/:id/receipt',
    {
      config: { access: access.user },
      schema: { tags, summary: 'The PDF receipt of one of my payments', params: ZIdParams },
    },
    async (request, reply) =>
      sendPdf(reply, await ledger.mineReceipt(requireUser(request.auth), request.params.id)),
  );

  app.get(
    '/:id',
    {
      config: { access: ledgerRead },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZLedgerPaymentDetailDto) } },
    },
    async (request) => ok(await ledger.get(requireCompany(request.auth), request.params.id)),
  );

  app.get(
    '/:id/receipt',
    {
      config: { access: ledgerRead },
      schema: { tags, summary: 'The PDF receipt of a payment or refund', params: ZIdParams },
    },
    async (request, reply) =>
      sendPdf(reply, await ledger.receipt(requireCompany(request.auth), request.params.id)),
  );

  // The webhook signs the raw body: in its own scope, every body is kept as the bytes that arrived.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/webhook',
      {
        config: { access: access.public },
        schema: { tags, response: { 200: zOk(ZWebhookResult) } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await payments.handleWebhook(
          raw,
          request.headers['x-razorpay-signature'],
          request.headers['x-razorpay-event-id'],
        );
        return ok({ received: true as const, duplicate: result.duplicate });
      },
    );
  });
};
