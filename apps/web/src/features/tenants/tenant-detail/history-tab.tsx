import type { TenantDto } from '@rentora/shared';
import { Card } from '../../../components/card';
import { formatDateTime, humanize } from '../../../lib/format';
import { TENANT_STATUS_LABELS } from '../tenant-display';

export function History({ tenant }: { tenant: TenantDto }) {
  return (
    <Card>
      <ol className="divide-y divide-slate-100">
        {tenant.history.map((entry) => (
          <li key={entry._id} className="p-4 text-sm">
            <p className="text-slate-900">
              {entry.fromStatus ? `${labelOf(entry.fromStatus)} → ` : ''}
              <span className="font-medium">{labelOf(entry.toStatus)}</span>
              {entry.reason ? <span className="text-slate-600"> — {entry.reason}</span> : null}
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {entry.actor ?? 'System'} · {formatDateTime(entry.createdAt)}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function labelOf(status: string): string {
  return status in TENANT_STATUS_LABELS
    ? TENANT_STATUS_LABELS[status as keyof typeof TENANT_STATUS_LABELS]
    : humanize(status);
}
