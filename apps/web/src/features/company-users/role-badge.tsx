import type { CompanyRole, PlatformRole } from '@rentora/shared';
import { Badge, type BadgeTone } from '../../components/badge';
import { humanize } from '../../lib/format';

const TONES: Record<CompanyRole | PlatformRole, BadgeTone> = {
  owner: 'brand',
  manager: 'info',
  accountant: 'success',
  designer: 'warning',
  maintenance_coordinator: 'neutral',
  field_staff: 'neutral',
  sales_agent: 'info',
  customer_support: 'neutral',
  super_admin: 'danger',
  admin: 'brand',
  tenant: 'neutral',
  user: 'neutral',
};

/** A company or platform role as a coloured badge ("maintenance coordinator"). */
export function RoleBadge({ role }: { role: CompanyRole | PlatformRole }) {
  return (
    <Badge tone={TONES[role]} className="capitalize">
      {humanize(role)}
    </Badge>
  );
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <Badge tone={isActive ? 'success' : 'neutral'}>{isActive ? 'Active' : 'Inactive'}</Badge>;
}

/** "maintenance_coordinator" → "Maintenance coordinator" (select options cannot be capitalised with CSS). */
export function roleLabel(role: string): string {
  const text = humanize(role);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
