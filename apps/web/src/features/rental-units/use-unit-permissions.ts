import { usePermissions } from '../auth/use-permissions';

/** The permissions the unit screens follow (the API's guards: rentalunit_write to create, write/update to edit). */
export function useUnitPermissions() {
  const permissions = usePermissions();
  return {
    canCreate: permissions.canUseFeature('rentalunit_write'),
    canEdit: permissions.canUseAny(['rentalunit_write', 'rentalunit_update']),
    canRemove: permissions.canDelete('rentalunit'),
    canAssign: permissions.canUseFeature('rentalunit_write'),
    canMoveOut: permissions.canUseAny(['rentalunit_write', 'rentalunit_update', 'rentalunit_delete']),
    canSaveTemplate: permissions.canUseFeature('rentalunit_write'),
    isSuperAdmin: permissions.isSuperAdmin,
  };
}
