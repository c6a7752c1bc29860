import type { FavoriteDto, FavoriteListQuery } from '@rentora/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';

/**
 * Saved units. The hearts on public pages use the small store below (the public pages do not load TanStack
 * Query); the Favorites page reads its list with `favoritesApi.list`.
 */
export const favoritesApi = {
  list: (query: Pick<FavoriteListQuery, 'page' | 'limit'>, signal?: AbortSignal) =>
    api.get<ApiList<FavoriteDto>>('/favorites', { query, signal }),
  ids: (signal?: AbortSignal) => api.getData<string[]>('/favorites/ids', { signal }),
  save: (rentalUnitId: string) => api.post<ApiOk<FavoriteDto>>('/favorites', { rentalUnitId }),
  remove: (rentalUnitId: string) => api.delete('/favorites', { body: { rentalUnitId } }),
};

// ---- The saved ids of the signed-in person, shared by every heart on the page ----

let saved: ReadonlySet<string> | null = null;
let loading: Promise<void> | null = null;
/** Whose ids these are: another account signing in starts afresh. */
let owner: string | null = null;
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<string>) {
  saved = next;
  for (const listener of listeners) listener();
}

function load(): Promise<void> {
  loading ??= favoritesApi
    .ids()
    .then((ids) => publish(new Set(ids)))
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** The saved unit ids of the signed-in `userId` (null until loaded, or signed out); loaded once per account. */
export function useFavoriteIds(userId: string | null): ReadonlySet<string> | null {
  const enabled = userId !== null;
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => saved,
  );
  useEffect(() => {
    if (!userId) return;
    if (owner !== userId) {
      owner = userId;
      saved = null;
      loading = null;
    }
    void load();
  }, [userId]);
  return enabled && owner === userId ? value : null;
}

/** Saves or removes a unit; the hearts change at once and go back if the request fails. */
export async function toggleFavorite(rentalUnitId: string, save: boolean): Promise<void> {
  const before = saved ?? new Set<string>();
  const next = new Set(before);
  if (save) next.add(rentalUnitId);
  else next.delete(rentalUnitId);
  publish(next);
  try {
    if (save) await favoritesApi.save(rentalUnitId);
    else await favoritesApi.remove(rentalUnitId);
  } catch (error) {
    publish(before);
    throw error;
  }
}
