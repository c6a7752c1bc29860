import { ZSandboxCheckoutBody, ZSandboxCheckoutResult, ZWebhookResult, zOk } from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { unauthorized } from '../../core/errors';
import { ok } from '../../core/http';
import { createPaymentsService } from './payments.service';

const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = createPaymentsService({ ...app.deps, log: app.log });
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
      if (!request.auth) throw unauthorized();
      return ok(
        await payments.sandboxCheckout(request.auth.userId, request.body.orderId, request.body.outcome),
      );
    },
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
