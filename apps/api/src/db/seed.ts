import { type CompanyRole, type Feature, type Limitations, ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../core/passwords';
import { seedBookingsDemo } from '../modules/bookings/bookings.seed';
import { seedChatDemo } from '../modules/chat/chat.seed';
import { seedCollectionsDemo } from '../modules/collections/collections.seed';
import { periodEnd, slugify } from '../modules/companies/companies.service';
import { seedTeamsDemo } from '../modules/invitations/invitations.seed';
import { seedInvoicesDemo } from '../modules/invoices/invoices.seed';
import { seedLateFeesDemo } from '../modules/late-fees/late-fees.seed';
import { seedLeadDemo } from '../modules/leads/leads.seed';
import { seedMaintenanceDemo } from '../modules/maintenance/maintenance.seed';
import { seedMetersDemo } from '../modules/meters/meters.seed';
import { seedNotificationDemo } from '../modules/notifications/notifications.seed';
import { seedInventoryDemo } from '../modules/properties/properties.seed';
import { seedTenantsDemo } from '../modules/tenants/tenants.seed';
import type { Db } from './client';
import { DEMO_COMPANY_DOMAINS, DEMO_SUPER_ADMIN } from './demo';
import { companies, companyUsers, plans, users } from './schema';

/** Everything an owner holds, analytics exports included (the demo owner exports reports). */
const PROFESSIONAL_FEATURES: Feature[] = [...ROLE_DEFAULT_FEATURES.owner];
const STARTER_FEATURES: Feature[] = ROLE_DEFAULT_FEATURES.owner.filter(
  (feature) =>
    !['payments_', 'invoices_', 'bookings_', 'analytics_', 'reports_'].some((prefix) =>
      feature.startsWith(prefix),
    ),
);

export const SEED_PLANS: {
  name: string;
  slug: string;
  description: string;
  price: number;
  featuresList: Feature[];
  limitations: Limitations;
  isDefault: boolean;
  sortOrder: number;
}[] = [
  {
    name: 'Starter',
    slug: 'starter',
    description: 'For small landlords getting organised: properties, units, tenants and maintenance.',
    price: 0,
    featuresList: STARTER_FEATURES,
    limitations: { maxPropertiesPerCompany: 3, maxUsersPerCompany: 5, maxRentalUnitsPerProperty: 20 },
    isDefault: true,
    sortOrder: 0,
  },
  {
    name: 'Professional',
    slug: 'professional',
    description: 'For growing teams: bookings, online payments, invoices and analytics.',
    price: 249_900,
    featuresList: PROFESSIONAL_FEATURES,
    limitations: { maxPropertiesPerCompany: 50, maxUsersPerCompany: 25, maxRentalUnitsPerProperty: 200 },
    isDefault: false,
    sortOrder: 1,
  },
  {
    name: 'Enterprise',
    slug: 'enterprise',
    description: 'Every feature and no limits, for large portfolios.',
    price: 999_900,
    featuresList: [],
    limitations: { maxPropertiesPerCompany: -1, maxUsersPerCompany: -1, maxRentalUnitsPerProperty: -1 },
    isDefault: false,
    sortOrder: 2,
  },
];

export const DEMO_PASSWORD = 'Password123!';

/** Plans exist on every database; they are seeded once and then edited by the super admin. */
export async function ensurePlans(db: Db): Promise<void> {
  const [row] = await db.select({ total: count() }).from(plans);
  if ((row?.total ?? 0) > 0) return;
  await db.insert(plans).values(SEED_PLANS).onConflictDoNothing();
}

/** SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD: that account exists and is a super admin. */
export async function ensureSuperAdmin(db: Db, account: { email: string; password: string }): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${account.email.toLowerCase()}`);
  if (existing) {
    await db.update(users).set({ role: 'super_admin', isActive: true }).where(eq(users.id, existing.id));
    return;
  }
  await db.insert(users).values({
    email: account.email.toLowerCase(),
    passwordHash: await hashPassword(account.password),
    firstName: 'Super',
    lastName: 'Admin',
    role: 'super_admin',
    isEmailVerified: true,
  });
}

const DEMO_STAFF: { role: CompanyRole; firstName: string; lastName: string; local: string }[] = [
  { role: 'owner', firstName: 'Olivia', lastName: 'Owner', local: 'owner' },
  { role: 'manager', firstName: 'Manish', lastName: 'Manager', local: 'manager' },
  { role: 'accountant', firstName: 'Asha', lastName: 'Accountant', local: 'accountant' },
  { role: 'designer', firstName: 'Dev', lastName: 'Designer', local: 'designer' },
  { role: 'maintenance_coordinator', firstName: 'Meera', lastName: 'Coordinator', local: 'maintenance' },
  { role: 'field_staff', firstName: 'Farhan', lastName: 'Field', local: 'fieldstaff' },
  { role: 'sales_agent', firstName: 'Sara', lastName: 'Sales', local: 'sales' },
  { role: 'customer_support', firstName: 'Chris', lastName: 'Support', local: 'support' },
];

/**
 * Demo data for an empty database: a super admin, two companies on different plans, one user per role.
 * `photosDir`: where the inventory's prebuilt pictures are (default: beside the bundle; modules/properties/demo-photos.ts).
 */
export async function seedDemoData(db: Db, options: { photosDir?: string } = {}): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(companies);
  if ((row?.total ?? 0) > 0) return false;

  await ensureSuperAdmin(db, DEMO_SUPER_ADMIN);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const planRows = await db.select().from(plans);
  const planBySlug = new Map(planRows.map((plan) => [plan.slug, plan]));

  await db.transaction(async (tx) => {
    async function createCompany(name: string, planSlug: string, city: string, ownerId: string) {
      const plan = planBySlug.get(planSlug)!;
      const now = new Date();
      const [company] = await tx
        .insert(companies)
        .values({
          name,
          slug: slugify(name),
          email: `hello@${planSlug === 'professional' ? DEMO_COMPANY_DOMAINS.professional : DEMO_COMPANY_DOMAINS.starter}`,
          phone: '+91 98765 43210',
          address: {
            line1: '12 MG Road',
            line2: '',
            city,
            state: 'Karnataka',
            postalCode: '560001',
            country: 'India',
          },
          ownerId,
          planId: plan.id,
          billingCycle: plan.billingCycle,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd(now, plan.billingCycle),
          featuresList: plan.featuresList,
          limitations: plan.limitations,
          isVerified: true,
          verifiedAt: now,
        })
        .returning();
      return company!;
    }

    async function createUser(email: string, firstName: string, lastName: string, role: 'user' | 'tenant') {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName,
          lastName,
          role,
          isEmailVerified: true,
          phone: '+91 90000 00000',
        })
        .returning();
      return user!;
    }

    const staff = [];
    for (const person of DEMO_STAFF) {
      staff.push({
        ...person,
        user: await createUser(
          `${person.local}@${DEMO_COMPANY_DOMAINS.professional}`,
          person.firstName,
          person.lastName,
          'user',
        ),
      });
    }
    const sunriseOwner = staff[0]!.user;
    const sunrise = await createCompany('Sunrise Estates', 'professional', 'Bengaluru', sunriseOwner.id);
    const harborOwner = await createUser(`owner@${DEMO_COMPANY_DOMAINS.starter}`, 'Harish', 'Harbor', 'user');
    const harbor = await createCompany('Harbor Homes', 'starter', 'Mumbai', harborOwner.id);

    await tx.insert(companyUsers).values([
      ...staff.map((person) => ({
        companyId: sunrise.id,
        userId: person.user.id,
        role: person.role,
        featurePermissions: ROLE_DEFAULT_FEATURES[person.role],
      })),
      {
        companyId: harbor.id,
        userId: harborOwner.id,
        role: 'owner' as const,
        featurePermissions: ROLE_DEFAULT_FEATURES.owner,
      },
      // Sunrise's owner also manages at Harbor, so the company switcher has something to switch.
      {
        companyId: harbor.id,
        userId: sunriseOwner.id,
        role: 'manager' as const,
        featurePermissions: ROLE_DEFAULT_FEATURES.manager,
      },
    ]);
    await tx.update(companies).set({ usageUsers: staff.length }).where(eq(companies.id, sunrise.id));
    await tx.update(companies).set({ usageUsers: 2 }).where(eq(companies.id, harbor.id));
    await createUser('tenant@rentora.test', 'Tara', 'Tenant', 'tenant');
  });
  await seedNotificationDemo(db);
  await seedLeadDemo(db);
  await seedTeamsDemo(db);
  await seedInventoryDemo(db, undefined, { photosDir: options.photosDir });
  await seedTenantsDemo(db);
  await seedChatDemo(db);
  await seedBookingsDemo(db);
  await seedMaintenanceDemo(db);
  await seedLateFeesDemo(db);
  await seedInvoicesDemo(db);
  await seedMetersDemo(db);
  await seedCollectionsDemo(db);
  return true;
}
