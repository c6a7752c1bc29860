import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZPassword, ZUserDto } from './auth';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone } from './common';
import { ZCompanyRole, ZCompanyUserDto } from './companies';

/** Invitations live 7 days; a resend makes a new token and kills the old one. */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export const ZInvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof ZInvitationStatus>;

/** `email` may be sent as a string or as `{ email }`. */
const ZInviteEmail = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && 'email' in value
      ? (value as { email: unknown }).email
      : value,
  ZEmail,
);

/**
 * POST /invitations/invite and POST /company-users/invite. `companyId` defaults to the current company;
 * inviting needs users_write there.
 */
export const ZInvitationCreateBody = z.object({
  email: ZInviteEmail,
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  companyId: ZId.optional(),
  role: ZCompanyRole,
  designation: z.string().trim().max(100).optional(),
  department: z.string().trim().max(100).optional(),
});
export type InvitationCreateBody = z.infer<typeof ZInvitationCreateBody>;

const ZPersonRef = z.object({ _id: ZId, firstName: z.string(), lastName: z.string(), email: z.string() });

export const ZInvitationDto = z.object({
  _id: ZId,
  companyId: ZId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZCompanyRole,
  designation: z.string().nullable(),
  department: z.string().nullable(),
  /** `expired`: still pending but past expiresAt. */
  status: ZInvitationStatus,
  expiresAt: ZIsoDate,
  invitedBy: ZPersonRef.nullable(),
  respondedAt: ZIsoDate.nullable(),
  sentCount: z.number().int(),
  lastSentAt: ZIsoDate,
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type InvitationDto = z.infer<typeof ZInvitationDto>;

/** GET /invitations/companies/:companyId/invitations — pending by default. */
export const ZInvitationListQuery = z.object({
  status: ZInvitationStatus.default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.companyUsers),
});

/** GET /invitations/:token — public: what the invitation page shows. */
export const ZPublicInvitationDto = z.object({
  _id: ZId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZCompanyRole,
  designation: z.string().nullable(),
  department: z.string().nullable(),
  status: ZInvitationStatus,
  expiresAt: ZIsoDate,
  company: z.object({ _id: ZId, name: z.string(), logo: z.string().nullable() }),
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** An account with this email exists: the page asks to sign in rather than to choose a password. */
  accountExists: z.boolean(),
  /** Pending and not expired: accept and decline are possible. */
  canRespond: z.boolean(),
});
export type PublicInvitationDto = z.infer<typeof ZPublicInvitationDto>;

/**
 * POST /invitations/:token/accept. Signed in: the account of the invited email joins (no body needed).
 * Anonymous and new to the platform: choose a password (names default to the invitation's).
 */
export const ZAcceptInvitationBody = z
  .object({
    firstName: ZName.optional(),
    lastName: ZName.optional(),
    password: ZPassword.optional(),
    phone: ZPhone.optional(),
  })
  .nullish();
export type AcceptInvitationBody = z.infer<typeof ZAcceptInvitationBody>;

export const ZAcceptInvitationResult = z.object({
  company: z.object({ _id: ZId, name: z.string() }),
  companyUser: ZCompanyUserDto,
  user: ZUserDto,
  /** Only for a new account made by this call: it is signed in, as after login. */
  token: z.string().optional(),
  refreshToken: z.string().optional(),
});
export type AcceptInvitationResult = z.infer<typeof ZAcceptInvitationResult>;

export const ZInvitationTokenParams = z.object({ token: z.string().min(10).max(256) });
export const ZCompanyMemberParams = z.object({ companyId: ZId, userId: ZId });

/** Fallback messages for the company-user and invitation calls. */
export const COMPANY_USER_FALLBACK_MESSAGES = {
  list: 'Failed to fetch company users',
  get: 'Failed to fetch company user',
  limited: 'Failed to fetch limited company users',
  invitations: 'Failed to fetch invitations',
} as const;
