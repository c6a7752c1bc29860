import type { ApiErrorBody } from '@rentora/shared';

/** What the upgrade dialog explains: a plan limit (properties, users, rentalUnits) or a missing feature. */
export interface UpgradeRequest {
  limitType?: 'properties' | 'users' | 'rentalUnits' | 'feature' | (string & {});
  /** Feature shown in 'The feature "X" is not available…': a display name or a feature code. */
  feature?: string;
  current?: number;
  limit?: number;
}

type Listener = () => void;
let current: UpgradeRequest | null = null;
const listeners = new Set<Listener>();

function emit(next: UpgradeRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

export const upgradeStore = {
  open: (request: UpgradeRequest = {}) => emit(request),
  close: () => emit(null),
  get: () => current,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** 403 PLAN_LIMIT_REACHED / FEATURE_NOT_IN_PLAN from the API → the dialog's request. */
export function upgradeRequestFromError(body: ApiErrorBody): UpgradeRequest {
  if (body.code === 'FEATURE_NOT_IN_PLAN') return { limitType: 'feature', feature: body.feature };
  return { limitType: body.limitType, current: body.current, limit: body.limit };
}
