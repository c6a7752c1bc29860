import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { AppError, unauthorized } from '../../core/errors';
import type { ServicesOption } from '../../services';

/**
 * GET /uploads/<key> — stored files, authorised per file (see ImagesService.authorizeFile).
 * Not under /api, so the route guards do not enumerate it; uploads.api.test.ts covers it.
 */
/** Life of the bucket URL an authorised `/uploads` request is redirected to (S3 storage). */
export const PRESIGNED_URL_SECONDS = 60;

export const uploadsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const images = services.images;

  app.get(
    '/*',
    {
      config: { access: access.optional },
      schema: {
        hide: true,
        params: z.object({ '*': z.string().max(4000) }),
        querystring: z.object({
          exp: z.coerce.number().int().min(0).max(1e11).optional().catch(undefined),
          sig: z.string().max(100).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const decision = await images.authorizeFile(key, {
        auth: request.auth,
        exp: request.query.exp,
        sig: request.query.sig,
      });
      if (decision === 'not_found') throw new AppError('NOT_FOUND', 'File not found');
      if (decision === 'denied') {
        if (!request.auth && !request.query.sig)
          throw unauthorized('Sign in or use a signed link to see this file');
        throw new AppError('FORBIDDEN', 'This link has expired or you may not see this file');
      }
      const { storage } = app.deps;
      if (storage.presignedUrl) {
        // Checked above like a local file; the bucket URL lives one minute and is never cached publicly.
        const location = await storage.presignedUrl(key, {
          expiresInSeconds: PRESIGNED_URL_SECONDS,
          contentType: decision.mimeType,
        });
        return reply.header('cache-control', 'private, no-store').redirect(location, 302);
      }
      const file = await storage.read(key);
      if (!file) throw new AppError('NOT_FOUND', 'File not found');
      return reply
        .header('content-type', decision.mimeType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header(
          'cache-control',
          decision.visibility === 'public' ? 'public, max-age=3600' : 'private, max-age=3600',
        )
        .send(file.stream);
    },
  );
};
