import type { Kpi } from '@rentora/shared';
import {
  AlertTriangle,
  ArrowDownRight,
  ArrowUpRight,
  Building2,
  CalendarCheck,
  Home,
  KeyRound,
  Percent,
  Receipt,
  Timer,
  Users,
  Wallet,
  Wrench,
} from 'lucide-react';
import { formatCount, formatMoney } from '../../lib/format';

/** How the analytics KPIs look wherever they are shown (the analytics page, the dashboard home). */
export const KPI_ICONS: Record<string, typeof Home> = {
  occupancyRate: Percent,
  unitsTotal: Building2,
  unitsAvailable: KeyRound,
  unitsOccupied: Home,
  unitsUnderMaintenance: Wrench,
  activeTenants: Users,
  moveIns: Users,
  expectedMonthlyRent: Wallet,
  rentCollected: Wallet,
  outstanding: Receipt,
  overdue: AlertTriangle,
  bookings: CalendarCheck,
  openMaintenance: Wrench,
  avgResolutionHours: Timer,
};

export const KPI_TONES: Record<string, 'success' | 'warning' | 'danger'> = {
  rentCollected: 'success',
  overdue: 'danger',
  openMaintenance: 'warning',
};

export function formatKpi(kpi: Kpi): string {
  if (kpi.unit === 'percent') return `${kpi.value}%`;
  if (kpi.unit === 'money') return formatMoney(kpi.value);
  if (kpi.unit === 'hours') return `${kpi.value} h`;
  return formatCount(kpi.value);
}

export function KpiChange({ kpi }: { kpi: Kpi }) {
  if (kpi.change === null) {
    return kpi.previous === null ? null : <span>vs {formatKpi({ ...kpi, value: kpi.previous })} before</span>;
  }
  const up = kpi.change >= 0;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className={up ? 'text-emerald-600' : 'text-red-600'}>
      <Icon className="inline h-3.5 w-3.5" aria-hidden /> {Math.abs(kpi.change)}% vs previous period
    </span>
  );
}
