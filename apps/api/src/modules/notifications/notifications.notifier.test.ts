import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, signUp } from '../../../test/factories';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import { users } from '../../db/schema';
import type { NotificationDelivery, NotifyInput } from './notifications.notifier';
import { seedNotificationDemo } from './notifications.seed';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await getTestApp());
});

const input: NotifyInput = {
  category: 'maintenance',
  type: 'maintenance.created',
  title: 'New maintenance request',
  message: 'Leaking tap in unit 4B',
  link: '/dashboard/maintenance',
  priority: 'high',
  data: { requestId: 'r-1' },
};

async function unreadOf(session: { token: string }): Promise<number> {
  const response = await call(app, 'GET', '/api/inapp-notifications/user', { token: session.token });
  return response.json<{ unreadCount: number }>().unreadCount;
}

describe('notifier.notifyCompany', () => {
  let owner: CompanySession;
  let manager: CompanySession;
  let accountant: CompanySession;
  let fieldStaff: CompanySession;

  beforeAll(async () => {
    owner = await createCompany(app, { plan: 'enterprise' });
    manager = await addMember(app, owner, 'manager');
    accountant = await addMember(app, owner, 'accountant');
    fieldStaff = await addMember(app, owner, 'field_staff');
  });

  it('notifies every active member, with the company set on each notification', async () => {
    const created = await app.deps.notifier.notifyCompany(owner.companyId, input);
    expect(created.map((n) => n.userId).sort()).toEqual(
      [owner, manager, accountant, fieldStaff].map((s) => s.user._id).sort(),
    );
    for (const notification of created) {
      expect(notification).toMatchObject({
        companyId: owner.companyId,
        category: 'maintenance',
        type: 'maintenance.created',
        title: 'New maintenance request',
        link: '/dashboard/maintenance',
        priority: 'high',
        status: 'unread',
        data: { requestId: 'r-1' },
      });
    }
    expect(await unreadOf(accountant)).toBeGreaterThanOrEqual(1);
  });

  it('notifies only the given roles, and leaves out excluded users', async () => {
    const managersAndOwners = await app.deps.notifier.notifyCompany(owner.companyId, input, {
      roles: ['owner', 'manager'],
    });
    expect(managersAndOwners.map((n) => n.userId).sort()).toEqual([owner.user._id, manager.user._id].sort());

    const notTheActor = await app.deps.notifier.notifyCompany(owner.companyId, input, {
      roles: ['owner', 'manager'],
      excludeUserIds: [owner.user._id],
    });
    expect(notTheActor.map((n) => n.userId)).toEqual([manager.user._id]);

    expect(await app.deps.notifier.notifyCompany(owner.companyId, input, { roles: ['designer'] })).toEqual(
      [],
    );
  });

  it('leaves out deactivated memberships and deactivated accounts', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const inactiveMember = await addMember(app, company, 'manager');
    const inactiveAccount = await addMember(app, company, 'manager');
    const active = await addMember(app, company, 'manager');
    const deactivate = await call(
      app,
      'PUT',
      `/api/companies/${company.companyId}/users/${inactiveMember.user._id}`,
      { token: company.token, companyId: company.companyId, body: { isActive: false } },
    );
    expect(deactivate.statusCode).toBe(200);
    await app.deps.db.update(users).set({ isActive: false }).where(eq(users.id, inactiveAccount.user._id));

    const created = await app.deps.notifier.notifyCompany(company.companyId, input, { roles: ['manager'] });
    expect(created.map((n) => n.userId)).toEqual([active.user._id]);
  });

  it("never reaches another company's members", async () => {
    const other = await createCompany(app);
    const created = await app.deps.notifier.notifyCompany(other.companyId, input);
    expect(created.map((n) => n.userId)).toEqual([other.user._id]);
    expect(created.map((n) => n.userId)).not.toContain(owner.user._id);
  });
});

describe('notifier.notifyUser and notifyUsers', () => {
  it('answers null and stores nothing for an unknown or deactivated account', async () => {
    expect(await app.deps.notifier.notifyUser(uuidv7(), input)).toBeNull();
    const gone = await signUp(app);
    await app.deps.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user._id));
    expect(await app.deps.notifier.notifyUser(gone.user._id, input)).toBeNull();
  });

  it('notifies each distinct active user once, defaulting priority, link, data and company', async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    const created = await app.deps.notifier.notifyUsers(
      [ada.user._id, bob.user._id, ada.user._id, uuidv7()],
      {
        category: 'account',
        type: 'account.welcome',
        title: 'Welcome',
        message: 'Hello',
      },
    );
    expect(created.map((n) => n.userId).sort()).toEqual([ada.user._id, bob.user._id].sort());
    expect(created[0]).toMatchObject({ priority: 'normal', link: null, data: null, companyId: null });
    expect(await unreadOf(ada)).toBe(1);
  });
});

describe('notifier.onNotified', () => {
  it('reports every delivery of a call at once, and stops after the listener is removed', async () => {
    const owner = await createCompany(app);
    const manager = await addMember(app, owner, 'manager');
    const batches: NotificationDelivery[][] = [];
    const stop = app.deps.notifier.onNotified((deliveries) => {
      if (deliveries.some((d) => d.companyId === owner.companyId)) batches.push(deliveries);
    });
    try {
      const created = await app.deps.notifier.notifyCompany(owner.companyId, input);
      expect(batches).toHaveLength(1);
      expect(batches[0]!.map((d) => d.notificationId).sort()).toEqual(created.map((n) => n._id).sort());
      expect(batches[0]!.find((d) => d.recipientId === manager.user._id)).toEqual({
        channel: 'in_app',
        recipientId: manager.user._id,
        companyId: owner.companyId,
        notificationId: expect.any(String),
        category: 'maintenance',
        template: 'maintenance.created',
        title: 'New maintenance request',
        status: 'sent',
        error: null,
        at: expect.any(Date),
      });
    } finally {
      stop();
    }
    await app.deps.notifier.notifyCompany(owner.companyId, input);
    expect(batches).toHaveLength(1);
  });

  it('reports a failed delivery with its error, and rethrows it to the caller', async () => {
    const ada = await signUp(app);
    const missingCompany = uuidv7();
    const failures: NotificationDelivery[] = [];
    const stop = app.deps.notifier.onNotified((deliveries) => {
      failures.push(...deliveries.filter((d) => d.companyId === missingCompany));
    });
    try {
      await expect(
        app.deps.notifier.notifyUser(ada.user._id, { ...input, companyId: missingCompany }),
      ).rejects.toThrow();
    } finally {
      stop();
    }
    expect(failures).toEqual([
      expect.objectContaining({
        recipientId: ada.user._id,
        notificationId: null,
        status: 'failed',
        error: expect.any(String),
      }),
    ]);
    expect(await unreadOf(ada)).toBe(0);
  });

  it('keeps concurrent calls apart: one with a bad row fails alone, the others are stored and reported', async () => {
    const people = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    const missingCompany = uuidv7();
    const reported: NotificationDelivery[] = [];
    const stop = app.deps.notifier.onNotified((deliveries) => {
      reported.push(...deliveries.filter((d) => people.some((person) => person.user._id === d.recipientId)));
    });
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      outcomes = await Promise.allSettled(
        people.map((person, index) =>
          app.deps.notifier.notifyUser(person.user._id, {
            ...input,
            companyId: index === 1 ? missingCompany : null,
          }),
        ),
      );
    } finally {
      stop();
    }
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await Promise.all(people.map(unreadOf))).toEqual([1, 0, 1]);
    expect(reported.map((d) => `${d.recipientId}:${d.status}`).sort()).toEqual(
      people.map((person, index) => `${person.user._id}:${index === 1 ? 'failed' : 'sent'}`).sort(),
    );
  });

  it('still delivers when a listener throws', async () => {
    const ada = await signUp(app);
    const stop = app.deps.notifier.onNotified(async () => {
      throw new Error('logging is down');
    });
    try {
      expect(await app.deps.notifier.notifyUser(ada.user._id, input)).toMatchObject({ userId: ada.user._id });
    } finally {
      stop();
    }
    expect(await unreadOf(ada)).toBe(1);
  });
});

describe('seedNotificationDemo', () => {
  it('gives each demo account welcome notifications once, one of them read, and nobody else any', async () => {
    const email = `owner-${uuidv7()}@${DEMO_COMPANY_DOMAINS.professional}`;
    const registered = await call(app, 'POST', '/api/auth/register-company', {
      body: {
        company: { name: 'Seeded Demo Co' },
        owner: { firstName: 'Demo', lastName: 'Owner', email, password: 'Password123!' },
      },
    });
    expect(registered.statusCode).toBe(201);
    const demoOwner = registered.json<{ data: { token: string } }>().data;
    const outsider = await signUp(app);

    await seedNotificationDemo(app.deps.db);
    await seedNotificationDemo(app.deps.db);

    const response = await call(app, 'GET', '/api/inapp-notifications/user', { token: demoOwner.token });
    const body = response.json<{
      data: { status: string; type: string; title: string }[];
      unreadCount: number;
    }>();
    expect(body.data.map((n) => n.type).sort()).toEqual([
      'account.profile_tip',
      'account.welcome',
      'company.joined',
    ]);
    expect(body.unreadCount).toBe(2);
    expect(body.data.find((n) => n.type === 'company.joined')!.title).toBe('You are part of Seeded Demo Co');
    expect(await unreadOf(outsider)).toBe(0);
  });
});
