import { ZPaymentStatsDto, ZPaymentTrackingDto, ZPaymentTrackingQuery, zOk, zOkList } from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { today as todayIso } from '../../core/dates';
import { ok, okList, pageOf } from '../../core/http';
import { type createBillingService, monthOf } from './invoices.billing';

/** Money overviews under /payments: the month's tracking per tenancy and the payment figures. */
export function registerPaymentTrackingRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  billing: ReturnType<typeof createBillingService>,
) {
  const moneyRead = access.companyAny('payments_read', 'invoices_read');
  const ledgerTags = ['payments'];

  app.get(
    '/tracking',
    {
      config: { access: moneyRead, pageCache: true },
      schema: {
        tags: ledgerTags,
        summary: 'One row per active tenant for a month: expected, paid, balance, status',
        querystring: ZPaymentTrackingQuery.extend({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: ZPaymentTrackingDto,
            pagination: zOkList(z.unknown()).shape.pagination,
          }),
        },
      },
    },
    async (request) => {
      const ctx = requireCompany(request.auth);
      const month = request.query.month ?? monthOf(todayIso());
      const { totalCount, ...data } = await billing.tracking(ctx.companyId, month, request.query);
      return okList(data, pageOf(request.query.page, request.query.limit, totalCount));
    },
  );

  app.get(
    '/stats',
    {
      config: { access: moneyRead, pageCache: true },
      schema: { tags: ledgerTags, response: { 200: zOk(ZPaymentStatsDto) } },
    },
    async (request) => ok(await billing.stats(requireCompany(request.auth).companyId)),
  );
}
