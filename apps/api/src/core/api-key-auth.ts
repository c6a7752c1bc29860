import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, type CompanyRole, type Limitations } from '@rentora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { analyticsVersions, apiKeys, companies, companyUsers, users } from '../db/schema';
import { forbidden, unauthorized } from './errors';

/** The SHA-256 (hex) of a company API key: the only form in which a key is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The API key of a request: `X-Api-Key`, or a bearer token with the key prefix. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value.trim();
  const authorization = request.headers.authorization;
  if (!authorization) return undefined;
  const [scheme, token] = authorization.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token?.startsWith(API_KEY_PREFIX.slice(0, 3))
    ? token
    : undefined;
}

function prepareApiKeyQuery(db: Db) {
  return db
    .select({
      keyId: apiKeys.id,
      name: apiKeys.name,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      companyId: apiKeys.companyId,
      companyActive: companies.isActive,
      planFeatures: companies.featuresList,
      limitations: companies.limitations,
      user: users,
      companyRole: companyUsers.role,
      dataVersion: sql<string | null>`(select ${analyticsVersions.version} from ${analyticsVersions}
          where ${analyticsVersions.companyId} = ${apiKeys.companyId})`,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      companyUsers,
      and(
        eq(companyUsers.companyId, apiKeys.companyId),
        eq(companyUsers.userId, apiKeys.createdBy),
        eq(companyUsers.isActive, true),
      ),
    )
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_context');
}

const preparedQueries = new WeakMap<Db, ReturnType<typeof prepareApiKeyQuery>>();

/** A company API key that may act now: what core/access.ts turns into the request's context. */
export interface ApiKeyCaller {
  keyId: string;
  name: string;
  permissions: string[];
  companyId: string;
  companyRole: CompanyRole | null;
  planFeatures: string[];
  limitations: Limitations | null;
  user: typeof users.$inferSelect;
  dataVersion: number;
}

/**
 * Finds the key of a request, read from the database on every request (a revoked key stops at once on every
 * process), and checks it: not revoked or expired, its company active and the one asked for, the member who made
 * it still an active account and a member (or platform staff).
 */
export async function findApiKeyCaller(
  db: Db,
  key: string,
  requestedCompanyId: string | null,
  now = new Date(),
): Promise<ApiKeyCaller> {
  let query = preparedQueries.get(db);
  if (!query) {
    query = prepareApiKeyQuery(db);
    preparedQueries.set(db, query);
  }
  const [row] = key.startsWith(API_KEY_PREFIX) ? await query.execute({ hash: hashApiKey(key) }) : [];
  if (!row) throw unauthorized('Invalid API key');
  if (row.revokedAt) throw unauthorized('This API key has been revoked');
  if (row.expiresAt && row.expiresAt <= now) throw unauthorized('This API key has expired');
  const user = row.user;
  const isPlatformStaff = user?.role === 'super_admin' || user?.role === 'admin';
  if (!user?.isActive || (!row.companyRole && !isPlatformStaff)) {
    throw unauthorized('The member who made this API key no longer belongs to the company');
  }
  if (row.companyActive === false) throw forbidden('This company is deactivated');
  if (requestedCompanyId && requestedCompanyId !== row.companyId) {
    throw forbidden('An API key acts for its own company only');
  }
  return {
    keyId: row.keyId,
    name: row.name,
    permissions: row.permissions,
    companyId: row.companyId,
    companyRole: (row.companyRole as CompanyRole | null) ?? null,
    planFeatures: row.planFeatures ?? [],
    limitations: row.limitations,
    user,
    dataVersion: Number(row.dataVersion ?? 0),
  };
}

const TOUCH_INTERVAL_MS = 60_000;
const lastTouched = new Map<string, number>();

/** Keeps `lastUsedAt` at most a minute old, with at most one UPDATE a minute per key and process. */
export function touchApiKey(db: Db, keyId: string, onError: (error: unknown) => void): void {
  const now = Date.now();
  if ((lastTouched.get(keyId) ?? 0) > now - TOUCH_INTERVAL_MS) return;
  if (lastTouched.size > 10_000) lastTouched.clear();
  lastTouched.set(keyId, now);
  db.update(apiKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(
      and(
        eq(apiKeys.id, keyId),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    )
    .then(() => undefined, onError);
}
