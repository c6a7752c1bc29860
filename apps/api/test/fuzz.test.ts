import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from './app';
import { type CompanySession, createCompany, login, TEST_PASSWORD } from './factories';
import { buildFixtures, fillParams } from './fixtures';

/**
 * Fuzzes every operation of the live OpenAPI document: valid requests generated from the documented schemas
 * (json-schema-faker), then mutations (wrong types, nulls, huge strings and arrays, deep nesting, extra keys,
 * malformed JSON, wrong content types, garbage and overlong path parameters, hostile query strings), as an anonymous
 * caller, as the owner of another company and as the owner. Seeded: FUZZ_SEED reproduces a run.
 *
 * Fails on any 5xx, a 4xx without the `{ success: false, error, code }` envelope, and a 2xx JSON answer that does not
 * match its documented response schema.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Operation {
  method: string;
  /** Fastify form: /api/properties/:id */
  route: string;
  pathParams: string[];
  query: Parameter[];
  bodySchema?: Schema;
  bodyType?: string;
  responses: Map<number, ValidateFunction>;
}

type Caller = 'anonymous' | 'stranger' | 'owner';

/** Requests that would end the owner's session or company mid-run: still fuzzed with garbage, never sent valid. */
const OWNER_KEEPS_SESSION = new Set([
  'POST /api/auth/logout',
  'DELETE /api/companies/:id',
  'PUT /api/company-users/:id/deactivate',
  'DELETE /api/company-users/:id',
  'DELETE /api/companies/:id/users/:userId',
]);

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '🏠'.repeat(50),
  '\u202e\u200b\ufeff',
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  'NaN',
  '-1',
  '1e309',
  'true',
  'null',
  '__proto__',
];

function generate(schema: Schema): unknown {
  try {
    return generateSync(schema as JsonSchema, {
      seed: Math.floor(random() * 2 ** 31),
      maxItems: 3,
      maxLength: 40,
    });
  } catch {
    return {};
  }
}

function deepNest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = random() < 0.5 ? { nested: value } : [value];
  return value;
}

/** One field of an object replaced by a value of the wrong kind. */
function wrongTyped(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return pick([42, 'text', true, [], null]);
  const keys = Object.keys(body);
  if (keys.length === 0) return { unexpected: 1 };
  const key = pick(keys);
  const current = (body as Record<string, unknown>)[key];
  const replacement =
    typeof current === 'string'
      ? pick([12345, true, { a: 1 }, ['x']])
      : typeof current === 'number'
        ? pick(['12', 'NaN', 1e308, -1, 0.5, { a: 1 }])
        : typeof current === 'boolean'
          ? pick(['yes', 1, null])
          : pick(['string', 7, false]);
  return { ...body, [key]: replacement };
}

function mapLeaves(body: unknown, leaf: (value: unknown) => unknown): unknown {
  if (Array.isArray(body)) return body.map((item) => mapLeaves(item, leaf));
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, mapLeaves(value, leaf)]));
  }
  return leaf(body);
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value)
        parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(String(item))}`);
    else
      parts.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))}`,
      );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function validQuery(op: Operation): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of op.query) {
    if (!parameter.schema || (!parameter.required && random() < 0.5)) continue;
    values[parameter.name] = generate(parameter.schema);
  }
  return values;
}

const HOSTILE_QUERIES = [
  '?page=-1&limit=99999999999999999999&sortBy=constructor&sortOrder=sideways',
  '?page=1e309&limit=NaN&search=%00%27%22%3Cscript%3E&_t=abc',
  '?status[]=x&status[]=y&status=z&propertyId=not-a-uuid&from=2026-99-99&to=yesterday',
  `?search=${'x'.repeat(5000)}`,
  '?__proto__[polluted]=1&constructor[prototype][x]=1',
  '?limit=&page=&sortBy=',
  '?a=%E0%A4%A&b=%FF%FE',
];

describe('fuzzing every route of the OpenAPI document', () => {
  let app: FastifyInstance;
  let owner: CompanySession;
  let stranger: CompanySession;
  let ids: Record<string, string>;
  const operations: Operation[] = [];
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);

  beforeAll(async () => {
    ({ app } = await getTestApp());
    owner = await createCompany(app, { plan: 'enterprise' });
    stranger = await createCompany(app, { plan: 'enterprise' });
    ids = await buildFixtures({ app, owner });
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, OpenApiOperation>>;
    }>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, spec] of Object.entries(methods)) {
        const parameters = spec.parameters ?? [];
        const [bodyType, bodyContent] = Object.entries(spec.requestBody?.content ?? {})[0] ?? [];
        const responses = new Map<number, ValidateFunction>();
        for (const [status, response] of Object.entries(spec.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema;
          if (schema && /^2\d\d$/.test(status)) {
            try {
              responses.set(Number(status), ajv.compile(schema));
            } catch {
              // A schema Ajv cannot compile is checked by zod on the server side anyway.
            }
          }
        }
        operations.push({
          method: method.toUpperCase(),
          route: path.replace(/\{([^}]+)\}/g, ':$1'),
          pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          query: parameters.filter((p) => p.in === 'query'),
          bodySchema: bodyContent?.schema,
          bodyType,
          responses,
        });
      }
    }
  }, 300_000);

  it('answers every generated and mutated request with a documented answer, never a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    const byStatus = new Map<number, number>();
    let rebuilt = 0;
    /** A fresh sign-in per operation: a fuzzed call (logout, say) may have ended the previous session. */
    async function headersOf(caller: Caller): Promise<Record<string, string>> {
      if (caller === 'anonymous') return {};
      const session = caller === 'owner' ? owner : stranger;
      const signedIn = await login(app, session.user.email, TEST_PASSWORD);
      return { authorization: `Bearer ${signedIn.token}`, 'x-company-id': session.companyId };
    }
    /**
     * Valid fuzzed calls may deactivate the caller's company or account (the owner may do that): when the caller can
     * no longer act in its company, it is replaced by a new company (and the owner's fixtures are made again).
     */
    async function keepCallersUsable(): Promise<void> {
      for (const caller of ['owner', 'stranger'] as const) {
        const session = caller === 'owner' ? owner : stranger;
        const usable = await login(app, session.user.email, TEST_PASSWORD)
          .then((signedIn) =>
            app.inject({
              method: 'GET',
              url: '/api/auth/permission-context',
              headers: { authorization: `Bearer ${signedIn.token}`, 'x-company-id': session.companyId },
            }),
          )
          .then((response) => response.statusCode === 200)
          .catch(() => false);
        if (usable) continue;
        rebuilt += 1;
        if (caller === 'owner') {
          owner = await createCompany(app, { plan: 'enterprise' });
          ids = await buildFixtures({ app, owner });
        } else {
          stranger = await createCompany(app, { plan: 'enterprise' });
        }
      }
    }

    async function send(op: Operation, caller: Caller, label: string, options: InjectOptions) {
      sent += 1;
      const response = await app.inject(options);
      byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
      const where = `${op.method} ${op.route} [${caller}: ${label}] → ${response.statusCode}`;
      if (response.statusCode >= 500) {
        failures.push(`${where} ${response.body.slice(0, 300)}`);
        return;
      }
      if (response.statusCode >= 400) {
        let body: { success?: unknown; error?: unknown; code?: unknown } | undefined;
        try {
          body = response.json();
        } catch {
          body = undefined;
        }
        if (body?.success !== false || typeof body.error !== 'string' || typeof body.code !== 'string') {
          failures.push(`${where} without the error envelope: ${response.body.slice(0, 200)}`);
        }
        return;
      }
      const validate = op.responses.get(response.statusCode);
      if (validate && String(response.headers['content-type'] ?? '').includes('application/json')) {
        if (!validate(response.json())) {
          failures.push(
            `${where} does not match its schema: ${ajv.errorsText(validate.errors).slice(0, 300)}`,
          );
        }
      }
    }

    for (const op of operations) {
      for (const caller of ['anonymous', 'stranger', 'owner'] as const) {
        const headers = await headersOf(caller);
        const validPath =
          fillParams(op.route, ids) ??
          op.route.replace(/:[A-Za-z0-9_]+/g, '0192f0c4-1111-7000-8000-000000000000');
        const keepSession = caller === 'owner' && OWNER_KEEPS_SESSION.has(`${op.method} ${op.route}`);
        const jsonBody =
          op.bodySchema && op.bodyType === 'application/json' ? generate(op.bodySchema) : undefined;
        const base = { method: op.method as InjectOptions['method'], headers };
        const withBody = (payload: unknown, label: string, contentType = 'application/json') =>
          send(op, caller, label, {
            ...base,
            url: validPath,
            headers: { ...headers, 'content-type': contentType },
            payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
          });

        if (!keepSession) {
          await send(op, caller, 'valid', {
            ...base,
            url: `${validPath}${queryString(validQuery(op))}`,
            ...(jsonBody === undefined ? {} : { payload: jsonBody as InjectOptions['payload'] }),
          });
        }
        for (const hostile of HOSTILE_QUERIES) {
          await send(op, caller, `hostile query ${hostile.slice(0, 30)}`, {
            ...base,
            url: `${validPath}${hostile}`,
          });
        }
        for (const name of op.pathParams) {
          for (const garbage of [
            pick(HOSTILE_STRINGS) || 'x',
            'x'.repeat(600),
            '0192f0c4-1111-7000-8000-00000000000Z',
          ]) {
            const url = (
              fillParams(op.route.replace(`:${name}`, encodeURIComponent(garbage)), ids) ?? validPath
            ).replace(/:[A-Za-z0-9_]+/g, '0192f0c4-1111-7000-8000-000000000000');
            await send(op, caller, `garbage :${name}`, { ...base, url });
          }
        }
        if (op.method === 'GET' || op.method === 'DELETE') continue;
        const sample = jsonBody ?? { unexpected: pick(HOSTILE_STRINGS) };
        if (!keepSession) await withBody(wrongTyped(sample), 'wrong type');
        await withBody(null, 'null body');
        await withBody(
          mapLeaves(sample, () => null),
          'null fields',
        );
        await withBody(
          mapLeaves(sample, (value) => (typeof value === 'string' ? 'x'.repeat(20_000) : value)),
          'huge strings',
        );
        await withBody(
          Array.from({ length: 5000 }, () => sample),
          'huge array',
        );
        await withBody({ ...(sample as object), deep: deepNest(200) }, 'deep nesting');
        await withBody(
          `{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"a":`,
          'malformed JSON',
        );
        await withBody('name=x&email=y', 'wrong content type', 'application/x-www-form-urlencoded');
        await withBody('plain text body', 'text/plain', 'text/plain');
      }
      await keepCallersUsable();
    }
    const statuses = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(
      `fuzz: ${sent} requests over ${operations.length} operations (callers replaced ${rebuilt}×), seed ${SEED}: ${statuses.join(' ')}`,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(sent).toBeGreaterThanOrEqual(5000);
    expect(failures, `FUZZ_SEED=${SEED} reproduces this run`).toEqual([]);
  }, 600_000);
});
