import type { CompanyRole, Feature, PermissionModule, PlatformRole, StaffRole } from './features';

/** What the access checks know about the caller in the current company. */
export interface AccessContext {
  role: PlatformRole | null;
  subRole?: string | null;
  companyRole?: CompanyRole | null;
  /** The caller's featurePermissions; null or undefined while feature data is unavailable. */
  features?: readonly string[] | null;
  /** The current company's plan feature list; empty or missing means the plan restricts nothing. */
  planFeatures?: readonly string[] | null;
}

export type AccessLevel = 'none' | 'read' | 'write' | 'admin';
const LEVEL_RANK: Record<AccessLevel, number> = { none: 0, read: 1, write: 2, admin: 3 };

export interface AccessRequirement {
  features?: readonly Feature[];
  requireAll?: boolean;
  level?: { area: PermissionModule; min: Exclude<AccessLevel, 'none'> };
  fallbackRoles?: readonly StaffRole[];
  roles?: readonly (PlatformRole | CompanyRole)[];
  subRole?: string;
  condition?: (ctx: AccessContext) => boolean;
}

export interface AccessResult {
  granted: boolean;
  missing: string[];
  reason?: string;
}

export function isSuperAdmin(ctx: Pick<AccessContext, 'role'>): boolean {
  return ctx.role === 'super_admin';
}

/** The role the fallback lists speak of: platform super_admin/admin, otherwise the company role. */
export function staffRoleOf(ctx: AccessContext): StaffRole | null {
  if (ctx.role === 'super_admin' || ctx.role === 'admin') return ctx.role;
  return ctx.companyRole ?? null;
}

export function planAllows(ctx: AccessContext, feature: string): boolean {
  return !ctx.planFeatures?.length || ctx.planFeatures.includes(feature);
}

export function holdsFeature(ctx: AccessContext, feature: string): boolean {
  return ctx.features?.includes(feature) ?? false;
}

/** A feature is usable when the user holds it and the plan has it; super_admin always may. */
export function canUseFeature(ctx: AccessContext, feature: string): boolean {
  return isSuperAdmin(ctx) || (holdsFeature(ctx, feature) && planAllows(ctx, feature));
}

export function accessLevel(ctx: AccessContext, area: PermissionModule): AccessLevel {
  if (isSuperAdmin(ctx)) return 'admin';
  if (canUseFeature(ctx, 'admin_read') || canUseFeature(ctx, 'admin_write')) return 'admin';
  if (canUseFeature(ctx, `${area}_write`)) return 'write';
  if (canUseFeature(ctx, `${area}_read`)) return 'read';
  return 'none';
}

export type AdminScope = 'system' | 'company' | 'users';
const ADMIN_SCOPE_FEATURES: Record<AdminScope, Feature[]> = {
  system: ['admin_read', 'admin_write'],
  company: ['company_write', 'admin_read'],
  users: ['users_write', 'admin_read'],
};

export function hasAdminScope(ctx: AccessContext, scope: AdminScope): boolean {
  return ADMIN_SCOPE_FEATURES[scope].some((feature) => canUseFeature(ctx, feature));
}

export function canSubmitForm(ctx: AccessContext, area: PermissionModule): boolean {
  return canUseFeature(ctx, `${area}_write`);
}

export function canDelete(ctx: AccessContext, area: PermissionModule): boolean {
  return canUseFeature(ctx, `${area}_write`) || canUseFeature(ctx, `${area}_delete`);
}

export function canBulkOperate(ctx: AccessContext, area: PermissionModule): boolean {
  return canUseFeature(ctx, `${area}_write`) || accessLevel(ctx, area) === 'admin';
}

/** The access check: a feature must be held by the member and included in the company plan. */
export function checkAccess(ctx: AccessContext, requirement: AccessRequirement): AccessResult {
  if (isSuperAdmin(ctx)) return { granted: true, missing: [] };

  if (requirement.roles) {
    const ownRoles = [ctx.role, ctx.companyRole].filter(Boolean);
    if (!requirement.roles.some((role) => ownRoles.includes(role))) {
      return { granted: false, missing: [], reason: `Requires role: ${requirement.roles.join(', ')}` };
    }
  }
  if (requirement.subRole && ctx.role === 'admin' && ctx.subRole !== requirement.subRole) {
    return { granted: false, missing: [], reason: `Requires sub role: ${requirement.subRole}` };
  }

  const featureDataMissing = ctx.features === null || ctx.features === undefined;
  if (featureDataMissing && requirement.fallbackRoles) {
    const role = staffRoleOf(ctx);
    if (role === null || !requirement.fallbackRoles.includes(role)) {
      return { granted: false, missing: [], reason: 'Role not permitted' };
    }
    if (requirement.condition && !requirement.condition(ctx)) {
      return { granted: false, missing: [], reason: 'Condition not met' };
    }
    return { granted: true, missing: [] };
  }

  const required = requirement.features ?? [];
  const missing = required.filter((feature) => !canUseFeature(ctx, feature));
  const featuresOk =
    required.length === 0 ||
    (requirement.requireAll ? missing.length === 0 : missing.length < required.length);
  if (!featuresOk) {
    const shown = requirement.requireAll ? missing : required;
    return { granted: false, missing: [...shown], reason: `Missing permissions: ${shown.join(', ')}` };
  }

  if (requirement.level) {
    const level = accessLevel(ctx, requirement.level.area);
    if (LEVEL_RANK[level] < LEVEL_RANK[requirement.level.min]) {
      const feature = `${requirement.level.area}_${requirement.level.min}`;
      return { granted: false, missing: [feature], reason: `Missing permissions: ${feature}` };
    }
  }

  if (requirement.condition && !requirement.condition(ctx)) {
    return { granted: false, missing: [], reason: 'Condition not met' };
  }
  return { granted: true, missing: [] };
}
