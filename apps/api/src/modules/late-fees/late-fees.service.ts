import {
  type LateFeeEffectiveDto,
  type LateFeeEffectiveQuery,
  type LateFeeRuleBody,
  type LateFeeRuleDto,
  type LateFeeRuleListQuery,
  type LateFeeWaiverDto,
  mostSpecificRule,
  percentToBp,
  type WaiveLateFeeBody,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { today } from '../../core/dates';
import { conflict, notFound } from '../../core/errors';
import { boundedPageOf } from '../../core/http';
import { type InvoicesService, lockInvoiceOfCompany } from '../invoices/invoices.service';
import { chargeLateFees, type LateFeeCharged } from './late-fees.charge';
import { scopeIdOf, scopeNameOf, toRuleDto } from './late-fees.dto';
import {
  chargeOfInvoice,
  currentRuleOfCompany,
  effectivePage,
  insertRule,
  type LateFeeRuleRow,
  type LateFeeRuleTerms,
  listCurrentRules,
  namedRule,
  propertyExists,
  supersedeCurrent,
  tenancyExists,
  updateCharge,
} from './late-fees.repo';

export type { LateFeeCharged } from './late-fees.charge';

type Deps = Pick<AppDeps, 'db'> & { invoices: Pick<InvoicesService, 'waiveLateFeeInTx'> };

const describeRule = (
  r: Pick<LateFeeRuleRow, 'type' | 'amount' | 'percentBp' | 'annualRateBp' | 'cap' | 'graceDays'>,
) =>
  `${r.type} ${r.type === 'fixed' ? r.amount : r.type === 'percent' ? `${r.percentBp}bp` : `${r.annualRateBp}bp p.a.`}` +
  ` after ${r.graceDays} days${r.cap === null ? '' : `, cap ${r.cap}`}`;

/**
 * Late fees: rules by company, property and tenancy (the most specific wins; each applies to invoices issued after
 * it was set), the daily charge (late-fees.charge.ts), and the waiver of an invoice's fee.
 */
export function createLateFeesService(deps: Deps) {
  const { db, invoices } = deps;

  async function ruleDto(id: string): Promise<LateFeeRuleDto> {
    const row = await namedRule(db, id);
    if (!row) throw notFound('Late-fee rule');
    return toRuleDto(row.rule, scopeNameOf(row));
  }

  /** PUT /collections/late-fee-rules: sets the rule of a scope (a new version; the one in force is closed). */
  async function setRule(ctx: CompanyContext, body: LateFeeRuleBody): Promise<LateFeeRuleDto> {
    const targetId = body.scope === 'company' ? ctx.companyId : body.scopeId!;
    if (body.scope === 'company' && body.scopeId && body.scopeId !== ctx.companyId) throw notFound('Company');
    const saved = await db.transaction(async (tx) => {
      if (body.scope === 'property' && !(await propertyExists(tx, ctx.companyId, targetId)))
        throw notFound('Property');
      if (body.scope === 'tenancy' && !(await tenancyExists(tx, ctx.companyId, targetId)))
        throw notFound('Tenant');
      const now = new Date();
      const previous = await supersedeCurrent(tx, ctx.companyId, body.scope, targetId, now);
      const rule = await insertRule(tx, {
        companyId: ctx.companyId,
        scope: body.scope,
        propertyId: body.scope === 'property' ? targetId : null,
        tenancyId: body.scope === 'tenancy' ? targetId : null,
        graceDays: body.graceDays,
        type: body.type,
        amount: body.type === 'fixed' ? body.amount! : 0,
        percentBp: body.type === 'percent' ? percentToBp(body.percent!) : 0,
        annualRateBp: body.type === 'daily_interest' ? percentToBp(body.annualRatePercent!) : 0,
        cap: body.cap ?? null,
        effectiveFrom: now,
        createdBy: ctx.userId,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'late_fee_rule.set',
        entityType: 'late_fee_rule',
        entityId: rule.id,
        summary: `${body.scope} late fee: ${describeRule(rule)}`,
        before: previous ? { id: previous.id, rule: describeRule(previous) } : null,
        after: { id: rule.id, rule: describeRule(rule) },
      });
      return rule;
    });
    return ruleDto(saved.id);
  }

  /** DELETE /collections/late-fee-rules/{id}: the rule stops applying to invoices issued from now on. */
  async function deleteRule(ctx: CompanyContext, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const rule = await currentRuleOfCompany(tx, ctx.companyId, id, true);
      if (!rule) throw notFound('Late-fee rule');
      await supersedeCurrent(tx, ctx.companyId, rule.scope, scopeIdOf(rule), new Date());
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'late_fee_rule.removed',
        entityType: 'late_fee_rule',
        entityId: rule.id,
        summary: `${rule.scope} late fee removed (${describeRule(rule)})`,
        before: { rule: describeRule(rule) },
      });
    });
  }

  async function listRules(ctx: CompanyContext, query: LateFeeRuleListQuery) {
    const { rows, count } = await listCurrentRules(db, ctx.companyId, query);
    return {
      data: rows.map((row) => toRuleDto(row.rule, scopeNameOf(row))),
      pagination: boundedPageOf(query.page, query.limit, count, rows.length),
    };
  }

  /** The rule each current tenancy's next invoices follow. */
  async function effective(ctx: CompanyContext, query: LateFeeEffectiveQuery) {
    const { rows, count } = await effectivePage(db, ctx.companyId, query);
    const data: LateFeeEffectiveDto[] = rows.map((row) => {
      const tenantName = `${row.firstName} ${row.lastName}`.trim();
      const rule = mostSpecificRule(
        [row.tenancyRule, row.propertyRule, row.companyRule].filter((r): r is LateFeeRuleTerms => r !== null),
      );
      const name =
        rule?.scope === 'tenancy'
          ? `${tenantName} (unit ${row.unitNumber})`
          : rule?.scope === 'property'
            ? row.propertyName
            : 'Company default';
      return {
        tenancyId: row.tenancyId,
        tenantName,
        propertyId: row.propertyId,
        propertyName: row.propertyName,
        unitNumber: row.unitNumber,
        rule: rule ? toRuleDto(rule, name) : null,
      };
    });
    return { data, pagination: boundedPageOf(query.page, query.limit, count, rows.length) };
  }

  /** POST /invoices/{id}/waive-late-fee */
  async function waive(
    ctx: CompanyContext,
    invoiceId: string,
    body: WaiveLateFeeBody,
  ): Promise<LateFeeWaiverDto> {
    return db.transaction(async (tx) => {
      const invoice = await lockInvoiceOfCompany(tx, ctx.companyId, invoiceId);
      if (!invoice) throw notFound('Invoice');
      const charge = await chargeOfInvoice(tx, ctx.companyId, invoiceId);
      if (charge?.waivedAt) throw conflict('The late fee of this invoice was waived already');
      const done = await invoices.waiveLateFeeInTx(tx, ctx, invoice, body.reason);
      if (charge)
        await updateCharge(tx, charge.id, {
          closed: true,
          waivedAt: new Date(),
          waivedBy: ctx.userId,
          waiveReason: body.reason,
          creditNoteId: done.creditNoteId,
        });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.late_fee_waived',
        entityType: 'invoice',
        entityId: invoice.id,
        summary: `${invoice.number}: late fee ${done.amount} waived${done.creditNoteId ? ' by credit note' : ''} — ${body.reason}`,
        before: {
          total: invoice.total,
          balance: invoice.total - invoice.creditedAmount - invoice.amountPaid,
        },
        after: {
          total: done.invoice.total,
          balance: done.invoice.total - done.invoice.creditedAmount - done.invoice.amountPaid,
          reason: body.reason,
          creditNoteId: done.creditNoteId,
        },
      });
      return { invoiceId: invoice.id, amount: done.amount, creditNoteId: done.creditNoteId };
    });
  }

  return {
    setRule,
    deleteRule,
    listRules,
    effective,
    waive,
    /**
     * Charges the late fees of business date `date` (default today in India) of every company, or of `companyId`
     * only (a company's own collections run); see late-fees.charge.ts.
     */
    charge: (date: string = today(), options: { companyId?: string } = {}): Promise<LateFeeCharged[]> =>
      chargeLateFees(db, date, options.companyId),
  };
}

export type LateFeesService = ReturnType<typeof createLateFeesService>;
