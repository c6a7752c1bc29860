import {
  type AcceptInvitationBody,
  type AcceptInvitationResult,
  INVITATION_TTL_DAYS,
  type InvitationCreateBody,
  type InvitationDto,
  type InvitationStatus,
  isMfaChallenge,
  makePagination,
  type PublicInvitationDto,
} from '@rentora/shared';
import { type AuthContext, requireCompany } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { badRequest, conflict, forbidden, notFound, planLimitReached } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { iso, offsetOf } from '../../core/http';
import { sendMail } from '../../core/mail-delivery';
import { hashPassword } from '../../core/passwords';
import { hashToken, newOpaqueToken } from '../../core/tokens';
import type { AuthService, RequestMeta, UserRow } from '../auth/auth.service';
import { toUserDto } from '../auth/user-dto';
import { toCompanyUserDto } from '../companies/companies.dto';
import type { CompaniesService } from '../companies/companies.service';
import { assertMayGiveRole, changeMember, joinCompany } from '../companies/company-members';
import { createMembershipEvents, type EventLog } from '../companies/membership-events';
import { effectiveStatus, toInvitationDto } from './invitations.dto';
import { createInvitationsRepo, type InvitationRow } from './invitations.repo';

const DAY_MS = 86_400_000;

const RESPOND_REFUSAL: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: 'This invitation has already been accepted',
  declined: 'This invitation has been declined',
  cancelled: 'This invitation has been cancelled',
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
};

function roleLabel(role: string): string {
  return role.replace(/_/g, ' ');
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'limiter' | 'realtime' | 'notifier'> & {
  companies: CompaniesService;
  auth: AuthService;
};

export function createInvitationsService(deps: Deps, log?: EventLog) {
  const { db, config, mailer, limiter } = deps;
  const events = createMembershipEvents(deps, log);
  const repo = createInvitationsRepo(db);
  const { companies, auth } = deps;

  function assertRespondable(invitation: InvitationRow): void {
    const status = effectiveStatus(invitation);
    if (status !== 'pending') throw conflict(RESPOND_REFUSAL[status]);
  }

  async function invitationDto(companyId: string, id: string): Promise<InvitationDto> {
    const row = await repo.findById(companyId, id);
    if (!row) throw notFound('Invitation');
    return toInvitationDto(row);
  }

  async function mailInvitation(
    invitation: InvitationRow,
    token: string,
    companyName: string,
    inviter: { firstName: string; lastName: string },
  ): Promise<string | null> {
    const link = `${config.appUrl}/invitation/${token}`;
    const who = `${inviter.firstName} ${inviter.lastName}`.trim();
    const greeting = invitation.firstName ? `Hello ${invitation.firstName},` : 'Hello,';
    const intro = `${who} has invited you to join ${companyName} on Rentora as ${roleLabel(invitation.role)}.`;
    const existing = await auth.findUserByEmail(invitation.email);
    await sendMail(
      mailer,
      {
        to: invitation.email,
        subject: `You're invited to join ${companyName} on Rentora`,
        template: 'company_invitation',
        link,
        text: `${greeting}\n\n${intro}\n\nOpen this link to accept or decline:\n${link}\n\nThe invitation expires in ${INVITATION_TTL_DAYS} days.\n`,
        html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${link}">Accept or decline the invitation</a></p><p>${link}</p><p>The invitation expires in ${INVITATION_TTL_DAYS} days.</p>`,
      },
      { companyId: invitation.companyId, userId: existing?.id ?? null },
    );
    return existing?.id ?? null;
  }

  return {
    /** How many invitations of the company are waiting for an answer. */
    countPending(companyId: string): Promise<number> {
      return repo.countPending(companyId);
    },

    /** Invites a person by email; pending invitations hold seats, so the plan's user limit is checked here. */
    async create(ctx: AuthContext, input: InvitationCreateBody): Promise<InvitationDto> {
      const companyId = input.companyId ?? requireCompany(ctx).companyId;
      const scoped = await companies.requireFeatureIn(ctx, companyId, 'users_write');
      assertMayGiveRole(scoped, input.role);
      const token = newOpaqueToken();
      const { invitation, companyName } = await db.transaction(async (tx) => {
        const txRepo = createInvitationsRepo(tx);
        const company = await txRepo.lockCompany(companyId);
        if (!company) throw notFound('Company');
        const user = await auth.findUserByEmail(input.email, tx);
        if (user && (await companies.findMember(companyId, user.id, tx))) {
          throw conflict('This person is already a user of the company');
        }
        const now = new Date();
        const previous = await txRepo.findPendingByEmail(companyId, input.email);
        if (previous) {
          if (previous.expiresAt > now) {
            throw conflict('This person already has a pending invitation: resend it instead');
          }
          await txRepo.update(companyId, previous.id, { status: 'expired' });
        }
        const limit = company.limitations.maxUsersPerCompany;
        if (limit !== -1) {
          const held = company.usageUsers + (await txRepo.countPending(companyId, now));
          if (held + 1 > limit) throw planLimitReached('users', held, limit);
        }
        const created = await txRepo.insert({
          companyId,
          email: input.email,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          role: input.role,
          designation: input.designation ?? null,
          department: input.department ?? null,
          tokenHash: hashToken(token),
          invitedBy: ctx.userId,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
          lastSentAt: now,
        });
        return { invitation: created, companyName: company.name };
      });
      const inviteeId = await mailInvitation(invitation, token, companyName, ctx.user);
      await events.invited(inviteeId, companyName, invitation.role);
      return invitationDto(companyId, invitation.id);
    },

    async list(
      ctx: AuthContext,
      companyId: string,
      query: { status: InvitationStatus; page: number; limit: number },
    ) {
      await companies.requireFeatureIn(ctx, companyId, 'users_read');
      const { rows, total } = await repo.list(companyId, {
        status: query.status,
        limit: query.limit,
        offset: offsetOf(query.page, query.limit),
      });
      return {
        data: rows.map(toInvitationDto),
        pagination: makePagination(query.page, query.limit, total),
      };
    },

    /** A new token and a new expiry; the old link stops working. Pending (or expired) invitations only. */
    async resend(ctx: AuthContext, id: string): Promise<InvitationDto> {
      const { companyId } = requireCompany(ctx);
      const found = await repo.findById(companyId, id);
      if (!found) throw notFound('Invitation');
      const { invitation } = found;
      if (invitation.status !== 'pending') throw conflict(RESPOND_REFUSAL[invitation.status]);
      const company = await companies.findCompanyRecord(companyId);
      if (!company) throw notFound('Company');
      const token = newOpaqueToken();
      const now = new Date();
      await repo.update(companyId, id, {
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        sentCount: invitation.sentCount + 1,
        lastSentAt: now,
      });
      await mailInvitation(invitation, token, company.company.name, ctx.user);
      return invitationDto(companyId, id);
    },

    async cancel(ctx: AuthContext, id: string): Promise<InvitationDto> {
      const { companyId } = requireCompany(ctx);
      const found = await repo.findById(companyId, id);
      if (!found) throw notFound('Invitation');
      const status = effectiveStatus(found.invitation);
      if (status !== 'pending' && status !== 'expired') throw conflict(RESPOND_REFUSAL[status]);
      await repo.update(companyId, id, { status: 'cancelled', respondedAt: new Date() });
      return invitationDto(companyId, id);
    },

    /** Public: what the invitation page shows. Used, cancelled and expired invitations say so in `status`. */
    async getByToken(token: string): Promise<PublicInvitationDto> {
      const row = await repo.findPublicByTokenHash(hashToken(token));
      if (!row) throw notFound('Invitation');
      const { invitation, company, inviter } = row;
      const status = effectiveStatus(invitation);
      const account = await auth.findUserByEmail(invitation.email);
      return {
        _id: invitation.id,
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        role: invitation.role,
        designation: invitation.designation,
        department: invitation.department,
        status,
        expiresAt: iso(invitation.expiresAt),
        company: { _id: company.id, name: company.name, logo: company.logo },
        invitedBy: inviter,
        accountExists: Boolean(account),
        canRespond: status === 'pending',
      };
    },

    /**
     * Signed in: the account of the invited email joins the company. Anonymous: a person new to the platform
     * chooses a password, becomes a staff account and is signed in. The seat is taken here (PLAN_LIMIT_REACHED).
     */
    async accept(
      ctx: AuthContext | null,
      token: string,
      input: AcceptInvitationBody,
      meta: RequestMeta,
    ): Promise<AcceptInvitationResult> {
      if (!ctx) await limiter.hit(`invitation:ip:${meta.ip}`, config.rateLimits.loginPerIp);
      const tokenHash = hashToken(token);
      const result = await db.transaction(async (tx) => {
        const txRepo = createInvitationsRepo(tx);
        const invitation = await txRepo.findByTokenHash(tokenHash, true);
        if (!invitation) throw notFound('Invitation');
        assertRespondable(invitation);
        let user: UserRow;
        let password: string | undefined;
        if (ctx) {
          if (ctx.user.email.toLowerCase() !== invitation.email.toLowerCase()) {
            throw forbidden(
              `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
            );
          }
          user = ctx.user;
        } else {
          if (await auth.findUserByEmail(invitation.email, tx)) {
            throw conflict('An account with this email already exists. Sign in to accept the invitation.');
          }
          const firstName = input?.firstName ?? invitation.firstName;
          const lastName = input?.lastName ?? invitation.lastName;
          if (!firstName) throw badRequest('Required', 'firstName');
          if (!lastName) throw badRequest('Required', 'lastName');
          if (!input?.password) throw badRequest('Choose a password for your new account', 'password');
          password = input.password;
          user = await auth.createUser(tx, {
            email: invitation.email,
            passwordHash: await hashPassword(password),
            firstName,
            lastName,
            phone: input.phone ?? null,
            role: 'user',
            // The link reached this mailbox: the address is proven.
            isEmailVerified: true,
          });
        }
        if (!user.isActive) throw forbidden('This account is deactivated');
        const company = await companies.findCompanyRecord(invitation.companyId, tx);
        if (!company?.company.isActive) throw conflict('This company is no longer active');
        await joinCompany(tx, {
          companyId: invitation.companyId,
          user,
          role: invitation.role,
          designation: invitation.designation,
          department: invitation.department,
          invitedBy: invitation.invitedBy,
        });
        await txRepo.update(invitation.companyId, invitation.id, {
          status: 'accepted',
          acceptedBy: user.id,
          respondedAt: new Date(),
        });
        const member = await companies.findMember(invitation.companyId, user.id, tx);
        const account = await auth.findUserById(user.id, tx);
        return {
          company: { _id: company.company.id, name: company.company.name },
          companyUser: toCompanyUserDto(member!),
          user: account!,
          password,
          invitedBy: invitation.invitedBy,
        };
      });
      await events.membershipChanged(result.user.id);
      await events.invitationAnswered(result.invitedBy, result.company._id, result.user.email, 'accepted');
      const signIn = result.password
        ? await auth.login({ email: result.user.email, password: result.password }, meta)
        : undefined;
      // An account with two-factor sign-in on signs in through the login page instead.
      const session = signIn && !isMfaChallenge(signIn) ? signIn : undefined;
      return {
        company: result.company,
        companyUser: result.companyUser,
        user: session?.user ?? toUserDto(result.user),
        ...(session ? { token: session.token, refreshToken: session.refreshToken } : {}),
      };
    },

    async decline(token: string): Promise<void> {
      const declined = await db.transaction(async (tx) => {
        const txRepo = createInvitationsRepo(tx);
        const invitation = await txRepo.findByTokenHash(hashToken(token), true);
        if (!invitation) throw notFound('Invitation');
        assertRespondable(invitation);
        await txRepo.update(invitation.companyId, invitation.id, {
          status: 'declined',
          respondedAt: new Date(),
        });
        return invitation;
      });
      await events.invitationAnswered(declined.invitedBy, declined.companyId, declined.email, 'declined');
    },

    /** Flips a member's active flag in a company (never the last active owner). */
    async toggleActivation(ctx: AuthContext, companyId: string, userId: string) {
      const scoped = await companies.requireFeatureIn(ctx, companyId, 'users_write', 'users_update');
      const member = await db.transaction(async (tx) => {
        const existing = await companies.findMember(companyId, userId, tx);
        if (!existing) throw notFound('Company user');
        await changeMember(tx, scoped, existing.member, { isActive: !existing.member.isActive });
        const updated = await companies.findMember(companyId, userId, tx);
        return toCompanyUserDto(updated!);
      });
      await events.membershipChanged(userId);
      return member;
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
