import * as Menu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
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

/**
 * A "⋯" button opening a small menu of links and actions, on Radix UI's DropdownMenu (WAI-ARIA APG menu button):
 * Enter/Space/ArrowDown open it on the first item, arrow keys/Home/End/typeahead move, Escape and outside click close
 * it and return focus to the button.
 */
export function ActionMenu({
  items,
  label,
  trigger,
  triggerClassName,
  menuClassName,
  align = 'right',
  className,
}: ActionMenuProps) {
  const visible = items.filter((item) => !item.hidden);
  if (visible.length === 0) return null;
  const itemClass = (tone: 'default' | 'danger' | undefined) =>
    cn(
      'flex w-full cursor-pointer select-none items-center gap-2 whitespace-nowrap px-3 py-2 text-left text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
      tone === 'danger'
        ? 'text-red-700 data-[highlighted]:bg-red-50'
        : 'text-slate-700 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800',
    );
  return (
    <div className={cn('relative inline-block', className)}>
      <Menu.Root modal={false}>
        <Menu.Trigger
          aria-label={label}
          className={
            triggerClassName ??
            'inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900'
          }
        >
          {trigger ?? <MoreHorizontal className="h-4 w-4" aria-hidden />}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            aria-label={label}
            align={align === 'right' ? 'end' : 'start'}
            sideOffset={4}
            collisionPadding={8}
            className={cn(
              'z-50 min-w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg',
              menuClassName,
            )}
          >
            {visible.map((item) =>
              'to' in item ? (
                <Menu.Item key={item.label} asChild className={itemClass(item.tone)}>
                  <Link to={item.to}>
                    <ItemContent item={item} />
                  </Link>
                </Menu.Item>
              ) : (
                <Menu.Item
                  key={item.label}
                  disabled={item.disabled}
                  className={itemClass(item.tone)}
                  onSelect={() => item.onSelect()}
                >
                  <ItemContent item={item} />
                </Menu.Item>
              ),
            )}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
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
