import { describe, expect, it } from 'vitest';
import {
  type AccessContext,
  type AccessLevel,
  type AccessRequirement,
  accessLevel,
  canBulkOperate,
  canDelete,
  canSubmitForm,
  canUseFeature,
  checkAccess,
  hasAdminScope,
  staffRoleOf,
} from './access';
import {
  COMPANY_ROLES,
  type Feature,
  PERMISSION_MODULES,
  type PermissionModule,
  STAFF_ROLES,
} from './features';

const SUPER: AccessContext = { role: 'super_admin', features: [], planFeatures: ['company_read'] };

function member(
  features: readonly string[] | null,
  planFeatures: readonly string[] | null = [],
  companyRole: AccessContext['companyRole'] = 'manager',
): AccessContext {
  return { role: 'user', companyRole, features, planFeatures };
}

describe('canUseFeature', () => {
  it.each([
    ['held, empty plan list', member(['properties_read'], []), true],
    ['held, no plan list', member(['properties_read'], null), true],
    ['held and in the plan', member(['properties_read'], ['properties_read']), true],
    ['held, plan lacks it', member(['properties_read'], ['tenants_read']), false],
    ['not held, plan has it', member(['tenants_read'], ['properties_read']), false],
    ['feature data missing', member(null), false],
    ['super_admin holding nothing', SUPER, true],
  ])('%s → %s', (_, ctx, expected) => {
    expect(canUseFeature(ctx, 'properties_read')).toBe(expected);
  });
});

describe('checkAccess', () => {
  it('super_admin always passes, whatever the requirement', () => {
    const requirements: AccessRequirement[] = [
      { features: ['admin_write'], requireAll: true },
      { level: { area: 'payments', min: 'admin' } },
      { roles: ['owner'] },
      { fallbackRoles: ['owner'] },
      { condition: () => false },
    ];
    for (const requirement of requirements)
      expect(checkAccess(SUPER, requirement)).toEqual({ granted: true, missing: [] });
  });

  it('grants an empty requirement to any member', () => {
    expect(checkAccess(member([]), {})).toEqual({ granted: true, missing: [] });
  });

  describe('any of the named features', () => {
    const requirement: AccessRequirement = { features: ['payments_read', 'invoices_read'] };

    it.each([
      [['payments_read'], true],
      [['invoices_read'], true],
      [['payments_read', 'invoices_read'], true],
      [['tenants_read'], false],
      [[], false],
    ] as const)('holding %j → %s', (features, granted) => {
      expect(checkAccess(member(features), requirement).granted).toBe(granted);
    });

    it("names every required feature in 'Missing permissions: …'", () => {
      expect(checkAccess(member(['tenants_read']), requirement)).toEqual({
        granted: false,
        missing: ['payments_read', 'invoices_read'],
        reason: 'Missing permissions: payments_read, invoices_read',
      });
    });

    it('is denied when the plan has neither held feature', () => {
      const result = checkAccess(member(['payments_read', 'invoices_read'], ['tenants_read']), requirement);
      expect(result.granted).toBe(false);
      expect(result.reason).toBe('Missing permissions: payments_read, invoices_read');
    });
  });

  describe('all of the named features', () => {
    const requirement: AccessRequirement = { features: ['payments_read', 'invoices_read'], requireAll: true };

    it.each([
      [['payments_read', 'invoices_read'], true, []],
      [['payments_read'], false, ['invoices_read']],
      [['invoices_read'], false, ['payments_read']],
      [[], false, ['payments_read', 'invoices_read']],
    ] as const)('holding %j → %s, missing %j', (features, granted, missing) => {
      const result = checkAccess(member(features), requirement);
      expect(result.granted).toBe(granted);
      expect(result.missing).toEqual(missing);
      if (!granted) expect(result.reason).toBe(`Missing permissions: ${missing.join(', ')}`);
    });

    it('counts a held feature the plan lacks as missing', () => {
      const result = checkAccess(member(['payments_read', 'invoices_read'], ['payments_read']), requirement);
      expect(result).toEqual({
        granted: false,
        missing: ['invoices_read'],
        reason: 'Missing permissions: invoices_read',
      });
    });
  });

  describe('minimum level (read < write < admin)', () => {
    const LEVELS = ['read', 'write', 'admin'] as const;
    const held: Record<AccessLevel, Feature[]> = {
      none: [],
      read: ['properties_read'],
      write: ['properties_read', 'properties_write'],
      admin: ['admin_read'],
    };
    const rank = { none: 0, read: 1, write: 2, admin: 3 };

    for (const have of ['none', 'read', 'write', 'admin'] as const) {
      for (const min of LEVELS) {
        const granted = rank[have] >= rank[min];
        it(`level ${have}, min ${min} → ${granted}`, () => {
          const result = checkAccess(member(held[have]), { level: { area: 'properties', min } });
          expect(result.granted).toBe(granted);
          if (!granted) {
            expect(result.missing).toEqual([`properties_${min}`]);
            expect(result.reason).toBe(`Missing permissions: properties_${min}`);
          }
        });
      }
    }

    it('needs the features as well as the level', () => {
      const ctx = member(['properties_write']);
      expect(
        checkAccess(ctx, { features: ['tenants_read'], level: { area: 'properties', min: 'write' } }).granted,
      ).toBe(false);
      expect(
        checkAccess(ctx, { features: ['properties_write'], level: { area: 'properties', min: 'write' } })
          .granted,
      ).toBe(true);
    });
  });

  describe('fallback roles while feature data is unavailable', () => {
    const requirement: AccessRequirement = {
      features: ['payments_read'],
      fallbackRoles: ['super_admin', 'admin', 'owner', 'manager', 'accountant'],
    };

    it.each(COMPANY_ROLES)('company role %s', (role) => {
      const result = checkAccess(member(null, [], role), requirement);
      const granted = requirement.fallbackRoles!.includes(role);
      expect(result.granted).toBe(granted);
      if (!granted) expect(result.reason).toBe('Role not permitted');
    });

    it('platform admin is matched by its platform role', () => {
      expect(checkAccess({ role: 'admin', features: null }, requirement).granted).toBe(true);
      expect(checkAccess({ role: 'admin', features: undefined }, { fallbackRoles: ['owner'] }).granted).toBe(
        false,
      );
    });

    it('a user without any role is refused', () => {
      expect(checkAccess({ role: 'user', features: null }, requirement).granted).toBe(false);
    });

    it('fallback roles are ignored once feature data is present', () => {
      expect(checkAccess(member([], [], 'owner'), requirement).granted).toBe(false);
      expect(checkAccess(member(['payments_read'], [], 'designer'), requirement).granted).toBe(true);
    });

    it('without fallback roles missing feature data denies a feature requirement', () => {
      expect(checkAccess(member(null), { features: ['payments_read'] })).toEqual({
        granted: false,
        missing: ['payments_read'],
        reason: 'Missing permissions: payments_read',
      });
    });

    it('a custom condition still applies to a fallback-role grant', () => {
      const result = checkAccess(member(null, [], 'owner'), { ...requirement, condition: () => false });
      expect(result).toEqual({ granted: false, missing: [], reason: 'Condition not met' });
    });
  });

  describe('roles, sub roles and conditions', () => {
    it('a required role matches the platform role or the company role', () => {
      expect(checkAccess(member([], [], 'owner'), { roles: ['owner'] }).granted).toBe(true);
      expect(checkAccess({ role: 'admin', features: [] }, { roles: ['admin'] }).granted).toBe(true);
      expect(checkAccess(member([], [], 'manager'), { roles: ['owner', 'admin'] })).toEqual({
        granted: false,
        missing: [],
        reason: 'Requires role: owner, admin',
      });
    });

    it('a required sub role is enforced only for admin', () => {
      const admin = (subRole: string | null): AccessContext => ({ role: 'admin', subRole, features: [] });
      expect(checkAccess(admin('support'), { subRole: 'support' }).granted).toBe(true);
      expect(checkAccess(admin('billing'), { subRole: 'support' })).toEqual({
        granted: false,
        missing: [],
        reason: 'Requires sub role: support',
      });
      expect(checkAccess(admin(null), { subRole: 'support' }).granted).toBe(false);
      expect(checkAccess({ ...member([]), subRole: 'billing' }, { subRole: 'support' }).granted).toBe(true);
    });

    it('a custom condition gets the context and can deny', () => {
      const ctx = member(['properties_read']);
      expect(checkAccess(ctx, { features: ['properties_read'], condition: (c) => c === ctx }).granted).toBe(
        true,
      );
      expect(checkAccess(ctx, { features: ['properties_read'], condition: () => false })).toEqual({
        granted: false,
        missing: [],
        reason: 'Condition not met',
      });
    });
  });
});

describe('accessLevel', () => {
  it.each([
    [[], 'none'],
    [['properties_read'], 'read'],
    [['properties_write'], 'write'],
    [['properties_read', 'properties_write'], 'write'],
    [['properties_update', 'properties_delete'], 'none'],
    [['admin_read'], 'admin'],
    [['admin_write'], 'admin'],
    [['tenants_write'], 'none'],
  ] as const)('holding %j → %s', (features, level) => {
    expect(accessLevel(member(features), 'properties')).toBe(level);
  });

  it('a feature the plan lacks does not count', () => {
    expect(
      accessLevel(member(['properties_write', 'properties_read'], ['properties_read']), 'properties'),
    ).toBe('read');
    expect(accessLevel(member(['admin_read', 'properties_read'], ['properties_read']), 'properties')).toBe(
      'read',
    );
  });

  it.each(PERMISSION_MODULES)('super_admin has admin level on %s', (area) => {
    expect(accessLevel(SUPER, area)).toBe('admin');
  });
});

describe('hasAdminScope', () => {
  it.each([
    ['system', ['admin_read'], true],
    ['system', ['admin_write'], true],
    ['system', ['company_write', 'users_write'], false],
    ['company', ['company_write'], true],
    ['company', ['admin_read'], true],
    ['company', ['company_read', 'admin_write'], false],
    ['users', ['users_write'], true],
    ['users', ['admin_read'], true],
    ['users', ['users_read', 'company_write'], false],
  ] as const)('%s scope holding %j → %s', (scope, features, expected) => {
    expect(hasAdminScope(member(features), scope)).toBe(expected);
  });

  it('super_admin has every scope', () => {
    for (const scope of ['system', 'company', 'users'] as const)
      expect(hasAdminScope(SUPER, scope)).toBe(true);
  });
});

describe('form, delete and bulk permissions', () => {
  const area: PermissionModule = 'tenants';
  it.each([
    [[], false, false, false],
    [['tenants_read'], false, false, false],
    [['tenants_write'], true, true, true],
    [['tenants_update'], false, false, false],
    [['tenants_delete'], false, true, false],
    [['admin_read'], false, false, true],
  ] as const)('holding %j: submit %s, delete %s, bulk %s', (features, submit, del, bulk) => {
    const ctx = member(features);
    expect(canSubmitForm(ctx, area)).toBe(submit);
    expect(canDelete(ctx, area)).toBe(del);
    expect(canBulkOperate(ctx, area)).toBe(bulk);
  });

  it('the plan must have the feature too', () => {
    const ctx = member(['tenants_write', 'tenants_delete'], ['tenants_read']);
    expect(canSubmitForm(ctx, area)).toBe(false);
    expect(canDelete(ctx, area)).toBe(false);
    expect(canBulkOperate(ctx, area)).toBe(false);
  });

  it('super_admin may do all three everywhere', () => {
    for (const module of PERMISSION_MODULES) {
      expect([canSubmitForm(SUPER, module), canDelete(SUPER, module), canBulkOperate(SUPER, module)]).toEqual(
        [true, true, true],
      );
    }
  });
});

describe('staffRoleOf', () => {
  it('is the platform role for super_admin and admin, else the company role', () => {
    expect(staffRoleOf({ role: 'super_admin', companyRole: 'owner' })).toBe('super_admin');
    expect(staffRoleOf({ role: 'admin', companyRole: 'owner' })).toBe('admin');
    for (const role of COMPANY_ROLES) expect(staffRoleOf({ role: 'user', companyRole: role })).toBe(role);
    expect(staffRoleOf({ role: 'tenant' })).toBeNull();
    expect(STAFF_ROLES).toHaveLength(10);
  });
});
