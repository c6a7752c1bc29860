import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { authKeys } from '../auth/auth.api';

/** A context older than this is reloaded when the tab comes back into view. */
export const PERMISSION_FOCUS_RELOAD_MS = 30_000;
/** At most one reload per this interval, however many calls fail at once. */
const RELOAD_THROTTLE_MS = 3_000;

function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/**
 * Keeps the permission context (and with it the sidebar and route gating) in step with changes made by others,
 * without signing in again: a member whose permission, role, plan or membership changed finds out
 * - at once on their next refused call: any 403 (FORBIDDEN, FEATURE_NOT_IN_PLAN, PLAN_LIMIT_REACHED, not a
 *   member any more) means the client's idea of what it may do is stale, so the context and the company list
 *   are reloaded;
 * - when they come back to the tab (visibility or focus) and the context is older than 30 s.
 * The API checks the membership on every request, so access itself never waits for this.
 */
export function usePermissionSync(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const reload = () => {
      const now = Date.now();
      if (now - last < RELOAD_THROTTLE_MS) return;
      last = now;
      void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
      void queryClient.invalidateQueries({ queryKey: authKeys.myCompanies });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      // The auth queries themselves are left out so that a refused reload cannot loop.
      if (event.query.queryKey[0] !== authKeys.all[0] && isRefusal(event.action.error)) reload();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isRefusal(event.action.error))
        reload();
    });
    const onBack = () => {
      if (document.visibilityState !== 'visible') return;
      const updatedAt = queryClient.getQueryState(authKeys.permissionContext)?.dataUpdatedAt ?? 0;
      if (Date.now() - updatedAt > PERMISSION_FOCUS_RELOAD_MS) reload();
    };
    document.addEventListener('visibilitychange', onBack);
    window.addEventListener('focus', onBack);
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
      document.removeEventListener('visibilitychange', onBack);
      window.removeEventListener('focus', onBack);
    };
  }, [enabled, queryClient]);
}
