import { zOk } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok } from '../../core/http';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        response: {
          200: zOk(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
        },
      },
    },
    async () => {
      await app.deps.db.execute(sql`select 1`);
      return ok({ status: 'ok' as const, database: app.deps.driver });
    },
  );
};
