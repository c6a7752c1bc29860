import { AlertCircle, AlertTriangle, CheckCircle2, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../lib/cn';
import { type ToastType, toasts } from '../lib/toast-store';

const STYLES: Record<ToastType, { icon: typeof Info; accent: string }> = {
  success: { icon: CheckCircle2, accent: 'text-emerald-600' },
  error: { icon: AlertCircle, accent: 'text-red-600' },
  warning: { icon: AlertTriangle, accent: 'text-amber-600' },
  info: { icon: Info, accent: 'text-sky-600' },
};

/** The toast stack at the top right. */
export function ToastViewport() {
  const items = useSyncExternalStore(toasts.subscribe, toasts.list, toasts.list);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-0 top-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4"
    >
      {items.map((toast) => {
        const { icon: Icon, accent } = STYLES[toast.type];
        return (
          <div
            key={toast.id}
            role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
            data-toast-type={toast.type}
            className="pointer-events-auto flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg animate-toast-in"
          >
            <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', accent)} aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
              {toast.message ? <p className="mt-0.5 text-sm text-slate-600">{toast.message}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => toasts.dismiss(toast.id)}
              className="-m-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
              aria-label="Close"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        );
      })}
    </section>
  );
}
