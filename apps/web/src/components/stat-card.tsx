import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Skeleton } from './skeleton';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  hint?: ReactNode;
  loading?: boolean;
  tone?: 'brand' | 'success' | 'warning' | 'danger' | 'neutral';
  className?: string;
}

const TONES = {
  brand: 'bg-brand-50 text-brand-600',
  success: 'bg-emerald-50 text-emerald-600',
  warning: 'bg-amber-50 text-amber-600',
  danger: 'bg-red-50 text-red-600',
  neutral: 'bg-slate-100 text-slate-600',
} as const;

/** A figure with a label (page headers of lists: totals, active, pending…). */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  loading,
  tone = 'brand',
  className,
}: StatCardProps) {
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm',
        className,
      )}
    >
      {Icon ? (
        <div className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-xl', TONES[tone])}>
          <Icon className="h-5 w-5" aria-hidden />
        </div>
      ) : null}
      <div className="min-w-0">
        <p className="truncate text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-6 w-12" />
        ) : (
          <p className="text-xl font-bold tabular-nums text-slate-900">{value}</p>
        )}
        {hint ? <p className="truncate text-xs text-slate-500">{hint}</p> : null}
      </div>
    </div>
  );
}

/**
 * The figures row at the top of a list screen: up to four cards sharing one loading state, and the stats query's
 * failure as a quiet line under them (the list itself still works).
 */
export function StatCards({
  cards,
  loading,
  error,
  label,
}: {
  cards: readonly Omit<StatCardProps, 'loading' | 'className'>[];
  loading: boolean;
  /** The message when the figures could not be loaded. */
  error?: string | null;
  /** Names the row for screen readers. */
  label?: string;
}) {
  return (
    <>
      <section aria-label={label} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <StatCard key={card.label} {...card} loading={loading} />
        ))}
      </section>
      {error ? <p className="-mt-3 mb-4 text-xs text-slate-500">{error}</p> : null}
    </>
  );
}
