import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './error-handler';

/**
 * Serves the built SPA: hashed assets with long caching, index.html for every other non-API GET. The web build writes
 * `.br` and `.gz` siblings of its assets (apps/web/vite.config.ts); they are sent to clients that accept them
 * (`Content-Encoding`, `Vary: accept-encoding`), the plain file otherwise.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed siblings are chosen by content negotiation, not addressed directly.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/uploads/')) {
      return reply.status(404).send(routeNotFound(request.method, request.url));
    }
    const hasExtension = /\.[a-z0-9]+$/i.test(pathname);
    if (hasExtension && pathname !== '/index.html') {
      try {
        return await reply.sendFile(pathname.slice(1));
      } catch {
        return reply.status(404).send('Not found');
      }
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
