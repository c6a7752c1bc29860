import type { ErrorCode } from '@rentora/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

interface ErrorReply {
  status: number;
  body: { success: false; error: string; code: ErrorCode; [key: string]: unknown };
}

function reply(
  status: number,
  code: ErrorCode,
  error: string,
  extra: Record<string, unknown> = {},
): ErrorReply {
  return { status, body: { success: false, error, code, ...extra } };
}

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_INVALID_TEXT = '22P02';

function pgCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Connection-level failures (the database is down or restarting): 503, so clients and balancers retry. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
function isDatabaseUnavailable(error: unknown, pgCode: string | undefined): boolean {
  // 08xxx connection exceptions, 57P01-03 admin shutdown / crash shutdown / cannot connect now.
  if (pgCode && (pgCode.startsWith('08') || ['57P01', '57P02', '57P03'].includes(pgCode))) return true;
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_ERRNOS.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Maps any thrown value to the API error contract. Unknown errors become 500 without internals. */
export function toErrorReply(error: unknown, requestId: string): ErrorReply {
  if (error instanceof AppError) return reply(error.status, error.code, error.message, { ...error.extra });

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext === 'body' ? '' : (error.validationContext ?? '');
    const details = error.validation.map((issue) => ({
      path: [context, ...issue.instancePath.split('/')].filter(Boolean).join('.'),
      message: issue.message ?? 'Invalid value',
    }));
    const first = details[0];
    return reply(
      400,
      'VALIDATION_ERROR',
      first ? `${first.path || 'request'}: ${first.message}` : 'Invalid request',
      {
        details,
      },
    );
  }

  const pgCode = pgCodeOf(error);
  if (pgCode === PG_UNIQUE_VIOLATION)
    return reply(409, 'CONFLICT', 'A record with these details already exists');
  if (pgCode === PG_FOREIGN_KEY_VIOLATION)
    return reply(409, 'CONFLICT', 'A related record does not exist or is in use');
  if (pgCode === PG_INVALID_TEXT) return reply(400, 'VALIDATION_ERROR', 'Invalid value in request');

  if (isDatabaseUnavailable(error, pgCode)) {
    return reply(
      503,
      'SERVICE_UNAVAILABLE',
      'The service is temporarily unavailable. Please try again shortly.',
      {
        requestId,
      },
    );
  }

  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return reply(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    if (status === 415) return reply(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    if (status === 414) return reply(414, 'URI_TOO_LONG', 'The request address is too long');
    if (status === 404) return reply(404, 'NOT_FOUND', 'Not found');
    if (status === 429) return reply(429, 'RATE_LIMITED', 'Too many requests, please try again later');
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON body'
        : fastifyError.message || 'Invalid request';
    return reply(400, 'VALIDATION_ERROR', message);
  }
  return reply(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again later.', { requestId });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, replyTo) => {
    const { status, body } = toErrorReply(error, request.id);
    if (status === 503) {
      request.log.warn({ err: error }, 'database unavailable');
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      replyTo.header('retry-after', String(typeof retryAfter === 'number' ? retryAfter : 1));
    } else if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    else request.log.debug({ err: error, code: body.code }, 'request failed');
    return replyTo.status(status).send(body);
  });
  app.setNotFoundHandler((request, replyTo) =>
    replyTo.status(404).send(routeNotFound(request.method, request.url)),
  );
}

export function routeNotFound(method: string, url: string) {
  return {
    success: false,
    error: `Route ${method} ${url.split('?')[0]} not found`,
    code: 'NOT_FOUND' as const,
  };
}

/**
 * Errors the router raises before any route or hook runs (a path parameter over the length limit, a malformed URL):
 * the same envelope as every other error.
 */
export function frameworkErrorReply(error: FastifyError, requestId: string): ErrorReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.statusCode === 414) {
    return reply(414, 'URI_TOO_LONG', 'The request address is too long');
  }
  return toErrorReply(Object.assign(error, { statusCode: error.statusCode ?? 400 }), requestId);
}
