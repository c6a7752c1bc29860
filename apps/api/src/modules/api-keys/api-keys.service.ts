import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyDto,
  holdsFeature,
  type IntegrationPageQuery,
  type Pagination,
} from '@rentora/shared';
import { accessContextOf, type CompanyContext } from '../../core/access';
import { hashApiKey } from '../../core/api-key-auth';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { boundedPageOf, iso, isoOrNull, offsetOf } from '../../core/http';
import { type ApiKeyRow, createApiKeysRepo } from './api-keys.repo';

type Deps = Pick<AppDeps, 'db'>;

function toDto(row: ApiKeyRow): ApiKeyDto {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    expiresAt: isoOrNull(row.expiresAt),
    lastUsedAt: isoOrNull(row.lastUsedAt),
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy
      ? { _id: row.createdBy, name: `${row.creatorFirstName ?? ''} ${row.creatorLastName ?? ''}`.trim() }
      : null,
  };
}

/** Keys are managed by people: a key cannot make or revoke keys (it could otherwise outlive its own limits). */
function requirePerson(ctx: CompanyContext): void {
  if (ctx.apiKey) throw forbidden('API keys are managed by a signed-in member, not with an API key');
}

/**
 * Company API keys (`rk_live_…`): made by the owner or a member with `company_update`, with a subset of the
 * maker's own features; stored as a SHA-256 hash and shown once; revoked at once (core/api-key-auth.ts reads the
 * key on every request).
 */
export function createApiKeysService({ db }: Deps) {
  return {
    async create(ctx: CompanyContext, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
      requirePerson(ctx);
      const permissions = [...new Set(body.permissions)];
      const caller = accessContextOf(ctx);
      const notHeld = permissions.filter((feature) => !holdsFeature(caller, feature));
      if (notHeld.length > 0) {
        throw badRequest(`You can only grant permissions you hold: ${notHeld.join(', ')}`, 'permissions');
      }
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw badRequest('The expiry must be in the future', 'expiresAt');
      }
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = await db.transaction(async (tx) => {
        const keyId = await createApiKeysRepo(tx).insert({
          companyId: ctx.companyId,
          name: body.name,
          prefix: key.slice(0, API_KEY_PREFIX.length + 4),
          keyHash: hashApiKey(key),
          permissions,
          createdBy: ctx.userId,
          expiresAt,
        });
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'api_key.created',
          entityType: 'api_key',
          entityId: keyId,
          summary: `API key "${body.name}" created`,
          after: { name: body.name, permissions, expiresAt: expiresAt?.toISOString() ?? null },
        });
        return keyId;
      });
      const row = await createApiKeysRepo(db).find(ctx.companyId, id);
      return { ...toDto(row!), key };
    },

    async list(
      ctx: CompanyContext,
      query: IntegrationPageQuery,
    ): Promise<{ data: ApiKeyDto[]; pagination: Pagination }> {
      const { rows, count } = await createApiKeysRepo(db).list(
        ctx.companyId,
        query.limit,
        offsetOf(query.page, query.limit),
      );
      return {
        data: rows.map(toDto),
        pagination: boundedPageOf(query.page, query.limit, count, rows.length),
      };
    },

    async revoke(ctx: CompanyContext, id: string): Promise<void> {
      requirePerson(ctx);
      await db.transaction(async (tx) => {
        const revoked = await createApiKeysRepo(tx).revoke(ctx.companyId, id);
        if (!revoked) throw notFound('API key');
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'api_key.revoked',
          entityType: 'api_key',
          entityId: id,
          summary: `API key "${revoked.name}" revoked`,
        });
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
