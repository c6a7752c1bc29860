import { TIMINGS } from '@rentora/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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

/** `lazyPage(() => import('./login-page'), 'LoginPage')`: a route-level code-split component. */
export function lazyPage<K extends string, M extends { [P in K]: ComponentType }>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => loadWithTimeout(load).then((module) => ({ default: module[name] })));
}
