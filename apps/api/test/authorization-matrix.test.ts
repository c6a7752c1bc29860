import { COMPANY_ROLES, type CompanyRole, type Feature, ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/core/app-deps';
import { companies } from '../src/db/schema';
import { getTestApp } from './app';
import { addMember, type CompanySession, createCompany } from './factories';

/**
 * The authorization matrix, generated from each route's `config.access`: for every company-scoped route and every
 * company role, a member whose role holds the route's features gets past the access check, one who lacks them gets
 * 403 "Missing permissions: …"; a plan without the feature gives 403 FEATURE_NOT_IN_PLAN. Ids are unknown ones, so
 * no record is touched: the access check runs before anything else.
 */
const UNKNOWN_ID = '0192f0c4-2222-7000-8000-000000000000';
const urlOf = (route: RouteEntry) => route.url.replace(/:[A-Za-z0-9_]+/g, UNKNOWN_ID);

function required(route: RouteEntry): { features: readonly Feature[]; mode: 'all' | 'any' } | undefined {
  return route.access?.kind === 'company'
    ? { features: route.access.features, mode: route.access.mode }
    : undefined;
}

function roleHolds(role: CompanyRole, features: readonly Feature[], mode: 'all' | 'any'): boolean {
  const held = new Set<string>(ROLE_DEFAULT_FEATURES[role]);
  if (features.length === 0) return true;
  return mode === 'all'
    ? features.every((feature) => held.has(feature))
    : features.some((feature) => held.has(feature));
}

describe('authorization matrix: routes × company roles × plan', () => {
  let app: FastifyInstance;
  let owner: CompanySession;
  const members = new Map<CompanyRole, CompanySession>();
  let companyRoutes: RouteEntry[];

  beforeAll(async () => {
    ({ app } = await getTestApp());
    owner = await createCompany(app, { plan: 'enterprise' });
    members.set('owner', owner);
    for (const role of COMPANY_ROLES)
      if (role !== 'owner') members.set(role, await addMember(app, owner, role));
    companyRoutes = app.routeTable.filter((route) => required(route));
  });

  function call(session: CompanySession, route: RouteEntry) {
    return app.inject({
      method: route.method as InjectOptions['method'],
      url: urlOf(route),
      headers: { authorization: `Bearer ${session.token}`, 'x-company-id': session.companyId },
    });
  }

  it('declares access on every /api route', () => {
    const routes = app.routeTable.filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`)).toEqual(
      [],
    );
  });

  it('lets every role that holds the features through and refuses every role that lacks them', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of companyRoutes) {
      const { features, mode } = required(route)!;
      for (const role of COMPANY_ROLES) {
        const response = await call(members.get(role)!, route);
        checked += 1;
        const body = response.json<{ code?: string; error?: string }>();
        const refusedForPermission =
          response.statusCode === 403 && body.error?.startsWith('Missing permissions:');
        const where = `${route.method} ${route.url} as ${role} (${mode} of ${features.join(', ') || 'nothing'})`;
        if (roleHolds(role, features, mode)) {
          if (response.statusCode === 401 || refusedForPermission || body.code === 'FEATURE_NOT_IN_PLAN') {
            wrong.push(`${where}: refused ${response.statusCode} ${body.error}`);
          }
        } else if (!refusedForPermission) {
          wrong.push(
            `${where}: expected 403 Missing permissions, got ${response.statusCode} ${body.error ?? ''}`,
          );
        } else {
          const lacking = features.filter((feature) => !roleHolds(role, [feature], 'all'));
          if (mode === 'all' && body.error !== `Missing permissions: ${lacking.join(', ')}`) {
            wrong.push(`${where}: message "${body.error}" should name ${lacking.join(', ')}`);
          }
        }
      }
    }
    console.log(
      `authorization matrix: ${companyRoutes.length} company routes × ${COMPANY_ROLES.length} roles = ${checked} checks`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);

  it('refuses features outside the plan with FEATURE_NOT_IN_PLAN, even to the owner', async () => {
    const starter = await createCompany(app, { plan: 'starter' });
    const { database } = await getTestApp();
    const [company] = await database.db
      .select({ featuresList: companies.featuresList })
      .from(companies)
      .where(eq(companies.id, starter.companyId));
    const planFeatures = new Set<string>(company!.featuresList);
    expect(planFeatures.size).toBeGreaterThan(0);
    const outsidePlan = companyRoutes.filter((route) => {
      const { features, mode } = required(route)!;
      if (features.length === 0 || !roleHolds('owner', features, mode)) return false;
      return mode === 'all'
        ? features.some((feature) => !planFeatures.has(feature))
        : features.every((feature) => !planFeatures.has(feature));
    });
    expect(outsidePlan.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of outsidePlan) {
      const response = await call(starter, route);
      const body = response.json<{ code?: string }>();
      if (response.statusCode !== 403 || body.code !== 'FEATURE_NOT_IN_PLAN') {
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${body.code}`);
      }
    }
    console.log(`authorization matrix: ${outsidePlan.length} routes outside the Starter plan refused`);
    expect(wrong).toEqual([]);
  }, 300_000);
});
