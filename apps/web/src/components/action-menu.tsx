import { MoreHorizontal } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';

interface ItemBase {
  label: string;
  /** A second, smaller line. */
  description?: string;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  hidden?: boolean;
}

export type ActionMenuItem =
  | (ItemBase & { to: string })
  | (ItemBase & { onSelect: () => void; disabled?: boolean });

export interface ActionMenuProps {
  items: readonly ActionMenuItem[];
  /** Accessible name of the trigger, e.g. "Actions for Unit A-101". */
  label: string;
  trigger?: ReactNode;
  /** Replaces the trigger's icon-button classes (e.g. buttonClasses('primary')). */
  triggerClassName?: string;
  menuClassName?: string;
  align?: 'left' | 'right';
  className?: string;
}

/** A "⋯" button opening a small menu of links and actions (Esc, outside click and arrow keys). */
export function ActionMenu({
  items,
  label,
  trigger,
  triggerClassName,
  menuClassName,
  align = 'right',
  className,
}: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const visible = items.filter((item) => !item.hidden);

  useEffect(() => {
    if (!open) return;
    const first = ref.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
    function onPointer(event: PointerEvent) {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const entries = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      const index = entries.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === 'ArrowDown'
          ? (index + 1) % entries.length
          : (index - 1 + entries.length) % entries.length;
      entries[next]?.focus();
      event.preventDefault();
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (visible.length === 0) return null;
  const itemClass = (tone: 'default' | 'danger' | undefined) =>
    cn(
      'flex w-full items-center gap-2 whitespace-nowrap px-3 py-2 text-left text-sm outline-none disabled:opacity-50',
      tone === 'danger'
        ? 'text-red-600 hover:bg-red-50 focus:bg-red-50'
        : 'text-slate-700 hover:bg-slate-50 focus:bg-slate-50',
    );
  return (
    <div ref={ref} className={cn('relative inline-block', className)}>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={
          triggerClassName ??
          'inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900'
        }
      >
        {trigger ?? <MoreHorizontal className="h-4 w-4" aria-hidden />}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={cn(
            'absolute z-30 mt-1 min-w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg',
            align === 'right' ? 'right-0' : 'left-0',
            menuClassName,
          )}
        >
          {visible.map((item) =>
            'to' in item ? (
              <Link
                key={item.label}
                role="menuitem"
                to={item.to}
                className={itemClass(item.tone)}
                onClick={() => setOpen(false)}
              >
                <ItemContent item={item} />
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                disabled={item.disabled}
                className={itemClass(item.tone)}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                <ItemContent item={item} />
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}

function ItemContent({ item }: { item: ItemBase }) {
  if (!item.description) {
    return (
      <>
        {item.icon}
        {item.label}
      </>
    );
  }
  return (
    <>
      <span className="self-start pt-0.5">{item.icon}</span>
      <span>
        <span className="block font-medium text-slate-900">{item.label}</span>
        <span className="block text-xs text-slate-500">{item.description}</span>
      </span>
    </>
  );
}
