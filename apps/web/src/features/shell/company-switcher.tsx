import type { CompanyDto } from '@rentora/shared';
import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/** Shown as a switcher only with more than one company; a single company is a label (spec 01 §2). */
export function CompanySwitcher({
  companies,
  current,
  onSwitch,
  compact,
}: {
  companies: CompanyDto[];
  current: CompanyDto | null;
  onSwitch: (companyId: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

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

  if (!current) return null;
  if (compact) {
    return (
      <div className="flex justify-center" title={current.name}>
        <Building2 className="h-5 w-5 text-slate-400" aria-label={`Company: ${current.name}`} />
      </div>
    );
  }
  if (companies.length <= 1) {
    return (
      <div
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-600"
        data-testid="company-label"
      >
        <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <span className="truncate font-medium">{current.name}</span>
      </div>
    );
  }
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-label={`Current company: ${current.name}. Switch company`}
        className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-2 py-1.5 text-left text-sm hover:bg-slate-50"
        data-testid="company-switcher"
      >
        <Building2 className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium text-slate-700">{current.name}</span>
        <ChevronsUpDown className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      </button>
      {open ? (
        <ul
          id={`${id}-list`}
          aria-label="Companies"
          className="absolute bottom-full left-0 z-50 mb-1 max-h-[min(60rem,70vh)] w-full overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-xl"
        >
          {companies.map((company) => {
            const selected = company._id === current._id;
            return (
              <li key={company._id}>
                <button
                  type="button"
                  className={cn(
                    'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm',
                    selected ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                  )}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => {
                    setOpen(false);
                    onSwitch(company._id);
                  }}
                >
                  <span className="min-w-0 flex-1 truncate">{company.name}</span>
                  {selected ? <Check className="h-4 w-4 shrink-0" aria-hidden /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
