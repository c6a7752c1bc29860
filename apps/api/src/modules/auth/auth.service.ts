import { randomBytes } from 'node:crypto';
import type {
  AuthSession,
  ChangePasswordBody,
  LoginBody,
  LoginResult,
  MfaChallenge,
  PermissionContextDto,
  RegisterBody,
  UpdateProfileBody,
  UserDto,
} from '@rentora/shared';
import { type AuthContext, loadAuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { hashPassword, verifyPassword } from '../../core/passwords';
import { hashToken, newOpaqueToken } from '../../core/tokens';
import type { DbOrTx } from '../../db/client';
import type { CompaniesService } from '../companies/companies.service';
import { type AuthRepo, createAuthRepo, type NewUser, type UserRow } from './auth.repo';
import { toUserDto } from './user-dto';

export type { UserRow };

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The request's Cookie header (a remembered device is read from it). */
  cookieHeader?: string;
}

/** Decides after the password whether the sign-in needs a second factor: a challenge instead of tokens. */
export type SecondFactorGate = (user: UserRow, meta: RequestMeta) => Promise<MfaChallenge | null>;

const HOUR_MS = 3_600_000;
const VERIFY_EMAIL_TTL_MS = 48 * HOUR_MS;
const RESET_PASSWORD_TTL_MS = 1 * HOUR_MS;

type Deps = Pick<AppDeps, 'db' | 'config' | 'tokens' | 'mailer' | 'limiter' | 'realtime'> & {
  companies: CompaniesService;
};

export function createAuthService(deps: Deps) {
  const { db, config, tokens, mailer, limiter, realtime } = deps;
  const repo = createAuthRepo(db);
  const { companies } = deps;
  let secondFactor: SecondFactorGate = async () => null;

  /** Records the sign-in and opens a session for an account whose credentials were checked. */
  function startSession(user: UserRow, meta: RequestMeta): Promise<AuthSession> {
    return db.transaction(async (tx) => {
      const txRepo = createAuthRepo(tx);
      const updated = await txRepo.updateUser(user.id, { lastLoginAt: new Date() });
      return issueSession(txRepo, updated, meta);
    });
  }

  async function issueSession(sessionRepo: AuthRepo, user: UserRow, meta: RequestMeta): Promise<AuthSession> {
    const session = await sessionRepo.createSession({
      userId: user.id,
      userAgent: meta.userAgent,
      ip: meta.ip,
    });
    const refreshToken = await issueRefreshToken(sessionRepo, session.id);
    return {
      token: tokens.signAccess({ sub: user.id, role: user.role, sid: session.id }),
      refreshToken,
      user: toUserDto(user),
    };
  }

  async function issueRefreshToken(sessionRepo: AuthRepo, sessionId: string): Promise<string> {
    const refreshToken = newOpaqueToken();
    await sessionRepo.insertRefreshToken({
      sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + config.refreshTokenTtlDays * 24 * HOUR_MS),
    });
    return refreshToken;
  }

  async function sendLink(
    user: UserRow,
    purpose: 'verify_email' | 'reset_password',
    tokenRepo: AuthRepo = repo,
  ): Promise<void> {
    await tokenRepo.expireAuthTokens(user.id, purpose);
    const token = newOpaqueToken();
    const ttl = purpose === 'verify_email' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
    await tokenRepo.insertAuthToken({
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttl),
    });
    const link =
      purpose === 'verify_email'
        ? `${config.appUrl}/auth/verify-email/${token}`
        : `${config.appUrl}/auth/reset-password/${token}`;
    const [subject, intro] =
      purpose === 'verify_email'
        ? ['Verify your email address', 'Confirm your email address to finish setting up your account.']
        : ['Reset your password', 'Someone asked to reset the password of your account. If it was you:'];
    await mailer.send({
      to: user.email,
      subject,
      template: purpose,
      link,
      text: `Hello ${user.firstName},\n\n${intro}\n${link}\n\nThe link works once and expires in ${ttl / HOUR_MS} hours.\n`,
      html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>${intro}</p><p><a href="${link}">${link}</a></p><p>The link works once and expires in ${ttl / HOUR_MS} hours.</p>`,
    });
  }

  async function createAccount(
    values: RegisterBody,
    role: 'tenant' | 'user',
    authRepo: AuthRepo,
  ): Promise<UserRow> {
    if (await authRepo.findUserByEmail(values.email)) {
      throw new AppError('CONFLICT', 'An account with this email already exists');
    }
    return authRepo.insertUser({
      email: values.email,
      passwordHash: await hashPassword(values.password),
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone ?? null,
      role,
    });
  }

  return {
    /** Wired once in services.ts: two-factor sign-in answers challenges for the accounts that have it on. */
    useSecondFactor(gate: SecondFactorGate): void {
      secondFactor = gate;
    },

    startSession,

    async register(input: RegisterBody, meta: RequestMeta): Promise<AuthSession> {
      const { user, session } = await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        const created = await createAccount(input, 'tenant', txRepo);
        return { user: created, session: await issueSession(txRepo, created, meta) };
      });
      await sendLink(user, 'verify_email');
      return session;
    },

    /** Signed in: the caller becomes the owner. Anonymous: `owner` makes the account and the answer signs it in. */
    async registerCompany(
      ctx: AuthContext | null,
      input: Parameters<typeof companies.createCompanyWithOwner>[1] & { owner?: RegisterBody },
      meta: RequestMeta,
    ) {
      if (!ctx && !input.owner)
        throw badRequest("Give the owner's account details or sign in first", 'owner');
      const result = await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        let owner: UserRow;
        if (ctx) {
          owner =
            ctx.role === 'tenant'
              ? await txRepo.updateUser(ctx.userId, { role: 'user' })
              : (ctx.user as UserRow);
        } else {
          owner = await createAccount(input.owner!, 'user', txRepo);
        }
        const created = await companies.createCompanyWithOwner(tx, { company: input.company }, owner.id);
        const session = ctx ? undefined : await issueSession(txRepo, owner, meta);
        return { owner, created, session };
      });
      if (!ctx) await sendLink(result.owner, 'verify_email');
      return {
        company: result.created.company,
        companyUser: result.created.companyUser,
        user: toUserDto(result.owner),
        ...(result.session ? { token: result.session.token, refreshToken: result.session.refreshToken } : {}),
      };
    },

    async login(input: LoginBody, meta: RequestMeta): Promise<LoginResult> {
      await limiter.hit(`login:ip:${meta.ip}`, config.rateLimits.loginPerIp);
      await limiter.hit(`login:account:${input.email}`, config.rateLimits.loginPerAccount);
      const user = await repo.findUserByEmail(input.email);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      if (!user.isActive)
        throw new AppError('FORBIDDEN', 'This account is deactivated. Contact your administrator.');
      return (await secondFactor(user, meta)) ?? startSession(user, meta);
    },

    async logout(ctx: AuthContext | null, refreshToken: string | undefined): Promise<void> {
      const sessionIds = new Set<string>();
      if (ctx) sessionIds.add(ctx.sessionId);
      if (refreshToken) {
        const found = await repo.findRefreshToken(hashToken(refreshToken));
        if (found) sessionIds.add(found.sessionId);
      }
      for (const sessionId of sessionIds) {
        await repo.revokeSession(sessionId);
        await realtime.disconnectSession(sessionId);
      }
    },

    /** Rotates the refresh token. A token used twice means theft: its whole session is revoked. */
    async refresh(refreshToken: string): Promise<AuthSession> {
      const found = await repo.findRefreshToken(hashToken(refreshToken));
      if (!found || found.sessionRevokedAt) throw new AppError('UNAUTHORIZED', 'Invalid refresh token');
      if (found.usedAt || !(await repo.markRefreshTokenUsed(found.id))) {
        await repo.revokeSession(found.sessionId);
        await realtime.disconnectSession(found.sessionId);
        throw new AppError('UNAUTHORIZED', 'Refresh token already used; the session has been ended');
      }
      if (found.expiresAt.getTime() <= Date.now())
        throw new AppError('UNAUTHORIZED', 'Refresh token expired');
      const user = await repo.findUserById(found.userId);
      if (!user?.isActive) throw unauthorized('This account is deactivated');
      const next = await issueRefreshToken(repo, found.sessionId);
      await repo.touchSession(found.sessionId);
      return {
        token: tokens.signAccess({ sub: user.id, role: user.role, sid: found.sessionId }),
        refreshToken: next,
        user: toUserDto(user),
      };
    },

    me(ctx: AuthContext): UserDto {
      return toUserDto(ctx.user as UserRow);
    },

    async permissionContext(ctx: AuthContext, companyId: string | undefined): Promise<PermissionContextDto> {
      const effective =
        companyId && companyId !== ctx.companyId
          ? await loadAuthContext(db, { sub: ctx.userId, sid: ctx.sessionId }, companyId)
          : ctx;
      return companies.permissionContextOf(effective);
    },

    async updateProfile(ctx: AuthContext, input: UpdateProfileBody): Promise<UserDto> {
      return toUserDto(await repo.updateUser(ctx.userId, input));
    },

    async changePassword(ctx: AuthContext, input: ChangePasswordBody): Promise<void> {
      if (!(await verifyPassword(ctx.user.passwordHash, input.currentPassword))) {
        throw new AppError('VALIDATION_ERROR', 'Current password is incorrect', {
          details: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
        });
      }
      await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        await txRepo.updateUser(ctx.userId, { passwordHash: await hashPassword(input.newPassword) });
        await txRepo.bumpMfaDeviceEpoch(ctx.userId);
        await txRepo.revokeUserSessions(ctx.userId, ctx.sessionId);
      });
      await realtime.refreshMemberships(ctx.userId);
    },

    /** Always answers the same, so it does not reveal whether an account exists. */
    async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
      await limiter.hit(`email:ip:${meta.ip}`, config.rateLimits.loginPerIp);
      await limiter.hit(`email:account:${email}`, config.rateLimits.emailPerAccount);
      const user = await repo.findUserByEmail(email);
      if (user?.isActive) await sendLink(user, 'reset_password');
    },

    /** Two-factor sign-in stays on: an account that has it answers a challenge instead of a session. */
    async resetPassword(token: string, password: string, meta: RequestMeta): Promise<LoginResult> {
      const { userId, result } = await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        const consumed = await txRepo.consumeAuthToken(hashToken(token), 'reset_password');
        if (!consumed) throw badRequest('This reset link is invalid or has expired', 'token');
        await txRepo.revokeUserSessions(consumed.userId);
        await txRepo.bumpMfaDeviceEpoch(consumed.userId);
        const user = await txRepo.updateUser(consumed.userId, {
          passwordHash: await hashPassword(password),
          isEmailVerified: true,
        });
        const challenge = await secondFactor(user, meta);
        return { userId: user.id, result: challenge ?? (await issueSession(txRepo, user, meta)) };
      });
      await realtime.refreshMemberships(userId);
      return result;
    },

    async verifyEmail(token: string): Promise<UserDto> {
      return db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        const consumed = await txRepo.consumeAuthToken(hashToken(token), 'verify_email');
        if (!consumed) throw badRequest('This verification link is invalid or has expired', 'token');
        return toUserDto(await txRepo.updateUser(consumed.userId, { isEmailVerified: true }));
      });
    },

    async resendVerification(
      ctx: AuthContext | null,
      email: string | undefined,
      meta: RequestMeta,
    ): Promise<void> {
      const address = ctx?.user.email ?? email;
      if (!address) throw badRequest('Email is required', 'email');
      await limiter.hit(`email:ip:${meta.ip}`, config.rateLimits.loginPerIp);
      await limiter.hit(`email:account:${address.toLowerCase()}`, config.rateLimits.emailPerAccount);
      const user = ctx ? (ctx.user as UserRow) : await repo.findUserByEmail(address);
      if (user && !user.isEmailVerified) await sendLink(user, 'verify_email');
    },

    // Accounts as other modules read and make them, inside their own transaction when they pass `tx`.

    findUserById(id: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      return createAuthRepo(tx).findUserById(id);
    },

    findUserByEmail(email: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      return createAuthRepo(tx).findUserByEmail(email);
    },

    createUser(tx: DbOrTx, values: NewUser): Promise<UserRow> {
      return createAuthRepo(tx).insertUser(values);
    },

    updateUser(tx: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow> {
      return createAuthRepo(tx).updateUser(id, values);
    },

    /** Ends every session of the account. */
    endSessions(tx: DbOrTx, userId: string): Promise<void> {
      return createAuthRepo(tx).revokeUserSessions(userId);
    },

    /** Keeps `token` as the account's link to choose a password (the reset-password page), valid for `ttlMs`. */
    async saveSetPasswordToken(tx: DbOrTx, userId: string, token: string, ttlMs: number): Promise<void> {
      await createAuthRepo(tx).insertAuthToken({
        userId,
        purpose: 'reset_password',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ttlMs),
      });
    },

    /**
     * The person a tenancy is for: an active account by id or email, or a new tenant account (`created`) with a
     * password nobody knows: the tenant sets their own through a mailed link.
     */
    async tenancyPerson(
      tx: DbOrTx,
      person: string | { email: string; firstName: string; lastName: string; phone?: string | null },
    ): Promise<{ user: UserRow; created: boolean }> {
      const authRepo = createAuthRepo(tx);
      if (typeof person === 'string') {
        const user = await authRepo.findUserById(person);
        if (!user?.isActive) throw notFound('User');
        return { user, created: false };
      }
      const existing = await authRepo.findUserByEmail(person.email);
      if (existing) {
        if (!existing.isActive) throw conflict('The account with this email is deactivated');
        return { user: existing, created: false };
      }
      const user = await authRepo.insertUser({
        email: person.email,
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        firstName: person.firstName,
        lastName: person.lastName,
        phone: person.phone ?? null,
        role: 'tenant',
      });
      return { user, created: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
