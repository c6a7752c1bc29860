import type { LateFeeEffectiveQuery, LateFeeRuleListQuery, LateFeeScope } from '@rentora/shared';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { offsetOf } from '../../core/http';
import { runPage } from '../../core/page-totals';
import { COUNT_BOUND } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import {
  boundedCountQuery,
  pageCountColumn,
  pageLimit,
  pageOffset,
  statementsByShape,
} from '../../core/statements';
import type { DbOrTx, Tx } from '../../db/client';
import {
  invoices,
  lateFeeCharges,
  lateFeeRules,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';

export type LateFeeRuleRow = typeof lateFeeRules.$inferSelect;
/** What a rule's DTO shows (not when it was closed, nor who wrote it when). */
export type LateFeeRuleTerms = Omit<LateFeeRuleRow, 'supersededAt' | 'createdBy' | 'createdAt'>;
export type LateFeeChargeRow = typeof lateFeeCharges.$inferSelect;
export type InvoiceRowForCharge = typeof invoices.$inferSelect;

/** The rule in force for a scope's target: company (target = company id), property or tenancy. */
function targetCondition(scope: LateFeeScope, targetId: string): SQL {
  if (scope === 'property') return eq(lateFeeRules.propertyId, targetId);
  if (scope === 'tenancy') return eq(lateFeeRules.tenancyId, targetId);
  return sql`true`;
}

/** Closes the version in force of a scope's target (PUT replaces it, DELETE removes it); answers the closed row. */
export async function supersedeCurrent(
  tx: Tx,
  companyId: string,
  scope: LateFeeScope,
  targetId: string,
  at: Date,
): Promise<LateFeeRuleRow | undefined> {
  const [closed] = await tx
    .update(lateFeeRules)
    .set({ supersededAt: at })
    .where(
      and(
        eq(lateFeeRules.companyId, companyId),
        eq(lateFeeRules.scope, scope),
        targetCondition(scope, targetId),
        isNull(lateFeeRules.supersededAt),
      ),
    )
    .returning();
  return closed;
}

export async function insertRule(tx: Tx, values: typeof lateFeeRules.$inferInsert): Promise<LateFeeRuleRow> {
  const [row] = await tx.insert(lateFeeRules).values(values).returning();
  return row!;
}

/** A rule in force of the company, under its row lock when `lock`. */
export async function currentRuleOfCompany(conn: DbOrTx, companyId: string, id: string, lock = false) {
  const query = conn
    .select()
    .from(lateFeeRules)
    .where(
      and(eq(lateFeeRules.id, id), eq(lateFeeRules.companyId, companyId), isNull(lateFeeRules.supersededAt)),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function propertyExists(conn: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.companyId, companyId)));
  return !!row;
}

export async function tenancyExists(conn: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: rentalUnitUsers.id })
    .from(rentalUnitUsers)
    .where(and(eq(rentalUnitUsers.id, id), eq(rentalUnitUsers.companyId, companyId)));
  return !!row;
}

/** The names a rule's scope shows: the property, or the tenant and their unit. */
const ruleNameColumns = {
  propertyName: properties.name,
  firstName: users.firstName,
  lastName: users.lastName,
  unitNumber: rentalUnits.unitNumber,
};

export type NamedRule = { rule: LateFeeRuleRow } & {
  propertyName: string | null;
  firstName: string | null;
  lastName: string | null;
  unitNumber: string | null;
};

/** Rules with the names of what they are for, and `extra` columns (a page's count). */
function namedRules<Extra extends Record<string, SQL>>(conn: DbOrTx, extra?: Extra) {
  return conn
    .select({ rule: lateFeeRules, ...ruleNameColumns, ...(extra as Extra) })
    .from(lateFeeRules)
    .leftJoin(properties, eq(properties.id, lateFeeRules.propertyId))
    .leftJoin(rentalUnitUsers, eq(rentalUnitUsers.id, lateFeeRules.tenancyId))
    .leftJoin(users, eq(users.id, rentalUnitUsers.userId))
    .leftJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId));
}

export async function namedRule(conn: DbOrTx, id: string): Promise<NamedRule | undefined> {
  const [row] = await namedRules(conn).where(eq(lateFeeRules.id, id));
  return row;
}

/** Which filters a late-fee list request uses: one statement per shape, built once (core/statements.ts). */
interface RuleListShape {
  /** Rules of one scope only (company, property or tenancy). */
  scope: boolean;
  sortOrder: 'asc' | 'desc';
}

function ruleListWhere(shape: RuleListShape): SQL | undefined {
  return and(
    eq(lateFeeRules.companyId, sql.placeholder('companyId')),
    isNull(lateFeeRules.supersededAt),
    shape.scope ? eq(lateFeeRules.scope, sql.placeholder('scope')) : undefined,
  );
}

/** A page of the rules in force with their names, and the bounded count in the same statement. */
const rulePage = statementsByShape((db, shape: RuleListShape) => {
  const where = ruleListWhere(shape);
  const order = shape.sortOrder === 'asc' ? asc : desc;
  return namedRules(db, {
    total: pageCountColumn(db, lateFeeRules, where, { bound: COUNT_BOUND, searches: false }),
  })
    .where(where)
    .orderBy(
      sql`case ${lateFeeRules.scope} when 'company' then 0 when 'property' then 1 else 2 end`,
      order(lateFeeRules.createdAt),
      order(lateFeeRules.id),
    )
    .limit(pageLimit())
    .offset(pageOffset());
});

const ruleCount = statementsByShape((db, shape: RuleListShape) =>
  boundedCountQuery(db, lateFeeRules, ruleListWhere(shape), COUNT_BOUND),
);

/** GET /collections/late-fee-rules: the rules in force, company first, then overrides newest first. */
export async function listCurrentRules(db: DbOrTx, companyId: string, query: LateFeeRuleListQuery) {
  const shape: RuleListShape = { scope: Boolean(query.scope), sortOrder: query.sortOrder };
  const offset = offsetOf(query.page, query.limit);
  const values = { companyId, scope: query.scope, limit: query.limit, offset };
  const { rows, count } = await runPage({ page: rulePage(db, shape), count: ruleCount(db, shape) }, values);
  return { rows, count };
}

const tenancyRule = alias(lateFeeRules, 'tenancy_rule');
const propertyRule = alias(lateFeeRules, 'property_rule');
const companyRule = alias(lateFeeRules, 'company_rule');

/** The columns of LateFeeRuleTerms of one level's rule. */
function termsColumns(rule: typeof tenancyRule | typeof propertyRule | typeof companyRule) {
  const {
    supersededAt: _supersededAt,
    createdBy: _createdBy,
    createdAt: _createdAt,
    ...terms
  } = getTableColumns(rule);
  return terms;
}

/** Which filters an effective-rules request uses: one statement per shape, built once. */
interface EffectiveShape {
  /** The tenancies of one property only. */
  propertyId: boolean;
  sortOrder: 'asc' | 'desc';
}

function effectiveWhere(shape: EffectiveShape): SQL | undefined {
  return and(
    eq(rentalUnitUsers.companyId, sql.placeholder('companyId')),
    eq(rentalUnitUsers.status, 'current'),
    shape.propertyId ? eq(rentalUnitUsers.propertyId, sql.placeholder('propertyId')) : undefined,
  );
}

/** The rule of `scope` in force in the company (with `target`: the one of that property or tenancy); scope a constant. */
function ruleInForce(
  rule: typeof tenancyRule | typeof propertyRule | typeof companyRule,
  scope: LateFeeScope,
  target?: SQL,
): SQL | undefined {
  return and(
    eq(rule.companyId, sql.placeholder('companyId')),
    sql`${rule.scope} = ${sql.raw(`'${scope}'`)}`,
    target,
    isNull(rule.supersededAt),
  );
}

/**
 * A page of current tenancies with the rule in force at each level, and the bounded count in the same statement. The
 * scopes are written as constants, not bound: a generic plan can then look each rule up through its scope's partial
 * unique index (late_fee_rules_tenancy_uq …) instead of filtering every current rule of the scope for each tenancy.
 */
const effectiveRulesPage = statementsByShape((db, shape: EffectiveShape) => {
  const where = effectiveWhere(shape);
  const order = shape.sortOrder === 'asc' ? asc : desc;
  return mappedRows(
    db
      .select({
        tenancyId: rentalUnitUsers.id,
        propertyId: rentalUnitUsers.propertyId,
        firstName: users.firstName,
        lastName: users.lastName,
        propertyName: properties.name,
        unitNumber: rentalUnits.unitNumber,
        tenancyRule: termsColumns(tenancyRule),
        propertyRule: termsColumns(propertyRule),
        companyRule: termsColumns(companyRule),
        total: pageCountColumn(db, rentalUnitUsers, where, { bound: COUNT_BOUND, searches: false }),
      })
      .from(rentalUnitUsers)
      .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
      .innerJoin(properties, eq(properties.id, rentalUnitUsers.propertyId))
      .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
      .leftJoin(
        tenancyRule,
        ruleInForce(tenancyRule, 'tenancy', eq(tenancyRule.tenancyId, rentalUnitUsers.id)),
      )
      .leftJoin(
        propertyRule,
        ruleInForce(propertyRule, 'property', eq(propertyRule.propertyId, rentalUnitUsers.propertyId)),
      )
      .leftJoin(companyRule, ruleInForce(companyRule, 'company'))
      .where(where)
      .orderBy(order(rentalUnitUsers.createdAt), order(rentalUnitUsers.id))
      .limit(pageLimit())
      .offset(pageOffset()),
  );
});

const effectiveCount = statementsByShape((db, shape: EffectiveShape) =>
  boundedCountQuery(db, rentalUnitUsers, effectiveWhere(shape), COUNT_BOUND),
);

/**
 * GET /collections/late-fee-rules/effective: a page of the company's current tenancies with the rules in force at
 * each level (one index lookup each through the partial unique indexes); the service picks the most specific.
 */
export async function effectivePage(db: DbOrTx, companyId: string, query: LateFeeEffectiveQuery) {
  const shape: EffectiveShape = { propertyId: Boolean(query.propertyId), sortOrder: query.sortOrder };
  const offset = offsetOf(query.page, query.limit);
  const values = { companyId, propertyId: query.propertyId, limit: query.limit, offset };
  const { rows, count } = await runPage(
    { page: effectiveRulesPage(db, shape), count: effectiveCount(db, shape) },
    values,
  );
  return { rows, count };
}

// ---------- the daily charge ----------

/** Companies with any late-fee rule version (old invoices may follow a version no longer in force). */
export async function companiesWithRules(conn: DbOrTx): Promise<string[]> {
  const rows = await conn.selectDistinct({ companyId: lateFeeRules.companyId }).from(lateFeeRules);
  return rows.map((r) => r.companyId);
}

export async function ruleVersionsOf(conn: DbOrTx, companyId: string): Promise<LateFeeRuleRow[]> {
  return conn
    .select()
    .from(lateFeeRules)
    .where(eq(lateFeeRules.companyId, companyId))
    .orderBy(asc(lateFeeRules.effectiveFrom));
}

/** When an invoice was issued, for the rules it follows (sent_at and created_at for rows older than issued_at). */
export const issuedAtSql = sql<Date>`coalesce(${invoices.issuedAt}, ${invoices.sentAt}, ${invoices.createdAt})`;

/**
 * Claims the next batch (by id after `after`) of the company's open invoices that may owe a late fee on `date`:
 * issued since the first rule, due before `dueBefore`, with a balance, and without a charge already closed or
 * brought up to `date`. Rows another process holds are skipped (it is charging them).
 */
export async function claimBatch(
  tx: Tx,
  companyId: string,
  options: { date: string; dueBefore: string; issuedSince: Date; after: string | null; limit: number },
) {
  return tx
    .select({ invoice: invoices, issuedAt: issuedAtSql, charge: lateFeeCharges })
    .from(invoices)
    .leftJoin(lateFeeCharges, eq(lateFeeCharges.invoiceId, invoices.id))
    .where(
      and(
        eq(invoices.companyId, companyId),
        inArray(invoices.status, ['sent', 'partially_paid']),
        sql`${invoices.dueDate} < ${options.dueBefore}`,
        sql`(${invoices.total} - ${invoices.creditedAmount} - ${invoices.amountPaid}) > 0`,
        sql`${issuedAtSql} >= ${options.issuedSince.toISOString()}`,
        options.after ? gt(invoices.id, options.after) : undefined,
        or(
          isNull(lateFeeCharges.id),
          and(eq(lateFeeCharges.closed, false), sql`${lateFeeCharges.accruedThrough} < ${options.date}`),
        ),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(options.limit)
    .for('update', { of: invoices, skipLocked: true });
}

export async function insertCharge(tx: Tx, values: typeof lateFeeCharges.$inferInsert): Promise<void> {
  await tx.insert(lateFeeCharges).values(values);
}

export async function updateCharge(
  tx: Tx,
  id: string,
  values: Partial<typeof lateFeeCharges.$inferInsert>,
): Promise<void> {
  await tx.update(lateFeeCharges).set(values).where(eq(lateFeeCharges.id, id));
}

export async function chargeOfInvoice(conn: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await conn
    .select()
    .from(lateFeeCharges)
    .where(and(eq(lateFeeCharges.invoiceId, invoiceId), eq(lateFeeCharges.companyId, companyId)));
  return row;
}
