import { UNLIMITED } from '@rentora/shared';
import { cn } from '../lib/cn';

/** Share of a limit used, 0–100; null when the limit is unlimited or not positive. */
export function usagePercent(used: number, limit: number): number | null {
  if (limit === UNLIMITED || limit <= 0) return null;
  return Math.min(100, Math.round((used / limit) * 100));
}

export interface UsageMeterProps {
  label: string;
  used: number;
  /** -1 (UNLIMITED) for no limit. */
  limit: number;
  /** Smaller text for table cells. */
  compact?: boolean;
  className?: string;
}

/** "Users 4 / 5" with a bar: brand below 80 %, amber from 80 %, red at the limit; unlimited shows no bar fill. */
export function UsageMeter({ label, used, limit, compact = false, className }: UsageMeterProps) {
  const percent = usagePercent(used, limit);
  const unlimited = limit === UNLIMITED;
  const full = percent !== null && used >= limit;
  const limitText = unlimited ? '∞' : limit.toLocaleString('en-IN');
  return (
    <div className={cn('min-w-0', className)}>
      <div className={cn('flex items-baseline justify-between gap-2', compact ? 'text-xs' : 'text-sm')}>
        <span className="truncate text-slate-500">{label}</span>
        <span className={cn('shrink-0 font-semibold tabular-nums', full ? 'text-red-600' : 'text-slate-800')}>
          {used.toLocaleString('en-IN')}
          <span className="font-normal text-slate-400"> / {limitText}</span>
          {unlimited ? <span className="sr-only"> (unlimited)</span> : null}
        </span>
      </div>
      <div
        aria-hidden
        className={cn('mt-1 overflow-hidden rounded-full bg-slate-100', compact ? 'h-1.5' : 'h-2')}
      >
        <div
          className={cn(
            'h-full rounded-full',
            unlimited
              ? 'bg-emerald-400/40'
              : full
                ? 'bg-red-500'
                : (percent ?? 0) >= 80
                  ? 'bg-amber-500'
                  : 'bg-brand-500',
          )}
          style={{ width: `${unlimited ? 100 : (percent ?? 0)}%` }}
        />
      </div>
    </div>
  );
}
