import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZPassword, ZPlatformRole, ZUserDto } from './auth';
import { ZEmail, ZName, ZPhone, ZQueryBoolean, zListQuery } from './common';

/** Admin accounts: super_admin only. */

export const ADMIN_ACCOUNT_ROLES = ['admin', 'super_admin'] as const;

const ZSubRole = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9_]+$/i, 'Use letters, digits and underscores');

/**
 * POST /auth/admin/create. Without a password the new admin is mailed a link to choose one.
 */
export const ZAdminCreateBody = z.object({
  email: ZEmail,
  firstName: ZName,
  lastName: ZName,
  password: ZPassword.optional(),
  phone: ZPhone.optional(),
  role: z.enum(ADMIN_ACCOUNT_ROLES).default('admin'),
  subRole: ZSubRole.optional(),
});
export type AdminCreateBody = z.infer<typeof ZAdminCreateBody>;

/** GET /auth/admin/users — page 1, 10 per page by default. */
export const ZAdminUserListQuery = zListQuery({
  sortBy: ['createdAt', 'email', 'name', 'lastLoginAt'],
  defaultSortBy: 'createdAt',
  defaultLimit: PAGE_SIZES.adminUsers,
}).extend({
  role: ZPlatformRole.optional(),
  isActive: ZQueryBoolean.optional(),
  search: z.string().trim().max(100).optional(),
});
export type AdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

export const ZAdminUserDto = ZUserDto.extend({
  /** Active company memberships. */
  companiesCount: z.number().int(),
});
export type AdminUserDto = z.infer<typeof ZAdminUserDto>;

/** PATCH /auth/admin/users/:id/status */
export const ZAdminUserStatusBody = z.object({ isActive: z.boolean() });

/** PATCH /auth/admin/users/:id/role — subRole null clears it. */
export const ZAdminUserRoleBody = z.object({
  role: ZPlatformRole,
  subRole: ZSubRole.nullable().optional(),
});

/** GET /auth/admin/stats */
export const ZAdminUserStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  verified: z.number().int(),
  byRole: z.object({
    super_admin: z.number().int(),
    admin: z.number().int(),
    tenant: z.number().int(),
    user: z.number().int(),
  }),
  newLast30Days: z.number().int(),
});
export type AdminUserStats = z.infer<typeof ZAdminUserStats>;

/** Fallback messages of the admin calls. */
export const ADMIN_FALLBACK_MESSAGES = {
  create: 'Failed to create admin account',
  list: 'Failed to fetch users',
  status: 'Failed to update user status',
  role: 'Failed to update user role',
  delete: 'Failed to delete user',
  stats: 'Failed to fetch user stats',
} as const;
