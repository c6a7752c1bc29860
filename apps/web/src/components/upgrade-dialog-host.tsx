import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { upgradeStore } from '../lib/upgrade-store';

export type { UpgradeRequest } from '../lib/upgrade-store';

/**
 * Open the upgrade dialog from anywhere:
 * `useUpgradeDialog().open({ limitType: 'properties', current: 3, limit: 3 })`.
 * The API client opens it by itself on 403 PLAN_LIMIT_REACHED / FEATURE_NOT_IN_PLAN.
 */
export function useUpgradeDialog() {
  const request = useSyncExternalStore(upgradeStore.subscribe, upgradeStore.get, upgradeStore.get);
  return useMemo(
    () => ({ isOpen: request !== null, request, open: upgradeStore.open, close: upgradeStore.close }),
    [request],
  );
}

const LazyUpgradeDialog = lazy(() =>
  import('./upgrade-dialog').then((module) => ({ default: module.UpgradeDialog })),
);

/** Mounted once at the root; loads the dialog's code the first time it opens. */
export function UpgradeDialogHost() {
  const { request, close } = useUpgradeDialog();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <LazyUpgradeDialog request={request} onClose={close} />
    </Suspense>
  );
}
