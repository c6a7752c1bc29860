import { and, asc, eq, inArray, like, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS, DEMO_SUPER_ADMIN } from '../../db/demo';
import { companies, companyUsers, notifications, users } from '../../db/schema';
import type { NewNotification } from './notifications.repo';

const MINUTE = 60_000;

/** The accounts seedDemoData creates: its two company domains, its tenant and its super admin. */
function isDemoAccount() {
  const email = sql<string>`lower(${users.email})`;
  return or(
    ...Object.values(DEMO_COMPANY_DOMAINS).map((domain) => like(email, `%@${domain}`)),
    eq(email, 'tenant@rentora.test'),
    eq(email, DEMO_SUPER_ADMIN.email),
  );
}

/**
 * Welcome notifications for the demo accounts (seed.ts): two or three each, one of them already read,
 * so that the bell, the list filters and mark-read have something to show on a fresh database.
 */
export async function seedNotificationDemo(db: Db): Promise<void> {
  const accounts = await db
    .select({ id: users.id, firstName: users.firstName, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        isDemoAccount(),
        // Idempotent: an account that already has notifications is left alone.
        notExists(db.select({ one: sql`1` }).from(notifications).where(eq(notifications.userId, users.id))),
      ),
    )
    .orderBy(asc(users.createdAt));
  if (accounts.length === 0) return;
  const memberships = await db
    .select({ userId: companyUsers.userId, companyId: companies.id, companyName: companies.name })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(
      inArray(
        companyUsers.userId,
        accounts.map((account) => account.id),
      ),
    )
    .orderBy(asc(companyUsers.joinedAt));
  const firstCompany = new Map<string, { companyId: string; companyName: string }>();
  for (const membership of memberships) {
    if (!firstCompany.has(membership.userId)) firstCompany.set(membership.userId, membership);
  }

  const now = Date.now();
  const rows: NewNotification[] = [];
  for (const account of accounts) {
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
    rows.push({
      userId: account.id,
      category: 'system',
      type: 'account.welcome',
      title: `Welcome to Rentora, ${account.firstName}!`,
      message: 'Your account is ready. Notifications about your work will show up here.',
      link: null,
      status: 'read',
      readAt: at(60),
      createdAt: at(180),
    });
    const company = firstCompany.get(account.id);
    if (company) {
      rows.push({
        userId: account.id,
        companyId: company.companyId,
        category: 'company',
        type: 'company.joined',
        title: `You are part of ${company.companyName}`,
        message: `You can now work with ${company.companyName}'s properties, tenants and requests.`,
        link: '/dashboard',
        createdAt: at(120),
      });
      rows.push({
        userId: account.id,
        companyId: company.companyId,
        category: 'account',
        type: 'account.profile_tip',
        title: 'Complete your profile',
        message: 'Add a phone number and a photo so that your team recognises you.',
        link: '/dashboard/profile',
        priority: 'low',
        createdAt: at(60),
      });
    } else if (account.role === 'tenant') {
      rows.push({
        userId: account.id,
        category: 'property',
        type: 'tenant.explore',
        title: 'Find your next home',
        message: 'Browse available units and send a booking request in a few clicks.',
        link: '/tenant/properties',
        createdAt: at(60),
      });
    } else {
      rows.push({
        userId: account.id,
        category: 'system',
        type: 'admin.platform_ready',
        title: 'The platform is ready',
        message: 'Companies, plans and users can be managed from the administration area.',
        link: '/dashboard/admin',
        createdAt: at(60),
      });
    }
  }
  await db.insert(notifications).values(rows);
}
