import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/core/app-deps';
import { call, getTestApp } from './app';
import { type CompanySession, createCompany, login, superAdmin } from './factories';
import { buildFixtures, fillParams, paramNames } from './fixtures';

/**
 * Guards that cover every route in the route table, including routes added later, without new test code:
 * a module only ships `<domain>.fixtures.ts` so that its routes' ids can be filled in.
 */
let app: FastifyInstance;
let routes: RouteEntry[];
let companyA: CompanySession;
let companyB: CompanySession;
let idsOfA: Record<string, string>;

beforeAll(async () => {
  ({ app } = await getTestApp());
  routes = app.routeTable;
  companyA = await createCompany(app, { plan: 'enterprise', name: 'Guard Company A' });
  companyB = await createCompany(app, { plan: 'enterprise', name: 'Guard Company B' });
  idsOfA = await buildFixtures({ app, owner: companyA });
}, 120_000);

const label = (route: RouteEntry) => `${route.method} ${route.url}`;
const protectedRoutes = () =>
  routes.filter((r) => r.access?.kind !== 'public' && r.access?.kind !== 'optional');

function randomParams(url: string, value: () => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, () => value());
}

describe('route table', () => {
  it('declares access on every /api route and lists them in the OpenAPI document', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const docs = await call(app, 'GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    for (const route of routes) {
      const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(paths, label(route)).toContain(openApiPath);
    }
  });
});

describe('every non-public route refuses an anonymous caller', () => {
  it('answers 401 UNAUTHORIZED', async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const response = await call(app, route.method, randomParams(route.url, uuidv7), {
        body: route.hasBody ? {} : undefined,
      });
      if (response.statusCode !== 401 || response.json().code !== 'UNAUTHORIZED') {
        failures.push(`${label(route)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a garbage bearer token', async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const response = await call(app, route.method, randomParams(route.url, uuidv7), {
        token: 'garbage.token.here',
      });
      if (response.statusCode !== 401) failures.push(`${label(route)} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('no route answers 5xx to bad input', () => {
  const GARBAGE_PARAMS = ['not-an-id', '%27%20OR%201=1--', '..%2F..%2Fetc', 'x'.repeat(300), '0', '-1'];
  const WRONG_BODIES: unknown[] = [
    [],
    'text',
    42,
    { a: { b: [null, {}] } },
    { email: 1, password: [], name: {} },
  ];

  async function freshCaller(kind: 'owner' | 'super'): Promise<{ token: string; companyId?: string }> {
    if (kind === 'super') return { token: (await superAdmin(app)).token, companyId: companyA.companyId };
    const session = await login(app, companyA.user.email);
    return { token: session.token, companyId: companyA.companyId };
  }

  for (const kind of ['owner', 'super'] as const) {
    it(`as ${kind}: garbage path params, unknown ids, malformed and wrong-typed bodies`, async () => {
      const failures: string[] = [];
      const check = (what: string, status: number, expectClientError = false) => {
        if (status >= 500 || (expectClientError && status < 400)) failures.push(`${what} → ${status}`);
      };
      for (const route of routes) {
        const caller = await freshCaller(kind);
        const params = paramNames(route.url);
        if (params.length) {
          for (const garbage of GARBAGE_PARAMS) {
            const url = randomParams(route.url, () => garbage);
            const response = await call(app, route.method, url, {
              ...caller,
              body: route.hasBody ? {} : undefined,
            });
            check(`${label(route)} params=${garbage.slice(0, 20)}`, response.statusCode, true);
          }
          const unknown = await call(app, route.method, randomParams(route.url, uuidv7), {
            ...caller,
            body: route.hasBody ? {} : undefined,
          });
          check(`${label(route)} unknown ids`, unknown.statusCode, true);
        }
        const url = fillParams(route.url, idsOfA) ?? randomParams(route.url, uuidv7);
        if (route.hasBody || route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
          const malformed = await app.inject({
            method: route.method,
            url,
            headers: {
              authorization: `Bearer ${caller.token}`,
              'x-company-id': caller.companyId ?? '',
              'content-type': 'application/json',
            },
            payload: '{"broken": ',
          });
          check(`${label(route)} malformed JSON`, malformed.statusCode, true);
          for (const body of WRONG_BODIES) {
            const response = await app.inject({
              method: route.method,
              url,
              headers: {
                authorization: `Bearer ${caller.token}`,
                'x-company-id': caller.companyId ?? '',
                'content-type': 'application/json',
              },
              payload: JSON.stringify(body),
            });
            check(`${label(route)} body=${JSON.stringify(body).slice(0, 30)}`, response.statusCode);
          }
        }
        const badQuery = await call(app, route.method, url, {
          ...caller,
          query: {
            page: '-5',
            limit: 'lots',
            sortBy: 'password',
            sortOrder: 'sideways',
            status: ['a', 'b'],
            _t: 'x',
          },
          body: route.hasBody ? {} : undefined,
        });
        check(`${label(route)} bad query`, badQuery.statusCode);
      }
      expect(failures).toEqual([]);
    }, 300_000);
  }

  it('answers 413 to an oversized body and 400 to a bad x-company-id', async () => {
    const session = await login(app, companyA.user.email);
    const big = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const badHeader = await call(app, 'GET', '/api/auth/me', {
      token: session.token,
      headers: { 'x-company-id': 'nope' },
    });
    expect(badHeader.statusCode).toBe(400);
    const unknownRoute = await call(app, 'GET', '/api/does-not-exist');
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('no route of one company is readable or writable from another company', () => {
  it("refuses company B's owner every route that names company A's records", async () => {
    const failures: string[] = [];
    const missingFixtures: string[] = [];
    // Short fixture values are names (a template key such as 'due'), not secrets a response could leak.
    const secretIds = Object.values(idsOfA).filter((id) => id !== companyA.user._id && id.length >= 8);
    for (const route of protectedRoutes()) {
      if (route.access?.kind === 'user' && paramNames(route.url).length === 0) continue;
      if (paramNames(route.url).length === 0) continue;
      const url = fillParams(route.url, idsOfA);
      if (!url) {
        missingFixtures.push(label(route));
        continue;
      }
      for (const companyId of [companyB.companyId, companyA.companyId]) {
        const session = await login(app, companyB.user.email);
        const response = await call(app, route.method, url, {
          token: session.token,
          companyId,
          body: route.hasBody ? {} : undefined,
        });
        const refused = [400, 403, 404].includes(response.statusCode);
        const leaks = secretIds.filter((id) => response.body.includes(id) && !url.includes(id));
        if (!refused || leaks.length) {
          failures.push(
            `${label(route)} as B (x-company-id ${companyId === companyA.companyId ? 'A' : 'B'}) → ${response.statusCode}`,
          );
        }
      }
    }
    expect(missingFixtures, 'routes whose ids no <domain>.fixtures.ts provides').toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);

  it("never lists company A's records to company B", async () => {
    const failures: string[] = [];
    // Short fixture values are names (a template key such as 'due'), not secrets a response could leak.
    const secretIds = Object.values(idsOfA).filter((id) => id !== companyA.user._id && id.length >= 8);
    for (const route of protectedRoutes().filter(
      (r) => r.method === 'GET' && paramNames(r.url).length === 0,
    )) {
      const response = await call(app, 'GET', route.url, {
        token: companyB.token,
        companyId: companyB.companyId,
      });
      const leaks = secretIds.filter((id) => response.body.includes(id));
      if (leaks.length) failures.push(`${label(route)} leaks ${leaks.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('super-admin-only routes refuse a company owner', () => {
  it('answers 403 FORBIDDEN', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access?.kind === 'super_admin')) {
      const url = fillParams(route.url, idsOfA) ?? randomParams(route.url, uuidv7);
      const response = await call(app, route.method, url, {
        token: companyA.token,
        companyId: companyA.companyId,
        body: route.hasBody ? {} : undefined,
      });
      if (response.statusCode !== 403) failures.push(`${label(route)} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
