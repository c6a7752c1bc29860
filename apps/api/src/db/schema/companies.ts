import type { Address, Limitations } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './identity';

export const plans = pgTable(
  'plans',
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    price: integer().notNull().default(0),
    currency: text().notNull().default('INR'),
    billingCycle: text({ enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    featuresList: jsonb().$type<string[]>().notNull().default([]),
    limitations: jsonb().$type<Limitations>().notNull(),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('plans_slug_uq').on(t.slug)],
);

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull(),
    email: text(),
    phone: text(),
    website: text(),
    description: text(),
    logo: text(),
    address: jsonb().$type<Address>().notNull(),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    planId: uuid().references(() => plans.id, { onDelete: 'restrict' }),
    pendingPlanId: uuid().references(() => plans.id, { onDelete: 'set null' }),
    subscriptionStatus: text({ enum: ['active', 'cancelled', 'expired'] })
      .notNull()
      .default('active'),
    billingCycle: text({ enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    currentPeriodStart: timestamp({ withTimezone: true }).defaultNow().notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** Copied from the plan on subscription; the super admin may add or remove features per company. */
    featuresList: jsonb().$type<string[]>().notNull().default([]),
    limitations: jsonb().$type<Limitations>().notNull(),
    usageProperties: integer().notNull().default(0),
    usageUsers: integer().notNull().default(0),
    usageRentalUnits: integer().notNull().default(0),
    isVerified: boolean().notNull().default(false),
    verificationNotes: text(),
    verifiedAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    /** Company roles whose members must have two-factor sign-in on before using the company's routes. */
    require2faForRoles: jsonb().$type<string[]>().notNull().default([]),
    /** The IANA zone its dates and times are written in (pages, PDFs, emails, messages). */
    timeZone: text().notNull().default('Asia/Kolkata'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_slug_uq').on(t.slug),
    index('companies_created_idx').on(t.createdAt),
    index('companies_name_idx').on(sql`lower(${t.name})`),
    index('companies_verified_created_idx').on(t.isVerified, t.createdAt),
  ],
);

export const companyUsers = pgTable(
  'company_users',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({
      enum: [
        'owner',
        'manager',
        'accountant',
        'designer',
        'maintenance_coordinator',
        'field_staff',
        'sales_agent',
        'customer_support',
      ],
    }).notNull(),
    featurePermissions: jsonb().$type<string[]>().notNull().default([]),
    permissions: jsonb().$type<{ module: string; actions: string[] }[]>().notNull().default([]),
    isActive: boolean().notNull().default(true),
    designation: text(),
    department: text(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_users_company_user_uq').on(t.companyId, t.userId),
    index('company_users_user_idx').on(t.userId, t.isActive, t.joinedAt),
    index('company_users_company_role_idx').on(t.companyId, t.role),
    index('company_users_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
