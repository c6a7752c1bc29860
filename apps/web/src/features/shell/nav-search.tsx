import { Lock, Search } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { cn } from '../../lib/cn';
import { navIcon } from './nav-icons';
import type { VisibleNavItem } from './use-nav';

export function searchNav(items: readonly VisibleNavItem[], query: string): VisibleNavItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return items.filter(({ item, group }) =>
    [item.name, item.description, group.name].some((text) => text.toLowerCase().includes(needle)),
  );
}

export interface NavSearchProps {
  items: readonly VisibleNavItem[];
  onSelect: (entry: VisibleNavItem) => void;
  /** Esc (or after choosing a result): the shell collapses a temporary expansion. */
  onClose?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Collapsed sidebar: only the icon button shows. */
  compact?: boolean;
  onExpandRequest?: () => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Navigation search (spec 01 §2): Ctrl/Cmd+K, arrows move, Enter opens, Esc closes. */
export function NavSearch({ items, onSelect, onClose, inputRef, compact, onExpandRequest }: NavSearchProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(0);
  const results = useMemo(() => searchNav(items, query), [items, query]);
  const hasQuery = query.trim().length > 0;

  function close(input: HTMLInputElement | null) {
    setQuery('');
    setActive(0);
    input?.blur();
    onClose?.();
  }

  function choose(entry: VisibleNavItem | undefined, input: HTMLInputElement | null) {
    if (!entry) return;
    onSelect(entry);
    close(input);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (results.length) setActive((index) => (index + 1) % results.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (results.length) setActive((index) => (index - 1 + results.length) % results.length);
        break;
      case 'Enter':
        event.preventDefault();
        choose(results[active], input);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(input);
        break;
      default:
        break;
    }
  }

  if (compact) {
    return (
      <button
        type="button"
        onClick={onExpandRequest}
        className="mx-auto flex h-10 w-10 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-600"
        aria-label="Search navigation (Ctrl+K)"
      >
        <Search className="h-5 w-5" aria-hidden />
      </button>
    );
  }

  const listId = `${id}-results`;
  const showPanel = focused || hasQuery;
  return (
    <div className="relative">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label="Search navigation"
          aria-expanded={hasQuery && results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={hasQuery && results[active] ? `${id}-option-${active}` : undefined}
          placeholder="Search…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pl-9 pr-14 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/20"
        />
        <kbd className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 rounded border border-slate-200 bg-white px-1.5 py-0.5 text-[10px] font-medium text-slate-400">
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </div>
      {showPanel ? (
        <div className="mt-2 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-sm">
          {hasQuery ? (
            <>
              <p
                className="px-2 py-1 text-[11px] font-medium uppercase tracking-wide text-slate-400"
                aria-live="polite"
              >
                {results.length === 0
                  ? 'No results found'
                  : `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
              </p>
              <div id={listId} role="listbox" aria-label="Navigation results">
                {results.map((entry, index) => {
                  const Icon = navIcon(entry.item.icon);
                  return (
                    <div
                      key={entry.item.id}
                      id={`${id}-option-${index}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={index === active}
                      onMouseDown={(event) => {
                        event.preventDefault();
                        choose(entry, null);
                      }}
                      onMouseEnter={() => setActive(index)}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5',
                        index === active ? 'bg-brand-50 text-brand-700' : 'text-slate-700',
                      )}
                    >
                      <Icon className="h-4 w-4 shrink-0" aria-hidden />
                      <span className="min-w-0 flex-1 truncate">{entry.item.name}</span>
                      {entry.state === 'locked' ? (
                        <Lock className="h-3.5 w-3.5 text-slate-400" aria-label="Locked" />
                      ) : null}
                      <span className="text-[10px] text-slate-400">{entry.group.name}</span>
                    </div>
                  );
                })}
              </div>
            </>
          ) : (
            <div className="px-2 py-1.5" role="note">
              <p className="text-xs font-semibold text-slate-700">Quick Navigation</p>
              <p className="mt-0.5 text-[11px] leading-4 text-slate-500">
                Type to find a page. ↑ ↓ to move, Enter to open, Esc to close.
              </p>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
