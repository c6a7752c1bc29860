import {
  ZAnalyticsExportQuery,
  ZAnalyticsOverview,
  ZAnalyticsQuery,
  ZBookingsReport,
  ZMaintenanceReport,
  ZOccupancyReport,
  ZOwnerReportQuery,
  ZPlatformAnalytics,
  ZRevenueReport,
  ZTenantsReport,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { ok } from '../../core/http';
import { toCsv, toXlsx } from '../../core/spreadsheet';
import type { ServicesOption } from '../../services';
import { reportTable } from './analytics.export';

const tags = ['analytics'];

/** Analytics of the current company (super admin: any company, or the platform); mounted at /api/analytics. */
export const analyticsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const analytics = services.analytics;
  // The service reads the caller's role first (a super admin may name any company): checked before the route starts.
  const companyRead = (...features: Parameters<typeof access.company>) =>
    ({ access: access.company(...features), checkAccessFirst: true }) as const;

  app.get(
    '/overview',
    {
      config: companyRead('analytics_read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: zOk(ZAnalyticsOverview) } },
    },
    async (request) => ok(await analytics.overview(request.auth!, request.query)),
  );

  app.get(
    '/occupancy',
    {
      config: companyRead('analytics_read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: zOk(ZOccupancyReport) } },
    },
    async (request) => ok(await analytics.occupancy(request.auth!, request.query)),
  );

  app.get(
    '/platform',
    {
      config: { access: access.superAdmin },
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: zOk(ZPlatformAnalytics) } },
    },
    async (request) => ok(await analytics.platform(request.query)),
  );

  app.get(
    '/tenants',
    {
      config: companyRead('analytics_read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: zOk(ZTenantsReport) } },
    },
    async (request) => ok(await analytics.tenants(request.auth!, request.query)),
  );

  app.get(
    '/revenue',
    {
      config: companyRead('analytics_read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: zOk(ZRevenueReport) } },
    },
    async (request) => ok(await analytics.revenue(request.auth!, request.query)),
  );

  app.get(
    '/maintenance',
    {
      config: companyRead('analytics_read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: zOk(ZMaintenanceReport) } },
    },
    async (request) => ok(await analytics.maintenance(request.auth!, request.query)),
  );

  app.get(
    '/bookings',
    {
      config: companyRead('analytics_read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: zOk(ZBookingsReport) } },
    },
    async (request) => ok(await analytics.bookings(request.auth!, request.query)),
  );

  app.get(
    '/export',
    {
      config: companyRead('analytics_read', 'analytics_export'),
      schema: {
        tags,
        summary: 'A report as CSV or XLSX (a file download)',
        querystring: ZAnalyticsExportQuery,
      },
    },
    async (request, reply) => {
      const { report, format, ...query } = request.query;
      const table = await reportTable(analytics, request.auth!, report, query);
      const name = `rentora-${report}-${new Date().toISOString().slice(0, 10)}`;
      reply.header('cache-control', 'no-store');
      if (format === 'xlsx') {
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${name}.xlsx"`)
          .send(await toXlsx(table));
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(toCsv(table));
    },
  );

  app.get(
    '/report.pdf',
    {
      config: companyRead('reports_read'),
      schema: { tags, summary: 'The monthly owner report (PDF download)', querystring: ZOwnerReportQuery },
    },
    async (request, reply) => {
      const pdf = await analytics.ownerReport(request.auth!, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="rentora-report-${request.query.month}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
};
