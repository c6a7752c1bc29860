import { type AuditLogDto, type AuditLogQuery, ZAuditLogList, ZAuditLogQuery } from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthContext, access } from '../../core/access';
import { forbidden } from '../../core/errors';
import { boundedPageOf, iso, okList } from '../../core/http';
import { toCsv } from '../../core/spreadsheet';
import { type AuditLogFilter, createAuditLogsRepo } from './audit-logs.repo';

const tags = ['audit-logs'];
const EXPORT_MAX_ROWS = 10_000;

/** Owners see their company's log; the super admin every company's (or one, with companyId). */
function filterFor(ctx: AuthContext, query: AuditLogQuery): AuditLogFilter {
  let companyId: string | undefined;
  if (ctx.role === 'super_admin') companyId = query.companyId;
  else if (ctx.companyId && ctx.companyRole === 'owner') companyId = ctx.companyId;
  else throw forbidden('Only the company owner can see the audit log');
  const day = (value: string | undefined, end: boolean) =>
    value
      ? new Date(value.length === 10 ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value)
      : undefined;
  return {
    companyId,
    action: query.action,
    entityType: query.entityType,
    entityId: query.entityId,
    actorUserId: query.actorUserId,
    from: day(query.from, false),
    to: day(query.to, true),
  };
}

type Row = Awaited<ReturnType<ReturnType<typeof createAuditLogsRepo>['list']>>['rows'][number];
function toDto(row: Row): AuditLogDto {
  const { log } = row;
  return {
    _id: log.id,
    companyId: log.companyId,
    actor: log.actorUserId
      ? {
          _id: log.actorUserId,
          firstName: row.actorFirstName ?? '',
          lastName: row.actorLastName ?? '',
          email: row.actorEmail ?? '',
        }
      : null,
    actorLabel: log.actorLabel,
    action: log.action,
    entityType: log.entityType,
    entityId: log.entityId,
    summary: log.summary,
    before: log.before ?? null,
    after: log.after ?? null,
    requestId: log.requestId,
    ip: log.ip,
    createdAt: iso(log.createdAt),
  };
}

/** GET /api/audit-logs (+ /export as CSV): the append-only audit trail. */
export const auditLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAuditLogsRepo(app.deps.db);

  app.get(
    '/',
    {
      config: { access: access.user, pageCache: true },
      schema: { tags, querystring: ZAuditLogQuery, response: { 200: ZAuditLogList } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, count } = await repo.list(
        filterFor(request.auth!, request.query),
        limit,
        (page - 1) * limit,
      );
      return okList(rows.map(toDto), boundedPageOf(page, limit, count, rows.length));
    },
  );

  app.get(
    '/export',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: 'The filtered audit log as CSV (at most 10,000 rows)',
        querystring: ZAuditLogQuery,
      },
    },
    async (request, reply) => {
      const { rows } = await repo.list(filterFor(request.auth!, request.query), EXPORT_MAX_ROWS, 0);
      const csv = toCsv({
        title: 'Audit log',
        columns: [
          'Time',
          'Company',
          'Actor',
          'Action',
          'Entity',
          'Entity id',
          'Summary',
          'Before',
          'After',
          'Request id',
          'IP',
        ],
        rows: rows
          .map(toDto)
          .map((log) => [
            log.createdAt,
            log.companyId ?? '',
            log.actor?.email ?? '',
            log.action,
            log.entityType,
            log.entityId,
            log.summary ?? '',
            log.before === null ? '' : JSON.stringify(log.before),
            log.after === null ? '' : JSON.stringify(log.after),
            log.requestId ?? '',
            log.ip ?? '',
          ]),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="rentora-audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
