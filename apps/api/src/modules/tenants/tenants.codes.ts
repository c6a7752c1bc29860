import { randomBytes } from 'node:crypto';
import {
  TENANT_CODE_ALPHABET,
  TENANT_CODE_LENGTH,
  type TenantCodeDto,
  type TenantPortalDto,
} from '@rentora/shared';
import type { Config } from '../../config';
import type { CompanyContext } from '../../core/access';
import { AppError, conflict } from '../../core/errors';
import type { RateLimiter } from '../../core/rate-limit';
import type { Db } from '../../db/client';
import { toCodeDto, toPortalDto } from './tenants.dto';
import { newTenantCode } from './tenants.files';
import type { TenantReads } from './tenants.reads';
import { createTenantRecordsRepo } from './tenants.records.repo';
import { createTenantsRepo } from './tenants.repo';

/** Portal code checks per IP and window (at most the login limit). */
const CODE_ATTEMPTS_PER_IP = 30;

/** Tenant portal codes: staff make one per tenancy; anyone holding it sees the tenancy's portal view. */
export function tenantPortalCodes(
  deps: { db: Db; limiter: RateLimiter; config: Pick<Config, 'appUrl' | 'rateLimits'> },
  reads: TenantReads,
) {
  const { db, limiter, config } = deps;
  const { mustFind } = reads;
  const records = createTenantRecordsRepo(db);

  /** The current tenancy a portal code opens (rate limited per IP); an unknown or closed one is 404. */
  async function tenancyOfCode(ip: string, tenantCode: string, companyId?: string) {
    await limiter.hit(`tenant-code:ip:${ip}`, Math.min(config.rateLimits.loginPerIp, CODE_ATTEMPTS_PER_IP));
    const invalid = () => new AppError('NOT_FOUND', 'Invalid tenant code');
    if (!/^[A-Z0-9]{4,40}$/.test(tenantCode)) throw invalid();
    const code = await records.codeByText(tenantCode, companyId);
    if (!code) throw invalid();
    const row = await createTenantsRepo(db).find(code.companyId, code.tenantId);
    if (!row || row.tenancyStatus === 'moved_out' || row.tenancyStatus === 'rejected') throw invalid();
    return row;
  }

  return {
    /** The company and tenancy a portal code opens, for the portal's other reads. */
    async portalTenancy(ip: string, tenantCode: string, companyId?: string) {
      const row = await tenancyOfCode(ip, tenantCode, companyId);
      return { companyId: row.companyId, tenantId: row.id };
    },

    /** The tenancy's portal code, or null when none was generated yet (an unknown tenancy is 404). */
    async getCode(ctx: CompanyContext, tenantId: string): Promise<TenantCodeDto | null> {
      await mustFind(ctx.companyId, tenantId);
      const code = await records.code(tenantId);
      return code ? toCodeDto(code, config.appUrl) : null;
    },

    async generateCode(ctx: CompanyContext, tenantId: string): Promise<TenantCodeDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      if (row.tenancyStatus === 'moved_out' || row.tenancyStatus === 'rejected') {
        throw conflict('A moved-out or rejected tenant cannot get a portal code');
      }
      const code = newTenantCode(TENANT_CODE_ALPHABET, TENANT_CODE_LENGTH, randomBytes);
      const saved = await records.upsertCode({
        companyId: ctx.companyId,
        tenantId,
        code,
        createdBy: ctx.userId,
      });
      return toCodeDto(saved!, config.appUrl);
    },

    async validateCode(ip: string, tenantCode: string, companyId?: string): Promise<TenantPortalDto> {
      const row = await tenancyOfCode(ip, tenantCode, companyId);
      const repo = createTenantsRepo(db);
      const documents = await records.documents(row.companyId, row.id);
      const extra = await repo.portalExtras(row.rentalUnitId);
      return toPortalDto(row, documents, extra);
    },
  };
}
