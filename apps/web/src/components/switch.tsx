import { cn } from '../lib/cn';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Accessible name. */
  label: string;
  /** Visible text next to the switch. */
  text?: string;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
}

/** An on/off switch (role="switch"). */
export function Switch({ checked, onChange, label, text, disabled, busy, className }: SwitchProps) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-emerald-500' : 'bg-slate-300',
        )}
      >
        <span
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
            busy && 'animate-pulse',
          )}
        />
      </button>
      {text ? <span className="text-sm text-slate-600">{text}</span> : null}
    </span>
  );
}
