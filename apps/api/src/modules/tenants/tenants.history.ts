import { recordAudit } from '../../core/audit';
import { emitEvent } from '../../core/events';
import type { DbOrTx } from '../../db/client';
import { createTenantRecordsRepo } from './tenants.records.repo';

export type TenancyStatus = 'pending' | 'active' | 'notice_given' | 'rejected' | 'moved_out';

/** Writes one row of a tenancy's status history and its audit row (call inside the transition's transaction). */
export async function recordTenantStatus(
  tx: DbOrTx,
  entry: {
    companyId: string;
    tenantId: string;
    fromStatus: TenancyStatus | null;
    toStatus: TenancyStatus;
    actorUserId: string | null;
    reason?: string | null;
  },
): Promise<void> {
  await createTenantRecordsRepo(tx).insertHistory({
    companyId: entry.companyId,
    tenantId: entry.tenantId,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    actorUserId: entry.actorUserId,
    reason: entry.reason ?? null,
  });
  await recordAudit(tx, {
    companyId: entry.companyId,
    actorUserId: entry.actorUserId,
    action: entry.fromStatus === null ? 'tenant.created' : 'tenant.status_changed',
    entityType: 'tenant',
    entityId: entry.tenantId,
    summary:
      `${entry.fromStatus ?? 'new'} → ${entry.toStatus}${entry.reason ? `: ${entry.reason}` : ''}`.slice(
        0,
        500,
      ),
    before: entry.fromStatus === null ? undefined : { status: entry.fromStatus },
    after: { status: entry.toStatus },
  });
  await emitEvent(tx, {
    companyId: entry.companyId,
    type: entry.fromStatus === null ? 'tenant.created' : 'tenant.status_changed',
    data: {
      tenantId: entry.tenantId,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      reason: entry.reason ?? null,
    },
  });
}
