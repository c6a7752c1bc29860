import { z } from 'zod';
import { PASSWORD_RULES } from '../constants';
import { ZAuthSession } from './auth';
import { ZIsoDate } from './common';
import { ZCompanyRole } from './companies';

/** Two-factor sign-in: TOTP codes from an authenticator app and one-time recovery codes. */
export const MFA_RECOVERY_CODE_COUNT = 10;
export const MFA_REMEMBER_DEVICE_DAYS = 30;
export const MFA_MAX_FAILED_CODES = 5;

export const ZMfaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const ZRecoveryCode = z
  .string()
  .trim()
  .min(8, 'Enter a recovery code')
  .max(32, 'Enter a recovery code');

export const ZMfaSetupDto = z.object({
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
  secret: z.string(),
});
export type MfaSetupDto = z.infer<typeof ZMfaSetupDto>;

export const ZMfaEnableBody = z.object({ code: ZMfaCode });
export type MfaEnableBody = z.infer<typeof ZMfaEnableBody>;

export const ZMfaRecoveryCodesDto = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodesDto = z.infer<typeof ZMfaRecoveryCodesDto>;

/** `code`: a code of the authenticator app or one of the recovery codes. */
export const ZMfaDisableBody = z.object({
  password: z.string().min(1, 'Password is required').max(PASSWORD_RULES.maxLength),
  code: z.string().trim().min(6, 'Enter a code').max(32, 'Enter a code'),
});
export type MfaDisableBody = z.infer<typeof ZMfaDisableBody>;

export const ZMfaStatusDto = z.object({
  enabled: z.boolean(),
  enabledAt: ZIsoDate.nullable(),
  recoveryCodesRemaining: z.number().int(),
  /** This browser carries a valid "remember this device" cookie. */
  deviceRemembered: z.boolean(),
});
export type MfaStatusDto = z.infer<typeof ZMfaStatusDto>;

export const ZMfaForgetDevicesBody = z.object({ scope: z.enum(['this', 'all']) });
export type MfaForgetDevicesBody = z.infer<typeof ZMfaForgetDevicesBody>;

/** What sign-in answers instead of tokens when the account has two-factor sign-in on. */
export const ZMfaChallenge = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallenge = z.infer<typeof ZMfaChallenge>;

export const ZLoginResult = z.union([ZAuthSession, ZMfaChallenge]);
export type LoginResult = z.infer<typeof ZLoginResult>;

export function isMfaChallenge(result: LoginResult): result is MfaChallenge {
  return 'mfaRequired' in result && result.mfaRequired === true;
}

export const ZMfaLoginBody = z
  .object({
    mfaToken: z.string().min(1).max(1024),
    code: ZMfaCode.optional(),
    recoveryCode: ZRecoveryCode.optional(),
    rememberDevice: z.boolean().optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Enter either a code or a recovery code',
    path: ['code'],
  });
export type MfaLoginBody = z.infer<typeof ZMfaLoginBody>;

/** The sign-in code step's form: the code or a recovery code in one box. */
export const ZMfaLoginForm = z.object({
  code: z.string().trim().min(6, 'Enter a code').max(32, 'Enter a code'),
  rememberDevice: z.boolean(),
});
export type MfaLoginForm = z.infer<typeof ZMfaLoginForm>;

export const ZCompanySecurityDto = z.object({ require2faForRoles: z.array(ZCompanyRole) });
export type CompanySecurityDto = z.infer<typeof ZCompanySecurityDto>;

export const ZCompanySecurityBody = z.object({
  require2faForRoles: z.array(ZCompanyRole).max(20),
});
export type CompanySecurityBody = z.infer<typeof ZCompanySecurityBody>;
