import { TIMINGS } from '@rentora/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadQueryClient } from '../lib/query-runtime';

export type ChunkLoadKind = 'missing' | 'error' | 'timeout';

/** A lazily loaded page that failed: its file is gone (new deploy), it errored, or it timed out. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  readonly kind: ChunkLoadKind;
  constructor(kind: ChunkLoadKind, cause?: unknown) {
    super(`Loading chunk failed (${kind})`, { cause });
    this.kind = kind;
  }
}

export function loadWithTimeout<M>(
  load: () => Promise<M>,
  timeoutMs: number = TIMINGS.chunkLoadTimeoutMs,
): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof TypeError ? 'missing' : 'error', error));
      },
    );
  });
}

export interface LazyPageOptions {
  /**
   * The page (or anything it renders) uses TanStack Query: it renders once the query client has loaded too
   * (lib/query-runtime.ts). Default true; the public pages and the auth forms, which use lib/light-query.ts, say false
   * so that their first load does not carry it.
   */
  queryClient?: boolean;
}

/** `lazyPage(() => import('./invoices-page'), 'InvoicesPage')`: a route-level code-split component. */
export function lazyPage<K extends string, M extends { [P in K]: ComponentType }>(
  load: () => Promise<M>,
  name: K,
  { queryClient = true }: LazyPageOptions = {},
): LazyExoticComponent<ComponentType> {
  const loadAll = queryClient
    ? () => Promise.all([load(), loadQueryClient()]).then(([module]) => module)
    : load;
  return lazy(() => loadWithTimeout(loadAll).then((module) => ({ default: module[name] })));
}

/** A page that needs no TanStack Query (see `LazyPageOptions.queryClient`). */
export function lazyLightPage<K extends string, M extends { [P in K]: ComponentType }>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazyPage(load, name, { queryClient: false });
}
