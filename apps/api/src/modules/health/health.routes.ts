import { zOk } from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { AppError, unauthorized } from '../../core/errors';
import { ok } from '../../core/http';
import { isMetricsTokenValid, metricsText } from '../../core/metrics';
import { pingDatabase } from './health.repo';

const ZCheck = z.object({ status: z.enum(['ok', 'failed']), ms: z.number(), error: z.string().optional() });
const ZReadiness = z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), ZCheck) });

/** Runs every readiness check in parallel, each bounded in time. */
async function runChecks(checks: Record<string, () => Promise<unknown>>, timeoutMs: number) {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, { status: 'ok' as const, ms: Math.round(performance.now() - started) }] as const;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return [
          name,
          {
            status: 'failed' as const,
            ms: Math.round(performance.now() - started),
            error: message.slice(0, 200),
          },
        ] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(results) as Record<string, z.infer<typeof ZCheck>>;
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers and reaches its database',
        response: {
          200: zOk(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
        },
      },
    },
    async () => {
      await pingDatabase(app.deps.db);
      return ok({ status: 'ok' as const, database: app.deps.driver });
    },
  );

  app.get(
    '/ready',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Readiness for load balancers: database, Redis (when configured) and file storage',
        response: { 200: zOk(ZReadiness), 503: zOk(ZReadiness) },
      },
    },
    async (_request, reply) => {
      const checks = await runChecks(
        {
          database: () => pingDatabase(app.deps.db),
          storage: () => app.deps.storage.exists('health/ready-probe'),
          ...app.deps.readinessChecks,
        },
        2000,
      );
      const ready = Object.values(checks).every((check) => check.status === 'ok');
      reply.code(ready ? 200 : 503);
      return ok({ status: ready ? ('ready' as const) : ('not_ready' as const), checks });
    },
  );
};

/** GET /api/metrics: Prometheus text, opened by `Authorization: Bearer <METRICS_TOKEN>`; 404 without METRICS_TOKEN. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (text exposition format); needs the METRICS_TOKEN bearer token',
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const expected = app.deps.config.metricsToken;
      if (!expected) throw new AppError('NOT_FOUND', 'Metrics are not enabled (set METRICS_TOKEN)');
      if (!isMetricsTokenValid(request.headers.authorization, expected)) {
        throw unauthorized('A valid metrics token is required');
      }
      const { contentType, text } = await metricsText();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
    },
  );
};
