import { TIMINGS } from '@rentora/shared';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before it dismisses itself; 0 or null keeps it until closed. */
  duration: number | null;
}

export interface ToastInput {
  type?: ToastType;
  title: string;
  message?: string;
  duration?: number | null;
}

type Listener = () => void;

export interface ToastStore {
  show(input: ToastInput): string;
  dismiss(id: string): void;
  clear(): void;
  list(): readonly Toast[];
  subscribe(listener: Listener): () => void;
}

/** The toast stack as a plain store, so non-React code (the API client) can raise toasts. */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  const listeners = new Set<Listener>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let counter = 0;

  function emit(next: readonly Toast[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  const store: ToastStore = {
    show(input) {
      // The same toast already on screen (e.g. a retried request failing twice) is not stacked again.
      const same = toasts.find(
        (toast) =>
          toast.type === (input.type ?? 'info') &&
          toast.title === input.title &&
          toast.message === input.message,
      );
      if (same) {
        const timer = timers.get(same.id);
        if (timer) clearTimeout(timer);
        if (same.duration)
          timers.set(
            same.id,
            setTimeout(() => store.dismiss(same.id), same.duration),
          );
        return same.id;
      }
      counter += 1;
      const id = `toast-${Date.now().toString(36)}-${counter}`;
      const duration = input.duration === undefined ? TIMINGS.toastDurationMs : input.duration;
      emit([
        ...toasts,
        { id, type: input.type ?? 'info', title: input.title, message: input.message, duration },
      ]);
      if (duration)
        timers.set(
          id,
          setTimeout(() => store.dismiss(id), duration),
        );
      return id;
    },
    dismiss(id) {
      const timer = timers.get(id);
      if (timer) clearTimeout(timer);
      timers.delete(id);
      if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
    },
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      emit([]);
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

export const toasts = createToastStore();
