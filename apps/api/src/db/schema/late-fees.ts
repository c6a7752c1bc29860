import type { LateFeeScope, LateFeeType } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { invoices } from './invoices';
import { properties, rentalUnitUsers } from './properties';

const LATE_FEE_SCOPES = ['company', 'property', 'tenancy'] as const satisfies readonly LateFeeScope[];
const LATE_FEE_TYPES = ['fixed', 'percent', 'daily_interest'] as const satisfies readonly LateFeeType[];

/**
 * Late-fee rules at three levels (company default, property override, tenancy override; the most specific wins).
 * Rows are versions: a PUT closes the version in force (`supersededAt`) and inserts the next, a DELETE closes it.
 * An invoice follows the versions that were in force when it was issued (`invoices.issued_at`), so a rule applies
 * only to invoices issued after it was set and a later change never rewrites the terms of an earlier invoice.
 */
export const lateFeeRules = pgTable(
  'late_fee_rules',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scope: text({ enum: LATE_FEE_SCOPES }).notNull(),
    propertyId: uuid().references(() => properties.id, { onDelete: 'cascade' }),
    tenancyId: uuid().references(() => rentalUnitUsers.id, { onDelete: 'cascade' }),
    /** Days after the due date before the fee applies (and before daily interest starts to accrue). */
    graceDays: integer().notNull().default(0),
    type: text({ enum: LATE_FEE_TYPES }).notNull(),
    /** `fixed`: paise. */
    amount: integer().notNull().default(0),
    /** `percent`: basis points of the balance (250 = 2.5 %). */
    percentBp: integer().notNull().default(0),
    /** `daily_interest`: basis points a year (1800 = 18 % p.a.). */
    annualRateBp: integer().notNull().default(0),
    /** The most the fee may reach on one invoice, paise; null = no cap. */
    cap: integer(),
    effectiveFrom: timestamp({ withTimezone: true }).defaultNow().notNull(),
    supersededAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'late_fee_rules_scope_ck',
      sql`(scope = 'company' and property_id is null and tenancy_id is null)
        or (scope = 'property' and property_id is not null and tenancy_id is null)
        or (scope = 'tenancy' and tenancy_id is not null and property_id is null)`,
    ),
    /** One rule in force per company, property and tenancy. */
    uniqueIndex('late_fee_rules_company_uq')
      .on(t.companyId)
      .where(sql`scope = 'company' and superseded_at is null`),
    uniqueIndex('late_fee_rules_property_uq')
      .on(t.companyId, t.propertyId)
      .where(sql`scope = 'property' and superseded_at is null`),
    uniqueIndex('late_fee_rules_tenancy_uq')
      .on(t.companyId, t.tenancyId)
      .where(sql`scope = 'tenancy' and superseded_at is null`),
    /** The list of rules in force (GET), by scope then newest first. */
    index('late_fee_rules_current_idx')
      .on(t.companyId, t.scope, t.createdAt, t.id)
      .where(sql`superseded_at is null`),
    /** The versions of a company (the daily charge reads them all once per company). */
    index('late_fee_rules_company_idx').on(t.companyId, t.effectiveFrom),
  ],
);

/**
 * The late fee of one invoice (unique per invoice): the rule version it follows, what is charged so far (the
 * amount of the invoice's late-fee line, before tax) and, for daily interest, the exact accrual (Σ balance × rate bp
 * × days, in paise·bp·days) through `accruedThrough`. Claimed under the invoice's row lock, so a day's run charges
 * once whatever the number of processes; `closed` once a fixed or percent fee is charged or the fee is waived.
 */
export const lateFeeCharges = pgTable(
  'late_fee_charges',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    ruleId: uuid()
      .notNull()
      .references(() => lateFeeRules.id, { onDelete: 'cascade' }),
    type: text({ enum: LATE_FEE_TYPES }).notNull(),
    amount: integer().notNull().default(0),
    accrual: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** The last business date charged (daily interest: accrued through). */
    accruedThrough: date({ mode: 'string' }).notNull(),
    closed: boolean().notNull().default(false),
    waivedAt: timestamp({ withTimezone: true }),
    waivedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    waiveReason: text(),
    /** The credit note that took the waived fee off an issued tax invoice. */
    creditNoteId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('late_fee_charges_invoice_uq').on(t.invoiceId),
    index('late_fee_charges_company_idx').on(t.companyId, t.createdAt),
  ],
);
