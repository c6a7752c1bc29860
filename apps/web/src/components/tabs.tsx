import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { cn } from '../lib/cn';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  count?: number;
  icon?: ReactNode;
}

export interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** `pills` for a segmented control, `underline` for page sections. */
  variant?: 'pills' | 'underline';
  className?: string;
  /** Prefix of the panel ids (`${idPrefix}-panel-${id}`) for aria-controls. */
  idPrefix?: string;
}

/** A tab list with arrow-key navigation (roving focus). Render the panel yourself. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  variant = 'underline',
  className,
  idPrefix,
}: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current[next]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn(
        variant === 'pills'
          ? 'inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1'
          : 'flex max-w-full gap-4 overflow-x-auto border-b border-slate-200',
        className,
      )}
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={idPrefix ? `${idPrefix}-tab-${tab.id}` : undefined}
            aria-controls={idPrefix ? `${idPrefix}-panel-${tab.id}` : undefined}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap text-sm font-medium transition',
              variant === 'pills'
                ? cn(
                    'rounded-md px-3 py-1.5',
                    selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-700',
                  )
                : cn(
                    '-mb-px border-b-2 px-1 pb-2.5 pt-1',
                    selected
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-500 hover:text-slate-700',
                  ),
            )}
          >
            {tab.icon}
            {tab.label}
            {tab.count !== undefined ? (
              <span
                className={cn(
                  'rounded-full px-1.5 text-[11px] font-semibold leading-5',
                  selected ? 'bg-brand-100 text-brand-700' : 'bg-slate-200 text-slate-600',
                )}
              >
                {tab.count}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
