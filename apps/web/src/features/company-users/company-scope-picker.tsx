import type { CompanyDto } from '@rentora/shared';
import { Building2, Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/** The API reads at most 20 companies at once (companyIds[]). */
export const MAX_SCOPE_COMPANIES = 20;

export interface CompanyScopePickerProps {
  companies: readonly CompanyDto[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** Always kept selected (the current company). */
  requiredId: string | null;
}

/** Which companies a list covers: the current one by default, more for people in several companies. */
export function CompanyScopePicker({ companies, selected, onChange, requiredId }: CompanyScopePickerProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const label =
    selected.length <= 1
      ? (companies.find((company) => company._id === selected[0])?.name ?? 'Current company')
      : `${selected.length} companies`;

  function toggle(companyId: string) {
    if (companyId === requiredId) return;
    if (selected.includes(companyId)) onChange(selected.filter((value) => value !== companyId));
    else if (selected.length < MAX_SCOPE_COMPANIES) onChange([...selected, companyId]);
  }

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-10 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-700 shadow-sm hover:bg-slate-50 sm:w-auto"
      >
        <Building2 className="h-4 w-4 text-slate-400" aria-hidden />
        <span className="max-w-48 truncate">{label}</span>
        <ChevronDown className="ml-auto h-4 w-4 text-slate-400" aria-hidden />
      </button>
      {open ? (
        <div
          id={id}
          role="listbox"
          aria-multiselectable="true"
          aria-label="Companies"
          className="absolute right-0 z-20 mt-1 max-h-80 w-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {companies.map((company) => {
            const checked = selected.includes(company._id);
            const locked = company._id === requiredId;
            const full = !checked && selected.length >= MAX_SCOPE_COMPANIES;
            return (
              <button
                key={company._id}
                type="button"
                role="option"
                aria-selected={checked}
                aria-disabled={locked || full}
                onClick={() => toggle(company._id)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm',
                  locked || full ? 'cursor-default text-slate-500' : 'text-slate-700 hover:bg-slate-50',
                )}
              >
                <span
                  className={cn(
                    'flex h-4 w-4 shrink-0 items-center justify-center rounded border',
                    checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300',
                  )}
                >
                  {checked ? <Check className="h-3 w-3" aria-hidden /> : null}
                </span>
                <span className="truncate">{company.name}</span>
                {locked ? <span className="ml-auto text-xs text-slate-400">current</span> : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
