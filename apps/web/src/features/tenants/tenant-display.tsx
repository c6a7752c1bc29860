import type { TenantListItemDto, TenantStatus } from '@rentora/shared';
import { Badge, type BadgeTone } from '../../components/badge';
import { csvField } from '../../lib/csv';

export const TENANT_STATUS_LABELS: Record<TenantStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  notice_given: 'Notice given',
  rejected: 'Rejected',
  moved_out: 'Moved out',
};

const TONES: Record<TenantStatus, BadgeTone> = {
  pending: 'warning',
  active: 'success',
  notice_given: 'info',
  rejected: 'danger',
  moved_out: 'neutral',
};

export function TenantStatusBadge({ status }: { status: TenantStatus }) {
  return <Badge tone={TONES[status]}>{TENANT_STATUS_LABELS[status]}</Badge>;
}

const DOCUMENT_LABELS: Record<string, string> = {
  aadhaar: 'Aadhaar',
  pan: 'PAN',
  salary_slip: 'Salary slip',
  id_proof: 'ID proof',
  address_proof: 'Address proof',
  agreement: 'Agreement',
  other: 'Other',
};

export const documentLabel = (type: string) => DOCUMENT_LABELS[type] ?? type.replace(/_/g, ' ');

/** `rent` → `Rent`, `notice_given` → `Notice given`. */
export const capitalize = (text: string) => {
  const spaced = text.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export const stayLabel = (days: number) => `${days.toLocaleString('en-IN')} ${days === 1 ? 'day' : 'days'}`;

export const tenantName = (tenant: Pick<TenantListItemDto, 'user'>) =>
  `${tenant.user.firstName} ${tenant.user.lastName}`.trim();

/** The tenants of a list as CSV (money in rupees with two decimals). */
export function tenantsCsv(rows: readonly TenantListItemDto[]): string {
  const header = [
    'Name',
    'Email',
    'Phone',
    'Status',
    'Property',
    'Unit',
    'Move-in',
    'Move-out',
    'Lease end',
    'Monthly total',
    'Outstanding',
    'Next due',
  ];
  const money = (minor: number) => (minor / 100).toFixed(2);
  const lines = rows.map((row) =>
    [
      tenantName(row),
      row.user.email,
      row.user.phone,
      TENANT_STATUS_LABELS[row.status],
      row.property.name,
      row.unit.unitNumber,
      row.occupancyDetails.moveInDate,
      row.occupancyDetails.moveOutDate,
      row.agreementDetails.leaseEndDate,
      money(row.monthlyTotal),
      money(row.financialDetails.outstandingDues.total),
      row.isActive ? row.nextRentDueDate : '',
    ]
      .map(csvField)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n');
}
