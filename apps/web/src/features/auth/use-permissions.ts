import {
  type AccessRequirement,
  accessLevel,
  canBulkOperate,
  canDelete,
  canSubmitForm,
  canUseFeature,
  checkAccess,
  type Feature,
  holdsFeature,
  isSuperAdmin,
  type PermissionModule,
  planAllows,
} from '@rentora/shared';
import { useMemo } from 'react';
import { useAuth } from './auth-provider';

/**
 * The shared permission functions bound to the current user and company:
 * `const { canUseFeature, isLocked } = usePermissions(); canUseFeature('properties_write')`.
 */
export function usePermissions() {
  const { accessContext: ctx, permissionContext } = useAuth();
  return useMemo(
    () => ({
      context: ctx,
      isSuperAdmin: isSuperAdmin(ctx),
      canUseFeature: (feature: Feature) => canUseFeature(ctx, feature),
      canUseAny: (features: readonly Feature[]) => features.some((feature) => canUseFeature(ctx, feature)),
      canUseAll: (features: readonly Feature[]) => features.every((feature) => canUseFeature(ctx, feature)),
      /** Held by the user but missing from the company's plan: show "Upgrade required". */
      isLocked: (feature: Feature) =>
        !isSuperAdmin(ctx) && holdsFeature(ctx, feature) && !planAllows(ctx, feature),
      check: (requirement: AccessRequirement) => checkAccess(ctx, requirement),
      accessLevel: (area: PermissionModule) => accessLevel(ctx, area),
      canSubmitForm: (area: PermissionModule) => canSubmitForm(ctx, area),
      canDelete: (area: PermissionModule) => canDelete(ctx, area),
      canBulkOperate: (area: PermissionModule) => canBulkOperate(ctx, area),
      limitations: permissionContext?.limitations ?? null,
      usage: permissionContext?.usage ?? null,
    }),
    [ctx, permissionContext],
  );
}
