import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../lib/cn';

/** Locks page scrolling while mounted (nested locks restore the original value). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, [active]);
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the visible heading (it stays for screen readers). */
  hideTitle?: boolean;
  className?: string;
}

/**
 * Modal dialog on Radix UI's Dialog primitive (WAI-ARIA APG dialog pattern): portal, focus trapped inside, initial
 * focus on the `[data-autofocus]` element (else the panel), focus returned to the opener, Escape and backdrop close,
 * the rest of the page hidden from assistive technology, page scroll locked, labelled by its title.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideTitle,
  className,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  useScrollLock(open);
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
          <RadixDialog.Overlay className="absolute inset-0 bg-slate-900/50 backdrop-blur-[2px]" />
          <RadixDialog.Content
            ref={panel}
            aria-modal="true"
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current;
              first?.focus();
            }}
            className={cn(
              'relative max-h-[90vh] w-full overflow-y-auto rounded-2xl bg-white shadow-2xl outline-none animate-dialog-in',
              size === 'sm' && 'max-w-sm',
              size === 'md' && 'max-w-lg',
              size === 'lg' && 'max-w-2xl',
              className,
            )}
          >
            <RadixDialog.Close
              className="absolute right-3 top-3 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              aria-label="Close dialog"
            >
              <X className="h-5 w-5" aria-hidden />
            </RadixDialog.Close>
            <div className={cn('px-6 pt-6', hideTitle && 'sr-only')}>
              <RadixDialog.Title className="pr-8 text-lg font-semibold text-slate-900">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-500">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            {children ? <div className="px-6 py-4">{children}</div> : null}
            {footer ? (
              <div className="flex justify-end gap-2 border-t border-slate-100 px-6 py-4">{footer}</div>
            ) : null}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
