import { z } from 'zod';
import { PASSWORD_RULES } from '../constants';
import { PLATFORM_ROLES } from '../permissions/features';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone } from './common';

export const ZPassword = z
  .string()
  .min(PASSWORD_RULES.minLength, `Password must be at least ${PASSWORD_RULES.minLength} characters`)
  .max(PASSWORD_RULES.maxLength, `Password must be at most ${PASSWORD_RULES.maxLength} characters`);

export const ZPlatformRole = z.enum(PLATFORM_ROLES);

export const ZUserDto = z.object({
  _id: ZId,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  role: ZPlatformRole,
  subRole: z.string().nullable(),
  isEmailVerified: z.boolean(),
  isActive: z.boolean(),
  lastLoginAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type UserDto = z.infer<typeof ZUserDto>;

export const ZAuthSession = z.object({ token: z.string(), refreshToken: z.string(), user: ZUserDto });
export type AuthSession = z.infer<typeof ZAuthSession>;

export const ZRegisterBody = z.object({
  firstName: ZName,
  lastName: ZName,
  email: ZEmail,
  password: ZPassword,
  phone: ZPhone.optional(),
});
export type RegisterBody = z.infer<typeof ZRegisterBody>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Password is required').max(PASSWORD_RULES.maxLength),
});
export type LoginBody = z.infer<typeof ZLoginBody>;

export const ZRefreshBody = z.object({ refreshToken: z.string().min(1).max(512) });
export const ZLogoutBody = z.object({ refreshToken: z.string().min(1).max(512).optional() }).optional();

export const ZUpdateProfileBody = z
  .object({
    firstName: ZName,
    lastName: ZName,
    phone: ZPhone.nullable(),
    avatar: z.url({ message: 'Enter a valid URL' }).max(2048).nullable(),
  })
  .partial();
export type UpdateProfileBody = z.infer<typeof ZUpdateProfileBody>;

export const ZChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_RULES.maxLength),
    newPassword: ZPassword,
  })
  .refine((body) => body.currentPassword !== body.newPassword, {
    message: 'New password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export const ZResetPasswordBody = z.object({ password: ZPassword });
export const ZTokenParams = z.object({ token: z.string().min(10).max(256) });
export const ZResendVerificationBody = z.object({ email: ZEmail.optional() }).optional();
