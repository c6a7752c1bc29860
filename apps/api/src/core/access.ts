import {
  type AccessContext,
  type CompanyRole,
  canUseFeature,
  FEATURES,
  type Feature,
  holdsFeature,
  planAllows,
} from '@rentora/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { analyticsVersions, companies, companyUsers, sessions, users } from '../db/schema';
import { type ApiKeyCaller, apiKeyOf, findApiKeyCaller, touchApiKey } from './api-key-auth';
import { type AuthContext, type AuthUser, type CompanyContext, ProvisionalContext } from './auth-context';
import { deferAccessCheck, mayDeferAccessCheck, registerDeferredAccessAnswers } from './deferred-access';
import { AppError, featureNotInPlan, forbidden, unauthorized } from './errors';
import { isUuid } from './ids';
import type { RateLimiter } from './rate-limit';
import type { TokenService } from './tokens';

export type { AuthContext, AuthUser, CompanyContext } from './auth-context';

/** How a route is reached: declared once per route as `config: { access }`. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'optional' }
  | { kind: 'user' }
  | { kind: 'super_admin' }
  | { kind: 'company'; features: readonly Feature[]; mode: 'all' | 'any' };

export const access = {
  /** No account needed. */
  public: { kind: 'public' } as RouteAccess,
  /** An account is used when a token is sent. */
  optional: { kind: 'optional' } as RouteAccess,
  /** Any signed-in account. */
  user: { kind: 'user' } as RouteAccess,
  superAdmin: { kind: 'super_admin' } as RouteAccess,
  /** A current company, and every listed feature (held and in the plan). */
  company: (...features: Feature[]): RouteAccess => ({ kind: 'company', features, mode: 'all' }),
  /** A current company, and any one of the listed features. */
  companyAny: (...features: Feature[]): RouteAccess => ({ kind: 'company', features, mode: 'any' }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function accessContextOf(ctx: AuthContext): AccessContext {
  return {
    role: ctx.role,
    subRole: ctx.subRole,
    companyRole: ctx.companyRole,
    features: ctx.features,
    planFeatures: ctx.planFeatures,
  };
}

/** The signed-in caller of a route (401 without one). */
export function requireUser(ctx: AuthContext | null): AuthContext {
  if (!ctx) throw unauthorized();
  return ctx;
}

export function requireCompany(ctx: AuthContext | null): CompanyContext {
  if (!ctx) throw unauthorized();
  if (!ctx.companyId) {
    throw new AppError(
      'FORBIDDEN',
      'No company selected: send the x-company-id header of a company you belong to',
    );
  }
  return ctx as CompanyContext;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

function companyHeader(request: FastifyRequest): string | null {
  const raw = request.headers['x-company-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  if (!isUuid(value)) {
    throw new AppError('VALIDATION_ERROR', 'x-company-id must be a valid id', {
      details: [{ path: 'headers.x-company-id', message: 'Must be a valid id' }],
    });
  }
  return value.toLowerCase();
}

/**
 * The per-request context query, prepared once per database: it runs on every authenticated request,
 * so building its SQL anew each time would cost more than the query itself.
 */
function prepareAuthContextQueries(db: Db) {
  const select = (membershipOn: SQL | undefined, companyOn: SQL) =>
    db
      .select({
        user: users,
        sessionRevokedAt: sessions.revokedAt,
        companyRole: companyUsers.role,
        featurePermissions: companyUsers.featurePermissions,
        companyId: companies.id,
        companyActive: companies.isActive,
        planFeatures: companies.featuresList,
        limitations: companies.limitations,
        require2faForRoles: companies.require2faForRoles,
        dataVersion: sql<string | null>`(select ${analyticsVersions.version} from ${analyticsVersions}
          where ${analyticsVersions.companyId} = ${companies.id})`,
      })
      .from(users)
      .innerJoin(sessions, and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, users.id)))
      .leftJoin(companyUsers, membershipOn)
      .leftJoin(companies, companyOn)
      .where(eq(users.id, sql.placeholder('sub')))
      .orderBy(asc(companyUsers.joinedAt))
      .limit(1);
  return {
    inCompany: select(
      and(
        eq(companyUsers.userId, users.id),
        eq(companyUsers.companyId, sql.placeholder('companyId')),
        eq(companyUsers.isActive, true),
      ),
      eq(companies.id, sql.placeholder('companyId')),
    ).prepare('auth_context_in_company'),
    firstCompany: select(
      and(eq(companyUsers.userId, users.id), eq(companyUsers.isActive, true)),
      eq(companies.id, companyUsers.companyId),
    ).prepare('auth_context_first_company'),
  };
}

const preparedAuthQueries = new WeakMap<Db, ReturnType<typeof prepareAuthContextQueries>>();

function authContextQueries(db: Db) {
  let queries = preparedAuthQueries.get(db);
  if (!queries) {
    queries = prepareAuthContextQueries(db);
    preparedAuthQueries.set(db, queries);
  }
  return queries;
}

/**
 * Loads the user, the session and the current company membership in one indexed query.
 * Without x-company-id the caller's first active company is used.
 */
export async function loadAuthContext(
  db: Db,
  claims: { sub: string; sid: string },
  requestedCompanyId: string | null,
): Promise<AuthContext> {
  const queries = authContextQueries(db);
  const rows = requestedCompanyId
    ? await queries.inCompany.execute({ sub: claims.sub, sid: claims.sid, companyId: requestedCompanyId })
    : await queries.firstCompany.execute({ sub: claims.sub, sid: claims.sid });

  const row = rows[0];
  if (!row || row.sessionRevokedAt) throw unauthorized('Session has ended, please sign in again');
  const user = row.user as AuthUser;
  if (!user.isActive) throw unauthorized('This account is deactivated');

  const isPlatformStaff = user.role === 'super_admin' || user.role === 'admin';
  const companyFound = row.companyId !== null && row.companyActive !== false;
  const isMember = row.companyRole !== null;
  if (requestedCompanyId && (!companyFound || (!isMember && !isPlatformStaff))) {
    throw forbidden('You are not an active member of this company');
  }
  const hasCompany = companyFound && (isMember || isPlatformStaff);
  return {
    userId: user.id,
    sessionId: claims.sid,
    role: user.role,
    subRole: user.subRole,
    user,
    companyId: hasCompany ? row.companyId : null,
    companyRole: isMember ? (row.companyRole as CompanyRole) : null,
    features: isPlatformStaff ? FEATURES : (row.featurePermissions ?? []),
    planFeatures: hasCompany ? (row.planFeatures ?? []) : [],
    limitations: hasCompany ? row.limitations : null,
    dataVersion: hasCompany ? Number(row.dataVersion ?? 0) : null,
    mfaSetupRequired:
      hasCompany &&
      isMember &&
      !isPlatformStaff &&
      user.mfaEnabledAt === null &&
      (row.require2faForRoles ?? []).includes(row.companyRole as string),
  };
}

function enforceFeatures(ctx: AuthContext, features: readonly Feature[], mode: 'all' | 'any'): void {
  if (features.length === 0) return;
  const accessCtx = accessContextOf(ctx);
  const ok =
    mode === 'all'
      ? features.every((feature) => canUseFeature(accessCtx, feature))
      : features.some((feature) => canUseFeature(accessCtx, feature));
  if (ok) return;
  const lackingInPlan = features.find(
    (feature) => holdsFeature(accessCtx, feature) && !planAllows(accessCtx, feature),
  );
  if (lackingInPlan && (mode === 'any' || features.every((f) => holdsFeature(accessCtx, f)))) {
    throw featureNotInPlan(lackingInPlan);
  }
  throw forbidden(`Missing permissions: ${features.filter((f) => !canUseFeature(accessCtx, f)).join(', ')}`);
}

/** What a route's declared access asks of a signed-in caller beyond being one. */
function checkRouteAccess(ctx: AuthContext, declared: RouteAccess): void {
  if (declared.kind === 'super_admin' && ctx.role !== 'super_admin') {
    throw forbidden('Only the platform super admin can do this');
  }
  if (declared.kind === 'company') {
    requireCompany(ctx);
    if (ctx.mfaSetupRequired) {
      throw new AppError(
        'MFA_SETUP_REQUIRED',
        'Your company requires two-factor sign-in. Set it up in your profile to continue.',
      );
    }
    enforceFeatures(ctx, declared.features, declared.mode);
  }
}

/** The context of a request made with a company API key: its company only, exactly its features, role `user`. */
function apiKeyContext(caller: ApiKeyCaller): AuthContext {
  return {
    userId: caller.user.id,
    sessionId: caller.keyId,
    role: 'user',
    subRole: null,
    user: caller.user as AuthUser,
    companyId: caller.companyId,
    companyRole: caller.companyRole,
    features: caller.permissions,
    planFeatures: caller.planFeatures,
    limitations: caller.limitations,
    dataVersion: caller.dataVersion,
    mfaSetupRequired: false,
    apiKey: { id: caller.keyId, name: caller.name },
  };
}

export interface AccessControlDeps {
  db: Db;
  tokens: TokenService;
  /** Counts the requests of each API key (its own window, core/rate-limit.ts). */
  apiKeyLimiter: RateLimiter;
  /** Requests an API key may make per window (429 beyond). */
  apiKeyRateLimit: number;
}

/**
 * One onRequest hook enforces every route's declared access before the body is read; a company GET runs its check with
 * its first statement instead (core/deferred-access.ts).
 */
export function registerAccessControl(app: FastifyInstance, deps: AccessControlDeps): void {
  app.decorateRequest('auth', null);
  registerDeferredAccessAnswers(app);
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config?.access;
    if (!declared || declared.kind === 'public') return;
    const apiKey = apiKeyOf(request);
    if (apiKey !== undefined) {
      if (declared.kind !== 'company') {
        throw forbidden('API keys can call company routes only; this route needs a signed-in person');
      }
      const ctx = apiKeyContext(await findApiKeyCaller(deps.db, apiKey, companyHeader(request)));
      request.auth = ctx;
      await deps.apiKeyLimiter.hit(`api-key:${ctx.sessionId}`, deps.apiKeyRateLimit);
      touchApiKey(deps.db, ctx.sessionId, (error) => request.log.warn({ err: error }, 'api key not touched'));
      enforceFeatures(ctx, declared.features, declared.mode);
      return;
    }
    const token = bearerToken(request);
    if (!token) {
      if (declared.kind === 'optional') return;
      throw unauthorized();
    }
    const claims = deps.tokens.verifyAccess(token);
    const companyId = companyHeader(request);
    if (mayDeferAccessCheck(request, declared.kind, companyId)) {
      const provisional = new ProvisionalContext(claims.sub, claims.sid, companyId);
      request.auth = provisional;
      deferAccessCheck(request, async () => {
        const ctx = await loadAuthContext(deps.db, claims, companyId);
        checkRouteAccess(ctx, declared);
        provisional.settle(ctx);
      });
      return;
    }
    const ctx = await loadAuthContext(deps.db, claims, companyId);
    request.auth = ctx;
    checkRouteAccess(ctx, declared);
  });
}
