import type { TenantDto } from '@rentora/shared';
import { notFound } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { toTenantDto } from './tenants.dto';
import type { DocumentSigner } from './tenants.files';
import { createTenantRecordsRepo } from './tenants.records.repo';
import { createTenantsRepo, type TenantDetailRow } from './tenants.repo';

/** Finding a company's tenancy (404 otherwise) and reading its whole detail: what every use case starts from. */
export function createTenantReads(db: DbOrTx, signer: DocumentSigner) {
  async function mustFind(
    companyId: string,
    tenantId: string,
    repoDb: DbOrTx = db,
  ): Promise<TenantDetailRow> {
    const row = await createTenantsRepo(repoDb).find(companyId, tenantId);
    if (!row) throw notFound('Tenant');
    return row;
  }

  async function detail(row: TenantDetailRow): Promise<TenantDto> {
    const records = createTenantRecordsRepo(db);
    const [documents, entries, history] = await Promise.all([
      records.documents(row.companyId, row.id),
      records.entries(row.companyId, row.id),
      records.history(row.companyId, row.id),
    ]);
    return toTenantDto(row, { documents, entries, history }, signer);
  }

  return {
    mustFind,
    detail,
    /** The detail of one of the company's tenancies (404 otherwise). */
    async get(companyId: string, tenantId: string): Promise<TenantDto> {
      return detail(await mustFind(companyId, tenantId));
    },
  };
}

export type TenantReads = ReturnType<typeof createTenantReads>;
