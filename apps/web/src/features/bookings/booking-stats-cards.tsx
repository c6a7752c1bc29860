import { CalendarCheck, CircleDollarSign, Clock, Wallet } from 'lucide-react';
import { StatCard } from '../../components/stat-card';
import { formatMoney } from '../../lib/format';
import { useBookingStats } from './bookings.api';

export function BookingStatsCards() {
  const stats = useBookingStats();
  const data = stats.data;
  const loading = stats.isPending;
  return (
    <section aria-label="Booking figures" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Bookings" value={data?.total ?? 0} icon={CalendarCheck} loading={loading} />
      <StatCard
        label="Awaiting payment"
        value={(data?.byStatus.pending_payment ?? 0) + (data?.byStatus.partially_paid ?? 0)}
        icon={Clock}
        tone="warning"
        loading={loading}
      />
      <StatCard
        label="Collected"
        value={formatMoney(data?.collected ?? 0)}
        icon={Wallet}
        tone="success"
        loading={loading}
      />
      <StatCard
        label="Outstanding"
        value={formatMoney(data?.outstanding ?? 0)}
        icon={CircleDollarSign}
        loading={loading}
      />
    </section>
  );
}
