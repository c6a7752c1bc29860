import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ZApiError } from '@rentora/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import type { Config } from '../config';
import type { RouteAccess } from './access';
import { operationIdOf, summaryOf } from './openapi-names';
import { fixSchemaTree } from './openapi-schemas';
import { strictSchema } from './validation';

/**
 * The OpenAPI document of `GET /api/docs/json`, made trustworthy for tools centrally, for every route present and
 * future: each operation gets a stable `operationId` and a summary (core/openapi-names.ts), its security from its
 * `config.access` kind, the `x-company-id` header where a company is in play, the error envelope as the 4XX/5XX
 * answers it can give, request bodies as strict as the validator (core/validation.ts), and schemas that OpenAPI 3.0
 * validators accept (core/openapi-schemas.ts).
 * `apps/api/test/openapi.test.ts` validates the document and lints it with Redocly's recommended rules.
 */

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
  security?: Record<string, string[]>[];
  'x-rentora-access'?: RouteAccess;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ACCESS_EXTENSION = 'x-rentora-access';

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

/** The error answers, one component each; operations reference those they can give. */
const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': {
    name: 'BadRequest',
    description: 'VALIDATION_ERROR: a malformed or invalid request (details name each field)',
  },
  '401': {
    name: 'Unauthorized',
    description: 'UNAUTHORIZED / TOKEN_EXPIRED: no valid access token or API key',
  },
  '403': {
    name: 'Forbidden',
    description: 'FORBIDDEN, FEATURE_NOT_IN_PLAN, PLAN_LIMIT_REACHED or MFA_SETUP_REQUIRED',
  },
  '404': { name: 'NotFound', description: 'NOT_FOUND: no such record in the current company' },
  '409': { name: 'Conflict', description: 'CONFLICT: the change clashes with existing data' },
  '413': { name: 'PayloadTooLarge', description: 'PAYLOAD_TOO_LARGE: the body is over the size limit' },
  '429': { name: 'RateLimited', description: 'RATE_LIMITED: too many requests; try again later' },
  default: {
    name: 'InternalError',
    description: 'INTERNAL_ERROR (500) or SERVICE_UNAVAILABLE (503), with a request id',
  },
};

/** The options of @fastify/swagger: document info, servers, security schemes and the two transforms. */
export function openApiOptions(config: Pick<Config, 'appUrl'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Rentora API',
        description:
          'Property and rental management platform. Sign in (`POST /api/auth/login`) and send the access token as ' +
          '`Authorization: Bearer <token>`; `x-company-id` picks the company on company routes. Company API keys ' +
          'are accepted on company routes as `Authorization: Bearer <key>` or `X-Api-Key: <key>`.',
        version: '1.0.0',
      },
      servers: [{ url: config.appUrl, description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token from sign-in (or, on company routes, a company API key)',
          },
          ApiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: 'A company API key: acts for its company only, with its own permissions',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: (documentObject) =>
      completeDocument(
        ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Json,
      ) as never,
  };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route?: { config?: { access?: RouteAccess } };
};

/** Per route: zod → JSON schema, and the route's access kind kept on the operation for `completeDocument`. */
export function transformRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  // The body as the validator compiler checks it: strict (core/validation.ts), so `additionalProperties: false`.
  const body = input.schema?.body as $ZodType | undefined;
  const routeSchema = body instanceof $ZodType ? { ...input.schema, body: strictSchema(body) } : input.schema;
  const result = jsonSchemaTransform({ ...input, schema: routeSchema });
  const access = input.route?.config?.access;
  if (!access || (result.schema as Json).hide) return result;
  const schema: Json = { ...result.schema, [ACCESS_EXTENSION]: access };
  return { ...result, schema };
}

/** Whole document: names, security, headers, error answers and schema fixes of every operation. */
export function completeDocument(document: Json): Json {
  document.components ??= {};
  const components = document.components as Json;
  components.schemas ??= {};
  const schemas = components.schemas as Json;
  schemas.ApiError = z.toJSONSchema(ZApiError, { target: 'openapi-3.0', io: 'output' });
  delete (schemas.ApiError as Json).$schema;
  components.responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      { description, content: errorContent },
    ]),
  );
  components.parameters = {
    CompanyId: {
      name: 'x-company-id',
      in: 'header',
      required: false,
      description: "The company to act in (one the caller belongs to); without it the caller's first company",
      schema: { type: 'string', format: 'uuid' },
    },
  };

  const paths = (document.paths ?? {}) as Record<string, Json>;
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      completeOperation(operation, method, path, seen);
    }
  }
  fixSchemaTree(document);
  return document;
}

function returnsList(operation: Operation): boolean {
  const success = operation.responses?.['200'] ?? operation.responses?.['201'];
  const content = success?.content as Record<string, { schema?: Json }> | undefined;
  const schema = content?.['application/json']?.schema;
  const data = (schema?.properties as Record<string, Json> | undefined)?.data;
  return data?.type === 'array' || Boolean((schema?.properties as Json | undefined)?.pagination);
}

function completeOperation(operation: Operation, method: string, path: string, seen: Set<string>): void {
  let operationId = operation.operationId ?? operationIdOf(method, path);
  for (let n = 2; seen.has(operationId); n += 1) operationId = `${operationIdOf(method, path)}${n}`;
  seen.add(operationId);
  operation.operationId = operationId;
  operation.summary ??= summaryOf(method, path, returnsList(operation));
  if (!operation.tags?.length) operation.tags = [path.split('/')[2] ?? 'api'];

  const access = operation[ACCESS_EXTENSION];
  const kind = access?.kind ?? 'public';
  operation.security =
    kind === 'public'
      ? []
      : kind === 'optional'
        ? [{}, { bearerAuth: [] }]
        : kind === 'company'
          ? [{ bearerAuth: [] }, { ApiKeyAuth: [] }]
          : [{ bearerAuth: [] }];
  if (kind === 'company') {
    operation.parameters ??= [];
    const parameters = operation.parameters;
    const declared = parameters.some((parameter) => String(parameter.name).toLowerCase() === 'x-company-id');
    if (!declared) parameters.push({ $ref: '#/components/parameters/CompanyId' });
  }

  const parameters = operation.parameters ?? [];
  const hasInput =
    Boolean(operation.requestBody) ||
    parameters.some((parameter) => parameter.in === 'path' || parameter.in === 'query');
  const hasPathParams = parameters.some((parameter) => parameter.in === 'path');
  const codes: string[] = [];
  if (hasInput) codes.push('400');
  if (kind !== 'public' && kind !== 'optional') codes.push('401');
  if (kind === 'company' || kind === 'super_admin') codes.push('403');
  if (hasPathParams) codes.push('404');
  const writes = method !== 'get' && method !== 'head' && method !== 'options';
  if (writes && kind !== 'public') codes.push('409');
  if (operation.requestBody) codes.push('413');
  if (kind === 'company' || path.startsWith('/api/auth/') || (kind === 'public' && writes)) codes.push('429');
  // Any request can be malformed (a bad URL encoding answers 400): every operation names a 4XX answer.
  if (!codes.some((code) => code.startsWith('4'))) codes.push('400');
  codes.push('default');
  operation.responses ??= {};
  const responses = operation.responses;
  for (const code of codes) {
    if (responses[code]) continue;
    responses[code] = { $ref: `#/components/responses/${ERROR_RESPONSES[code].name}` };
  }
}
