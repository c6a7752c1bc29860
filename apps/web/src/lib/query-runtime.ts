import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

// TanStack Query (~10 KB gzip) is not part of the first load of the public pages: they fetch through
// lib/light-query.ts. The client loads when something needs it: a session (the auth engine), a page of the signed-in
// areas (lazyPage waits for it), or a sign-in that seeds the current user. Until then the app's QueryClientContext
// holds no client, so nothing may call a TanStack hook before `loadQueryClient()` resolved.

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Loads (once) and mounts the app's query client; a failed load is retried on the next call. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    (module) => {
      client = module.queryClient;
      // What QueryClientProvider does on mount: refetch on reconnect/focus. The client lives as long as the page.
      client.mount();
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The query client when loaded, else null. */
export function loadedQueryClient(): QueryClient | null {
  return client;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query client once loaded (re-renders when it arrives). */
export function useLoadedQueryClient(): QueryClient | null {
  return useSyncExternalStore(subscribe, loadedQueryClient, loadedQueryClient);
}
