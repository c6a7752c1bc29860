import path from 'node:path';
import type {
  AcceptInvitationResult,
  CompanyUserDto,
  InvitationDto,
  NotificationDto,
  PublicInvitationDto,
} from '@rentora/shared';
import { ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  login,
  signUp,
  superAdmin,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/factories';
import { mailsTo, tokenFromOutbox } from '../../../test/outbox';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';

let app: FastifyInstance;
let db: Db;
let outboxDir: string;

beforeAll(async () => {
  const shared = await getTestApp();
  app = shared.app;
  db = shared.database.db;
  outboxDir = path.join(shared.config.dataDir, 'outbox');
});

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

async function invite(
  owner: CompanySession,
  body: Record<string, unknown> = {},
): Promise<{ invitation: InvitationDto; token: string; email: string }> {
  const email = (body.email as string | undefined) ?? uniqueEmail('invitee');
  const response = await call(app, 'POST', '/api/invitations/invite', {
    ...as(owner),
    body: { email, role: 'manager', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.body}`);
  return {
    invitation: response.json<{ data: InvitationDto }>().data,
    token: tokenFromOutbox(outboxDir, email, '/invitation'),
    email,
  };
}

async function setUserLimit(companyId: string, maxUsersPerCompany: number): Promise<void> {
  const admin = await superAdmin(app);
  const response = await call(app, 'PUT', `/api/superadmin/companies/${companyId}/limitations`, {
    token: admin.token,
    body: { limitations: { maxUsersPerCompany } },
  });
  expect(response.statusCode).toBe(200);
}

describe('POST /api/invitations/invite', () => {
  it('mails an accept link and lists the invitation as pending', async () => {
    const owner = await createCompany(app, { name: 'Invite Estates' });
    const email = uniqueEmail('Mixed.Case');
    const response = await call(app, 'POST', '/api/invitations/invite', {
      ...as(owner),
      body: {
        email: { email: email.toUpperCase() },
        firstName: 'Nina',
        lastName: 'New',
        companyId: owner.companyId,
        role: 'accountant',
        designation: 'Bookkeeper',
        department: 'Finance',
      },
    });
    expect(response.statusCode).toBe(201);
    const invitation = response.json<{ data: InvitationDto }>().data;
    expect(invitation).toMatchObject({
      email: email.toLowerCase(),
      role: 'accountant',
      status: 'pending',
      sentCount: 1,
      invitedBy: { _id: owner.user._id },
    });
    const mail = mailsTo(outboxDir, email)[0]!;
    expect(mail).toContain('Invite Estates');
    expect(mail).toMatch(/http:\/\/127\.0\.0\.1:\d+\/invitation\/[A-Za-z0-9_-]{20,}/);

    const list = await call(app, 'GET', `/api/invitations/companies/${owner.companyId}/invitations`, {
      token: owner.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: InvitationDto[] }>().data.map((i) => i._id)).toEqual([invitation._id]);
    const accepted = await call(app, 'GET', `/api/invitations/companies/${owner.companyId}/invitations`, {
      token: owner.token,
      query: { status: 'accepted' },
    });
    expect(accepted.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('refuses a second pending invitation, an existing member and bad input', async () => {
    const owner = await createCompany(app);
    const { email } = await invite(owner);
    const twice = await call(app, 'POST', '/api/invitations/invite', {
      ...as(owner),
      body: { email, role: 'designer' },
    });
    expect(twice.statusCode).toBe(409);
    const member = await addMember(app, owner, 'designer');
    const existing = await call(app, 'POST', '/api/invitations/invite', {
      ...as(owner),
      body: { email: member.user.email, role: 'designer' },
    });
    expect(existing.statusCode).toBe(409);
    for (const body of [
      { email: 'not-an-email', role: 'manager' },
      { email: uniqueEmail(), role: 'wizard' },
      { email: uniqueEmail(), role: 'manager', companyId: 'nope' },
    ]) {
      const bad = await call(app, 'POST', '/api/invitations/invite', { ...as(owner), body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('enforces maxUsersPerCompany, counting pending invitations as seats', async () => {
    const owner = await createCompany(app);
    await setUserLimit(owner.companyId, 2);
    await invite(owner);
    const over = await call(app, 'POST', '/api/invitations/invite', {
      ...as(owner),
      body: { email: uniqueEmail(), role: 'manager' },
    });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limitType: 'users',
      current: 2,
      limit: 2,
    });
  });

  it('needs users_write in the target company, and an owner to invite an owner', async () => {
    const owner = await createCompany(app, { plan: 'professional' });
    const other = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    const noRight = await call(app, 'POST', '/api/invitations/invite', {
      ...as(manager),
      body: { email: uniqueEmail(), role: 'field_staff' },
    });
    expect(noRight.statusCode).toBe(403);
    const foreign = await call(app, 'POST', '/api/invitations/invite', {
      ...as(owner),
      body: { email: uniqueEmail(), role: 'field_staff', companyId: other.companyId },
    });
    expect(foreign.statusCode).toBe(404);
    const listForeign = await call(app, 'GET', `/api/invitations/companies/${other.companyId}/invitations`, {
      token: owner.token,
    });
    expect(listForeign.statusCode).toBe(404);

    // A manager given users_write still cannot hand out the owner role.
    const managerRecord = (
      await call(app, 'GET', '/api/company-users', { ...as(owner), query: { 'role[]': 'manager' } })
    ).json<{ data: CompanyUserDto[] }>().data[0]!;
    const granted = await call(app, 'PUT', `/api/company-users/${managerRecord._id}/permissions`, {
      ...as(owner),
      body: { permissions: [...ROLE_DEFAULT_FEATURES.manager, 'users_write'] },
    });
    expect(granted.statusCode).toBe(200);
    const ownerRole = await call(app, 'POST', '/api/invitations/invite', {
      ...as(manager),
      body: { email: uniqueEmail(), role: 'owner' },
    });
    expect(ownerRole.statusCode).toBe(403);
    const fieldStaff = await call(app, 'POST', '/api/invitations/invite', {
      ...as(manager),
      body: { email: uniqueEmail(), role: 'field_staff' },
    });
    expect(fieldStaff.statusCode).toBe(201);
  });
});

describe('GET /api/invitations/:token', () => {
  it('shows the company, role and inviter to anyone holding the link', async () => {
    const owner = await createCompany(app, { name: 'Token Towers' });
    const { token, email } = await invite(owner, { role: 'designer', firstName: 'Tia' });
    const response = await call(app, 'GET', `/api/invitations/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: PublicInvitationDto }>().data).toMatchObject({
      email,
      firstName: 'Tia',
      role: 'designer',
      status: 'pending',
      company: { _id: owner.companyId, name: 'Token Towers' },
      invitedBy: { firstName: 'Owner', lastName: 'Person' },
      accountExists: false,
      canRespond: true,
    });
    expect(response.body).not.toContain('tokenHash');
    const unknown = await call(app, 'GET', `/api/invitations/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/invitations/short')).statusCode).toBe(400);
  });

  it('says clearly when an invitation has expired', async () => {
    const owner = await createCompany(app);
    const { invitation, token } = await invite(owner);
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation._id));
    const view = await call(app, 'GET', `/api/invitations/${token}`);
    expect(view.json<{ data: PublicInvitationDto }>().data).toMatchObject({
      status: 'expired',
      canRespond: false,
    });
    const accept = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      body: { password: TEST_PASSWORD, firstName: 'Late', lastName: 'Comer' },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json<{ error: string }>().error).toContain('expired');
    // An expired invitation does not block a new one for the same person.
    const again = await call(app, 'POST', '/api/invitations/invite', {
      ...as(owner),
      body: { email: invitation.email, role: 'manager' },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('POST /api/invitations/:token/accept', () => {
  it('makes a new person an account, joins them and signs them in; the link then is used', async () => {
    const owner = await createCompany(app);
    const { token, email } = await invite(owner, { role: 'accountant', firstName: 'Ana', lastName: 'Count' });
    const noPassword = await call(app, 'POST', `/api/invitations/${token}/accept`);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<{ details: { path: string }[] }>().details[0]!.path).toBe('password');
    const weak = await call(app, 'POST', `/api/invitations/${token}/accept`, { body: { password: 'short' } });
    expect(weak.statusCode).toBe(400);

    const accepted = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      body: { password: TEST_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    const result = accepted.json<{ data: AcceptInvitationResult }>().data;
    expect(result.user).toMatchObject({ email, firstName: 'Ana', role: 'user', isEmailVerified: true });
    expect(result.companyUser).toMatchObject({
      companyId: owner.companyId,
      role: 'accountant',
      featurePermissions: ROLE_DEFAULT_FEATURES.accountant,
    });
    expect(result.token).toEqual(expect.any(String));
    expect(result.refreshToken).toEqual(expect.any(String));
    const ctx = await call(app, 'GET', '/api/auth/permission-context', {
      token: result.token,
      companyId: owner.companyId,
    });
    expect(ctx.statusCode).toBe(200);
    await login(app, email);

    const reused = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      body: { password: TEST_PASSWORD },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json<{ error: string }>().error).toBe('This invitation has already been accepted');
    const view = await call(app, 'GET', `/api/invitations/${token}`);
    expect(view.json<{ data: PublicInvitationDto }>().data).toMatchObject({
      status: 'accepted',
      accountExists: true,
    });
    const usage = await call(app, 'GET', `/api/companies/${owner.companyId}`, { token: owner.token });
    expect(usage.json<{ data: { usage: { users: number } } }>().data.usage.users).toBe(2);

    // The inviter hears about it.
    const inbox = await call(app, 'GET', '/api/inapp-notifications/user', { token: owner.token });
    expect(inbox.json<{ data: NotificationDto[] }>().data.map((n) => n.type)).toContain(
      'invitation.accepted',
    );
  });

  it('joins an existing account that is signed in with the invited email', async () => {
    const owner = await createCompany(app);
    const person = await signUp(app);
    const intruder = await signUp(app);
    const { token } = await invite(owner, { email: person.user.email, role: 'sales_agent' });
    const view = await call(app, 'GET', `/api/invitations/${token}`);
    expect(view.json<{ data: PublicInvitationDto }>().data.accountExists).toBe(true);

    const anonymous = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      body: { password: TEST_PASSWORD, firstName: 'X', lastName: 'Y' },
    });
    expect(anonymous.statusCode).toBe(409);
    const wrongAccount = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      token: intruder.token,
    });
    expect(wrongAccount.statusCode).toBe(403);

    const accepted = await call(app, 'POST', `/api/invitations/${token}/accept`, { token: person.token });
    expect(accepted.statusCode).toBe(200);
    const result = accepted.json<{ data: AcceptInvitationResult }>().data;
    // A tenant account that joins a company becomes a staff account.
    expect(result.user.role).toBe('user');
    expect(result.token).toBeUndefined();
    expect(result.companyUser.role).toBe('sales_agent');
  });

  it('enforces maxUsersPerCompany again on acceptance', async () => {
    const owner = await createCompany(app);
    const { token, invitation } = await invite(owner);
    await setUserLimit(owner.companyId, 1);
    const refused = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      body: { password: TEST_PASSWORD, firstName: 'Full', lastName: 'House' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', limit: 1, current: 1 });
    // Nothing was kept: no account, the invitation still pending.
    const view = await call(app, 'GET', `/api/invitations/${token}`);
    expect(view.json<{ data: PublicInvitationDto }>().data).toMatchObject({
      status: 'pending',
      accountExists: false,
    });
    expect(invitation.status).toBe('pending');
  });
});

describe('decline, resend, cancel', () => {
  it('declines once and tells the inviter', async () => {
    const owner = await createCompany(app);
    const { token } = await invite(owner);
    const declined = await call(app, 'POST', `/api/invitations/${token}/decline`);
    expect(declined.statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/invitations/${token}/decline`)).statusCode).toBe(409);
    const accept = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      body: { password: TEST_PASSWORD, firstName: 'A', lastName: 'B' },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json<{ error: string }>().error).toBe('This invitation has been declined');
    const inbox = await call(app, 'GET', '/api/inapp-notifications/user', { token: owner.token });
    expect(inbox.json<{ data: NotificationDto[] }>().data.map((n) => n.type)).toContain(
      'invitation.declined',
    );
  });

  it('resends with a new token (old one dead) and cancels, only within the company', async () => {
    const owner = await createCompany(app);
    const other = await createCompany(app);
    const { invitation, token, email } = await invite(owner);
    const foreignResend = await call(app, 'POST', `/api/invitations/${invitation._id}/resend`, as(other));
    expect(foreignResend.statusCode).toBe(404);
    const foreignCancel = await call(app, 'POST', `/api/invitations/${invitation._id}/cancel`, as(other));
    expect(foreignCancel.statusCode).toBe(404);

    const resent = await call(app, 'POST', `/api/invitations/${invitation._id}/resend`, as(owner));
    expect(resent.statusCode).toBe(200);
    const fresh = tokenFromOutbox(outboxDir, email, '/invitation');
    expect(fresh).not.toBe(token);
    expect((await call(app, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);

    const cancelled = await call(app, 'POST', `/api/invitations/${invitation._id}/cancel`, as(owner));
    expect(cancelled.json<{ data: InvitationDto }>().data.status).toBe('cancelled');
    const accept = await call(app, 'POST', `/api/invitations/${fresh}/accept`, {
      body: { password: TEST_PASSWORD, firstName: 'A', lastName: 'B' },
    });
    expect(accept.statusCode).toBe(409);
    expect((await call(app, 'POST', `/api/invitations/${invitation._id}/cancel`, as(owner))).statusCode).toBe(
      409,
    );
  });
});

describe('PATCH /api/invitations/companies/:companyId/users/:userId/toggle-activation', () => {
  it('flips a member between active and inactive, never the last owner', async () => {
    const owner = await createCompany(app);
    const other = await createCompany(app);
    const member = await addMember(app, owner, 'manager');
    const url = `/api/invitations/companies/${owner.companyId}/users/${member.user._id}/toggle-activation`;
    const off = await call(app, 'PATCH', url, { token: owner.token });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: CompanyUserDto }>().data.isActive).toBe(false);
    expect(off.json<{ message: string }>().message).toBe('User deactivated');
    const denied = await call(app, 'GET', '/api/company-users/get-limited', as(member));
    expect(denied.statusCode).toBe(403);
    const on = await call(app, 'PATCH', url, { token: owner.token });
    expect(on.json<{ data: CompanyUserDto }>().data.isActive).toBe(true);

    const lastOwner = await call(
      app,
      'PATCH',
      `/api/invitations/companies/${owner.companyId}/users/${owner.user._id}/toggle-activation`,
      { token: owner.token },
    );
    expect(lastOwner.statusCode).toBe(409);
    const foreign = await call(app, 'PATCH', url, { token: other.token });
    expect(foreign.statusCode).toBe(404);
  });
});
