import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

// Data hooks for the public pages and the auth forms without TanStack Query (see lib/query-runtime.ts): the part of
// its behaviour those pages use (a cache by key with a stale time, keeping the previous data while the next key loads,
// retry on demand; mutation state), in well under 1 KB. Signed-in areas keep using TanStack Query.

interface Entry<T> {
  data?: T;
  error?: Error;
  updatedAt: number;
  promise?: Promise<void>;
  controller?: AbortController;
  fetcher?: (signal: AbortSignal) => Promise<T>;
  listeners: Set<() => void>;
  /** Bumped on every change so useSyncExternalStore sees a new snapshot. */
  version: number;
}

const cache = new Map<string, Entry<unknown>>();

function entryFor<T>(key: string): Entry<T> {
  let entry = cache.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = { updatedAt: 0, listeners: new Set(), version: 0 };
    cache.set(key, entry as Entry<unknown>);
  }
  return entry;
}

function changed(entry: Entry<unknown>) {
  entry.version += 1;
  for (const listener of entry.listeners) listener();
}

function fetchEntry<T>(entry: Entry<T>, fetcher: (signal: AbortSignal) => Promise<T>) {
  entry.fetcher = fetcher;
  if (entry.promise) return;
  const controller = new AbortController();
  entry.controller = controller;
  entry.promise = fetcher(controller.signal).then(
    (data) => {
      entry.data = data;
      entry.error = undefined;
      entry.updatedAt = Date.now();
    },
    (error: unknown) => {
      if (controller.signal.aborted) return;
      entry.error = error instanceof Error ? error : new Error(String(error));
    },
  );
  void entry.promise.finally(() => {
    entry.promise = undefined;
    entry.controller = undefined;
    // Aborted as its last reader left, but a reader came back meanwhile: fetch again for it.
    if (controller.signal.aborted && entry.listeners.size > 0 && entry.fetcher)
      fetchEntry(entry, entry.fetcher);
    else changed(entry as Entry<unknown>);
  });
  changed(entry as Entry<unknown>);
}

/** The subset of TanStack Query's result the public pages read; narrows like it (`isPending`, then `isError`). */
export type LightQueryResult<T> = (
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: T | undefined; error: Error }
  | { isPending: false; isError: false; data: T; error: null }
) & {
  isFetching: boolean;
  /** The data shown belongs to the previous key (`keepPrevious`) while this one loads. */
  isPlaceholderData: boolean;
  refetch: () => void;
};

export interface LightQueryOptions {
  /** How long fetched data counts as fresh (no refetch on mount). */
  staleTime?: number;
  enabled?: boolean;
  /** Show the previous key's data while the next key loads (TanStack's `placeholderData: keepPreviousData`). */
  keepPrevious?: boolean;
}

/**
 * `usePublicQuery(['public', 'plans'], (signal) => api.getData('/plans', { signal }), { staleTime: 300_000 })`.
 * A GET shared by key between the components that show it; an aborted fetch (the last reader left) is not an error.
 */
export function usePublicQuery<T>(
  queryKey: readonly unknown[],
  fetcher: (signal: AbortSignal) => Promise<T>,
  { staleTime = 0, enabled = true, keepPrevious = false }: LightQueryOptions = {},
): LightQueryResult<T> {
  const key = JSON.stringify(queryKey);
  const entry = entryFor<T>(key);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  useSyncExternalStore(
    useCallback(
      (listener: () => void) => {
        entry.listeners.add(listener);
        return () => {
          entry.listeners.delete(listener);
          if (entry.listeners.size === 0 && entry.promise && entry.data === undefined)
            entry.controller?.abort();
        };
      },
      [entry],
    ),
    () => entry.version,
  );
  useEffect(() => {
    if (!enabled) return;
    const fresh = entry.data !== undefined && Date.now() - entry.updatedAt < staleTime;
    if (fresh) return;
    entry.error = undefined;
    fetchEntry(entry, (signal) => fetcherRef.current(signal));
  }, [entry, enabled, staleTime]);

  const previous = useRef<T | undefined>(undefined);
  if (entry.data !== undefined) previous.current = entry.data;
  const refetch = useCallback(() => {
    entry.error = undefined;
    fetchEntry(entry, (signal) => fetcherRef.current(signal));
  }, [entry]);

  const isFetching = entry.promise !== undefined;
  const base = { isFetching, refetch };
  if (entry.error)
    return {
      ...base,
      isPending: false,
      isError: true,
      data: entry.data,
      error: entry.error,
      isPlaceholderData: false,
    };
  if (entry.data !== undefined)
    return {
      ...base,
      isPending: false,
      isError: false,
      data: entry.data,
      error: null,
      isPlaceholderData: false,
    };
  if (keepPrevious && previous.current !== undefined)
    return {
      ...base,
      isPending: false,
      isError: false,
      data: previous.current,
      error: null,
      isPlaceholderData: true,
    };
  return { ...base, isPending: true, isError: false, data: undefined, error: null, isPlaceholderData: false };
}

type ActionStatus<TData, TVariables> =
  | {
      status: 'idle';
      isPending: false;
      isError: false;
      isSuccess: false;
      data: undefined;
      error: null;
      variables: undefined;
    }
  | {
      status: 'pending';
      isPending: true;
      isError: false;
      isSuccess: false;
      data: undefined;
      error: null;
      variables: TVariables;
    }
  | {
      status: 'error';
      isPending: false;
      isError: true;
      isSuccess: false;
      data: undefined;
      error: Error;
      variables: TVariables;
    }
  | {
      status: 'success';
      isPending: false;
      isError: false;
      isSuccess: true;
      data: TData;
      error: null;
      variables: TVariables;
    };

export interface MutateOptions<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
}

export type ActionResult<TData, TVariables> = ActionStatus<TData, TVariables> & {
  /** Runs the action; `onSuccess` runs after the action's own `onSuccess` finished. Errors end in `error`. */
  mutate: (variables: TVariables, options?: MutateOptions<TData>) => void;
  mutateAsync: (variables: TVariables) => Promise<TData>;
  reset: () => void;
};

const IDLE = {
  status: 'idle',
  isPending: false,
  isError: false,
  isSuccess: false,
  data: undefined,
  error: null,
  variables: undefined,
} as const;

/**
 * A one-off request with its state, shaped like TanStack's `useMutation` result (`mutate`, `isPending`, `isError`,
 * `error`, `isSuccess`, `data`, `variables`). `onSuccess` may return a promise: the action is pending until it settles.
 */
export function useAction<TData, TVariables = void>(
  action: (variables: TVariables) => Promise<TData>,
  { onSuccess }: { onSuccess?: (data: TData, variables: TVariables) => unknown } = {},
): ActionResult<TData, TVariables> {
  const [state, setState] = useState<ActionStatus<TData, TVariables>>(IDLE);
  const latest = useRef({ action, onSuccess });
  latest.current = { action, onSuccess };
  const run = useRef(0);

  const mutateAsync = useCallback(async (variables: TVariables) => {
    const id = ++run.current;
    setState({ ...IDLE, status: 'pending', isPending: true, variables });
    try {
      const data = await latest.current.action(variables);
      await latest.current.onSuccess?.(data, variables);
      if (id === run.current) setState({ ...IDLE, status: 'success', isSuccess: true, data, variables });
      return data;
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (id === run.current) setState({ ...IDLE, status: 'error', isError: true, error, variables });
      throw error;
    }
  }, []);
  const mutate = useCallback(
    (variables: TVariables, options?: MutateOptions<TData>) => {
      mutateAsync(variables).then(
        (data) => options?.onSuccess?.(data),
        (error: Error) => options?.onError?.(error),
      );
    },
    [mutateAsync],
  );
  const reset = useCallback(() => {
    run.current += 1;
    setState(IDLE);
  }, []);
  return { ...state, mutate, mutateAsync, reset };
}
