import {
  type AuthSession,
  MFA_MAX_FAILED_CODES,
  type MfaChallenge,
  type MfaDisableBody,
  type MfaLoginBody,
  type MfaSetupDto,
  type MfaStatusDto,
} from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { loadQrCode } from '../../core/lazy-modules';
import { verifyPassword } from '../../core/passwords';
import type { AuthService, RequestMeta, UserRow } from '../auth/auth.service';
import {
  createMfaKeys,
  decryptSecret,
  encryptSecret,
  forgetDeviceCookie,
  hashRecoveryCode,
  isRememberedDevice,
  newRecoveryCodes,
  newTotpSecret,
  rememberDeviceCookie,
  signChallenge,
  totpOf,
  totpStepOf,
  verifyChallenge,
} from './mfa.crypto';
import { createMfaRepo, type MfaState } from './mfa.repo';

type Deps = Pick<AppDeps, 'db' | 'config' | 'limiter'> & { auth: AuthService };

const invalidCode = () =>
  new AppError('VALIDATION_ERROR', 'The code is not valid. Try again.', {
    details: [{ path: 'code', message: 'The code is not valid' }],
  });

export function createMfaService(deps: Deps) {
  const { db, config, limiter, auth } = deps;
  const repo = createMfaRepo(db);
  const keys = createMfaKeys(config.mfaEncryptionKey);
  const cookieOptions = { secure: config.appUrl.startsWith('https://') };

  async function stateOf(userId: string): Promise<MfaState> {
    const state = await repo.findState(userId);
    if (!state) throw notFound('User');
    return state;
  }

  /**
   * Checks a TOTP code (or, with `recovery`, uses a recovery code once). Wrong codes count against the account and
   * the sign-in challenge: the fifth in the window, and every attempt after it, answers 429.
   */
  async function checkCode(
    state: MfaState,
    input: { code?: string; recoveryCode?: string },
    challengeId?: string,
  ): Promise<void> {
    const keysOfLimit = [`mfa:account:${state.id}`, ...(challengeId ? [`mfa:challenge:${challengeId}`] : [])];
    for (const key of keysOfLimit) await limiter.check(key, MFA_MAX_FAILED_CODES);
    let ok = false;
    if (input.recoveryCode) {
      ok = await repo.consumeRecoveryCode(state.id, hashRecoveryCode(input.recoveryCode));
    } else if (state.mfaSecret && input.code) {
      const step = totpStepOf(decryptSecret(keys.secret, state.mfaSecret), input.code);
      ok = step !== null && (await repo.useStep(state.id, step));
    }
    if (ok) return;
    const counted = await Promise.allSettled(
      keysOfLimit.map((key) => limiter.hit(key, MFA_MAX_FAILED_CODES - 1)),
    );
    const limited = counted.find((result) => result.status === 'rejected');
    throw limited ? (limited as PromiseRejectedResult).reason : invalidCode();
  }

  return {
    /** The sign-in gate wired into auth: accounts with two-factor sign-in on get a challenge, unless remembered. */
    async challenge(user: UserRow, meta: RequestMeta): Promise<MfaChallenge | null> {
      if (!user.mfaEnabledAt) return null;
      if (isRememberedDevice(keys, meta.cookieHeader, user.id, user.mfaDeviceEpoch)) return null;
      return { mfaRequired: true, mfaToken: signChallenge(keys, user.id) };
    },

    /** The code step of sign-in: the session as login issues it, and a Set-Cookie when the device is remembered. */
    async completeLogin(
      input: MfaLoginBody,
      meta: RequestMeta,
    ): Promise<{ session: AuthSession; setCookie?: string }> {
      const claims = verifyChallenge(keys, input.mfaToken);
      if (!claims) throw new AppError('UNAUTHORIZED', 'This sign-in has expired. Sign in again.');
      const state = await stateOf(claims.sub);
      if (!state.isActive || !state.mfaEnabledAt) {
        throw new AppError('UNAUTHORIZED', 'This sign-in has expired. Sign in again.');
      }
      await checkCode(state, input, claims.jti);
      const user = await auth.findUserById(state.id);
      if (!user) throw notFound('User');
      const session = await auth.startSession(user, meta);
      return {
        session,
        setCookie: input.rememberDevice
          ? rememberDeviceCookie(keys, state.id, state.mfaDeviceEpoch, cookieOptions)
          : undefined,
      };
    },

    async status(ctx: AuthContext, cookieHeader: string | undefined): Promise<MfaStatusDto> {
      const state = await stateOf(ctx.userId);
      const enabled = state.mfaEnabledAt !== null;
      return {
        enabled,
        enabledAt: state.mfaEnabledAt?.toISOString() ?? null,
        recoveryCodesRemaining: enabled ? await repo.countUnusedRecoveryCodes(ctx.userId) : 0,
        deviceRemembered: enabled && isRememberedDevice(keys, cookieHeader, ctx.userId, state.mfaDeviceEpoch),
      };
    },

    /** A new secret for the authenticator app; it takes effect once `enable` receives a code made from it. */
    async setup(ctx: AuthContext): Promise<MfaSetupDto> {
      const secret = newTotpSecret();
      if (!(await repo.savePendingSecret(ctx.userId, encryptSecret(keys.secret, secret)))) {
        throw conflict('Two-factor sign-in is already on');
      }
      const otpauthUrl = totpOf(secret, ctx.user.email).toString();
      return { otpauthUrl, qrCodeDataUrl: await (await loadQrCode()).toDataURL(otpauthUrl), secret };
    },

    /** Turns two-factor sign-in on and answers the recovery codes, shown this once and kept only hashed. */
    async enable(ctx: AuthContext, code: string): Promise<string[]> {
      const state = await stateOf(ctx.userId);
      if (state.mfaEnabledAt) throw conflict('Two-factor sign-in is already on');
      if (!state.mfaSecret) throw badRequest('Start the set-up first', 'code');
      await checkCode(state, { code });
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const txRepo = createMfaRepo(tx);
        if (!(await txRepo.markEnabled(ctx.userId))) throw conflict('Two-factor sign-in is already on');
        await txRepo.replaceRecoveryCodes(ctx.userId, codes.map(hashRecoveryCode));
      });
      return codes;
    },

    /** Needs the password and a current code (or a recovery code); every remembered device is forgotten. */
    async disable(ctx: AuthContext, input: MfaDisableBody): Promise<void> {
      if (!(await verifyPassword(ctx.user.passwordHash, input.password))) {
        throw new AppError('VALIDATION_ERROR', 'Password is incorrect', {
          details: [{ path: 'password', message: 'Password is incorrect' }],
        });
      }
      const state = await stateOf(ctx.userId);
      if (!state.mfaEnabledAt) throw badRequest('Two-factor sign-in is not on', 'code');
      const isTotp = /^\d{6}$/.test(input.code.trim());
      await checkCode(state, isTotp ? { code: input.code } : { recoveryCode: input.code });
      await db.transaction((tx) => createMfaRepo(tx).clear(ctx.userId));
    },

    /** `this`: a Set-Cookie that drops this browser's cookie; `all`: every remembered device of the account. */
    async forgetDevices(ctx: AuthContext, scope: 'this' | 'all'): Promise<string> {
      if (scope === 'all') await repo.bumpDeviceEpoch(ctx.userId);
      return forgetDeviceCookie(ctx.userId, cookieOptions);
    },

    /** The super admin's reset of a locked-out account: 2FA off, recovery codes and remembered devices gone. */
    async resetByAdmin(userId: string): Promise<void> {
      await stateOf(userId);
      await db.transaction(async (tx) => {
        await createMfaRepo(tx).clear(userId);
        await recordAudit(tx, {
          companyId: null,
          action: 'user.mfa_reset',
          entityType: 'user',
          entityId: userId,
          summary: 'Two-factor sign-in reset by the super admin',
        });
      });
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
