import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Anonymous, cacheable reads (public listing): a short max-age, then serve stale while the browser revalidates. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** The route's response serializer (compiled from its zod schema; checked against zod in tests) as a string. */
export function serializerOf(reply: FastifyReply): (payload: unknown) => string {
  return (payload) => {
    const body = reply.serialize(payload);
    return typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString('utf8');
  };
}

/** Sends a JSON body that is already serialised (a cached answer): Fastify passes a string with a JSON type as is. */
export function sendJsonBody(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * A route `onSend` hook: a weak ETag from the serialised 200 body, and `304 Not Modified` (no body) when the request's
 * `If-None-Match` already names it, so a repeat visit costs no transfer.
 */
export async function etagOnSend(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}
