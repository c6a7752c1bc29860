import { type Ref, useEffect, useState } from 'react';
import { cn } from '../lib/cn';

export interface MoneyInputProps {
  id?: string;
  /** Minor units (paise); null or undefined shows an empty field. */
  value: number | null | undefined;
  /** Called with minor units, or null when the field is empty or not a number. */
  onChange: (minor: number | null) => void;
  onBlur?: () => void;
  currencySymbol?: string;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function toText(minor: number | null | undefined): string {
  if (minor === null || minor === undefined || Number.isNaN(minor)) return '';
  return String(minor / 100);
}

/** Money typed in major units (rupees) and kept in minor units (paise), the API's money format. */
export function MoneyInput({
  value,
  onChange,
  currencySymbol = '₹',
  className,
  ref,
  ...rest
}: MoneyInputProps) {
  const [text, setText] = useState(() => toText(value));
  useEffect(() => {
    // Follow outside changes (form reset, a template's values) without fighting the user's typing.
    setText((current) => {
      const parsed = current.trim() === '' ? null : Math.round(Number(current) * 100);
      return parsed === (value ?? null) ? current : toText(value);
    });
  }, [value]);
  const invalid = rest['aria-invalid'] === true;
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
        aria-hidden
      >
        {currencySymbol}
      </span>
      <input
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          const next = event.target.value.replace(/[^\d.]/g, '');
          setText(next);
          if (next.trim() === '') return onChange(null);
          const amount = Number(next);
          onChange(Number.isFinite(amount) ? Math.round(amount * 100) : null);
        }}
        className={cn(
          'block h-10 w-full rounded-lg border bg-white pl-7 pr-3 text-sm text-slate-900 shadow-sm transition placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500',
          invalid
            ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
            : 'border-input-border focus:border-brand-600 focus:ring-brand-500/25',
          className,
        )}
        {...rest}
      />
    </div>
  );
}
