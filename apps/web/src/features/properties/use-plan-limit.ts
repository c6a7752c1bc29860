import { UNLIMITED } from '@rentora/shared';
import { useUpgradeDialog } from '../../components/upgrade-dialog-host';
import { usePermissions } from '../auth/use-permissions';

export interface PlanLimitState {
  reached: boolean;
  current: number | undefined;
  limit: number | undefined;
}

/**
 * Whether the company is at its plan limit of properties, or of units in a property with `unitCount` units.
 * The server has the last word (403 PLAN_LIMIT_REACHED opens the same dialog); this only saves a trip.
 */
export function usePlanLimit(type: 'properties' | 'rentalUnits', unitCount?: number) {
  const { limitations, usage } = usePermissions();
  const upgrade = useUpgradeDialog();
  const limit =
    type === 'properties' ? limitations?.maxPropertiesPerCompany : limitations?.maxRentalUnitsPerProperty;
  const current = type === 'properties' ? usage?.properties : unitCount;
  const reached =
    limit !== undefined && limit !== null && limit !== UNLIMITED && current !== undefined && current >= limit;
  const state: PlanLimitState = { reached, current, limit: limit ?? undefined };
  return {
    ...state,
    openUpgrade: () => upgrade.open({ limitType: type, current, limit: limit ?? undefined }),
  };
}
