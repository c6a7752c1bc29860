import { z } from 'zod';
import { isTimeZone } from '../format/formats';
import { COMPANY_ROLES, FEATURES } from '../permissions/features';
import { ZPassword, ZUserDto } from './auth';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone } from './common';
import { ZBillingCycle, ZLimitations, ZUsage } from './plans';

export const ZCompanyRole = z.enum(COMPANY_ROLES);
export const ZFeature = z.enum(FEATURES as [string, ...string[]], { message: 'Unknown permission' });

export const ZAddress = z.object({
  line1: z.string().trim().max(200).default(''),
  line2: z.string().trim().max(200).default(''),
  city: z.string().trim().max(100).default(''),
  state: z.string().trim().max(100).default(''),
  postalCode: z.string().trim().max(20).default(''),
  country: z.string().trim().max(100).default('India'),
});
export type Address = z.infer<typeof ZAddress>;

export const ZSubscriptionStatus = z.enum(['active', 'cancelled', 'expired']);

export const ZCompanySubscription = z.object({
  status: ZSubscriptionStatus,
  billingCycle: ZBillingCycle,
  currentPeriodStart: ZIsoDate,
  currentPeriodEnd: ZIsoDate,
  cancelAtPeriodEnd: z.boolean(),
});

export const ZCompanyDto = z.object({
  _id: ZId,
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  address: ZAddress,
  /** IANA zone of the company's dates and times (default Asia/Kolkata). */
  timeZone: z.string(),
  ownerId: ZId.nullable(),
  plan: z.object({ _id: ZId, name: z.string(), slug: z.string() }).nullable(),
  subscription: ZCompanySubscription,
  featuresList: z.array(z.string()),
  limitations: ZLimitations,
  usage: ZUsage,
  isVerified: z.boolean(),
  verificationNotes: z.string().nullable(),
  verifiedAt: ZIsoDate.nullable(),
  isActive: z.boolean(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type CompanyDto = z.infer<typeof ZCompanyDto>;

export const ZCompanyCreateBody = z.object({
  name: ZName.max(120),
  email: ZEmail.optional(),
  phone: ZPhone.optional(),
  website: z.url({ message: 'Enter a valid URL' }).max(2048).optional(),
  description: z.string().trim().max(2000).optional(),
  address: ZAddress.partial().optional(),
});
export type CompanyCreateBody = z.infer<typeof ZCompanyCreateBody>;

export const ZCompanyUpdateBody = ZCompanyCreateBody.extend({
  logo: z.url({ message: 'Enter a valid URL' }).max(2048).nullable(),
  timeZone: z.string().trim().refine(isTimeZone, 'Choose a time zone such as Asia/Kolkata'),
}).partial();
export type CompanyUpdateBody = z.infer<typeof ZCompanyUpdateBody>;

export const ZModulePermission = z.object({
  module: z.string().min(1).max(40),
  actions: z.array(z.string().min(1).max(20)).max(10),
});

export const ZCompanyUserDto = z.object({
  _id: ZId,
  companyId: ZId,
  userId: ZId,
  user: z.object({
    _id: ZId,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    avatar: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  role: ZCompanyRole,
  featurePermissions: z.array(z.string()),
  permissions: z.array(ZModulePermission),
  isActive: z.boolean(),
  designation: z.string().nullable(),
  department: z.string().nullable(),
  joinedAt: ZIsoDate,
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type CompanyUserDto = z.infer<typeof ZCompanyUserDto>;

/** Anonymous callers send `owner` too; a signed-in caller becomes the owner. */
export const ZRegisterCompanyBody = z.object({
  company: ZCompanyCreateBody,
  owner: z
    .object({
      firstName: ZName,
      lastName: ZName,
      email: ZEmail,
      password: ZPassword,
      phone: ZPhone.optional(),
    })
    .optional(),
});

export const ZAddCompanyMemberBody = z.object({
  email: ZEmail,
  role: ZCompanyRole,
  designation: z.string().trim().max(100).optional(),
  department: z.string().trim().max(100).optional(),
});

export const ZUpdateCompanyMemberBody = z
  .object({
    role: ZCompanyRole,
    featurePermissions: z.array(ZFeature).max(60),
    isActive: z.boolean(),
    designation: z.string().trim().max(100).nullable(),
    department: z.string().trim().max(100).nullable(),
  })
  .partial();

export const ZCompanyStats = z.object({
  usage: ZUsage,
  limitations: ZLimitations,
  members: z.object({
    total: z.number().int(),
    active: z.number().int(),
    byRole: z.record(z.string(), z.number().int()),
  }),
});

export const ZCompanyListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().trim().max(100).optional(),
  isVerified: z.enum(['true', 'false']).optional(),
  sortBy: z.enum(['createdAt', 'name']).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

export const ZPermissionContextDto = z.object({
  user: ZUserDto,
  isSuperAdmin: z.boolean(),
  company: ZCompanyDto.nullable(),
  companyUser: ZCompanyUserDto.nullable(),
  featuresList: z.array(z.string()),
  limitations: ZLimitations.nullable(),
  usage: ZUsage.nullable(),
  /** What the caller may actually use: held and in the plan. */
  permissions: z.array(z.string()),
  /** The company requires two-factor sign-in of the caller's role and it is not on: only its set-up is open. */
  mfaSetupRequired: z.boolean(),
});
export type PermissionContextDto = z.infer<typeof ZPermissionContextDto>;
